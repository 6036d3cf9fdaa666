import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import zlib from 'node:zlib';
import react from '@vitejs/plugin-react';
import Fastify from 'fastify';
import { build } from 'vite';
import { buildApp } from '../server/app';
import { benchConfig } from './benchApp';
import { registerWebApp } from '../server/webApp';
import { precompress } from '../vite.config';
import { launchChromium } from './browser';

interface Load {
  ms: number;
  /** JavaScript fetched before the sign-in form could be typed in, gzip-compressed as a server sends it. */
  jsGzipBytes: number;
}

const RUNS = 7;

/**
 * First load (issue 16 point 4): from opening the address to a sign-in form one can type in, in Chromium with a
 * cold cache, opened at the sign-in address, Laurel against a bare react-admin app (bench/bareAdmin) built with the same versions in the same
 * run. Prints the median time and the JavaScript bytes (gzip) each needed, and their ratios.
 */
export async function firstLoadBench(): Promise<void> {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'laurel-firstload-'));
  const oursRoot = path.join(work, 'ours');
  const bareRoot = path.join(work, 'bare');
  await build({ logLevel: 'error', build: { outDir: oursRoot, emptyOutDir: true } });
  await build({
    configFile: false,
    logLevel: 'error',
    root: path.resolve('bench/bareAdmin'),
    plugins: [react(), precompress()],
    build: { outDir: bareRoot, emptyOutDir: true },
  });

  const laurel = await buildApp(benchConfig(path.join(work, 'data'), { WEB_ROOT: oursRoot }), { logger: false });
  const oursUrl = await laurel.listen({ port: 0, host: '127.0.0.1' });
  const bare = Fastify();
  // served as Laurel serves its own files: precompressed twins, the same cache headers
  registerWebApp(bare, bareRoot);
  const bareUrl = await bare.listen({ port: 0, host: '127.0.0.1' });

  const browser = await launchChromium();
  const gzipSize = new Map<string, number>();
  const jsBytes = (root: string, urls: string[]) =>
    urls.reduce((sum, url) => {
      const file = path.join(root, new URL(url).pathname);
      if (!gzipSize.has(file)) gzipSize.set(file, zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length);
      return sum + (gzipSize.get(file) ?? 0);
    }, 0);

  async function load(baseUrl: string, root: string, form: string): Promise<Load> {
    const context = await browser.newContext();
    const page = await context.newPage();
    const scripts: string[] = [];
    page.on('response', (response) => {
      if (response.url().endsWith('.js')) scripts.push(response.url());
    });
    // nothing leaves the machine (react-admin's default sign-in page asks for an outside background picture)
    await context.route(/^https?:\/\/(?!127\.0\.0\.1)/, (route) => route.abort());
    const start = performance.now();
    await page.goto(baseUrl, { waitUntil: 'commit' });
    await page.locator(form).first().waitFor({ state: 'visible' });
    await page.locator(form).first().fill('someone@example.org');
    const ms = performance.now() - start;
    await context.close();
    return { ms, jsGzipBytes: jsBytes(root, scripts) };
  }

  try {
    const ours: Load[] = [];
    const baseline: Load[] = [];
    for (let run = 0; run < RUNS + 1; run += 1) {
      // interleaved, the first pair only warms the browser up
      // both opened at their sign-in address: react-admin's own redirect from a guessed list to its sign-in
      // page takes seconds of its own that no user of ours meets
      const a = await load(`${oursUrl}/login`, oursRoot, 'input[type="email"], input[name="email"]');
      const b = await load(`${bareUrl}/#/login`, bareRoot, 'input[name="username"]');
      if (run > 0) {
        ours.push(a);
        baseline.push(b);
      }
    }
    const median = (loads: Load[]) => [...loads].sort((x, y) => x.ms - y.ms)[Math.floor(loads.length / 2)];
    const o = median(ours);
    const b = median(baseline);
    console.info(
      `first load: ours ${o.ms.toFixed(0)} ms with ${(o.jsGzipBytes / 1024).toFixed(0)} KB of JavaScript (gzip), ` +
        `bare react-admin ${b.ms.toFixed(0)} ms with ${(b.jsGzipBytes / 1024).toFixed(0)} KB; ` +
        `ratio ${(o.ms / b.ms).toFixed(2)} in time, ${(o.jsGzipBytes / b.jsGzipBytes).toFixed(2)} in bytes (target ≤ 1.15)`,
    );
  } finally {
    await browser.close();
    await laurel.close();
    await bare.close();
    fs.rmSync(work, { recursive: true, force: true });
  }
}
