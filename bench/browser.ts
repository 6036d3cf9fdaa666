import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { build } from 'vite';
import { buildApp } from '../server/app';
import { benchConfig } from './benchApp';
import { startSmtpSink } from '../tests/support/smtpSink';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tests/support/chromium';

/** Debian's Chromium as the browser tests start it (see playwright.config.ts). */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
}

/**
 * What a browser bench measures against: the built web app served by a Laurel on SQLite in a folder of its own,
 * its mail caught over SMTP, and Chromium. `webRoot` reuses a build instead of building one.
 */
export async function startBrowserBench(name: string, webRoot?: string) {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), `laurel-${name}-`));
  const root = webRoot ? path.resolve(webRoot) : path.join(work, 'web');
  if (!webRoot) await build({ logLevel: 'error', build: { outDir: root, emptyOutDir: true } });
  const mailbox = await startSmtpSink();
  const app = await buildApp(
    benchConfig(path.join(work, 'data'), {
      WEB_ROOT: root,
      SMTP_URL: mailbox.url,
      LOGIN_RATE_PER_EMAIL: '1000',
      LOGIN_RATE_PER_CLIENT: '1000',
    }),
    { logger: false },
  );
  const baseURL = await app.listen({ port: 0, host: '127.0.0.1' });
  const browser = await launchChromium();
  return {
    app,
    baseURL,
    browser,
    mailbox,
    async close() {
      await browser.close();
      await app.close();
      await mailbox.close();
      fs.rmSync(work, { recursive: true, force: true });
    },
  };
}
