import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test as base, expect, type Page } from '@playwright/test';
import * as XLSX from 'xlsx';
import { AUTH_TOKEN_STORAGE_KEY } from '../../domain/auth';
import type { ExpirySettings } from '../../domain/expiry';
import { buildApp, type LaurelApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import type { LedgerChain } from '../../server/services/ledger/chain';
import { freePort } from '../support/freePort';
import { LOGIN_LINK, loginLinkIn, startSmtpSink } from '../support/smtpSink';

export interface Laurel {
  app: LaurelApp;
  baseURL: string;
  mailbox: Awaited<ReturnType<typeof startSmtpSink>>;
}

/**
 * One real Laurel per test, so that no test sees another's users, factors or data: the built web app (npm run build first) and the API on a free
 * port, a fresh SQLite data folder, and a real SMTP server on loopback that receives the mail.
 */
export const test = base.extend<{ laurel: Laurel; laurelChain: LedgerChain | null }>({
  // the EVM chain of the server (NFT_RPC_URL): none, unless a spec overrides it (nftChain.spec.ts)
  laurelChain: [null, { option: true }],
  laurel: [
    async ({ laurelChain }, use) => {
      // LAUREL_E2E_WEB_ROOT lets several builds live side by side (one per developer working in the same tree)
      const webRoot = path.resolve(process.env.LAUREL_E2E_WEB_ROOT ?? 'dist');
      if (!fs.existsSync(path.join(webRoot, 'index.html'))) throw new Error('build the web app first: npm run build');
      const mailbox = await startSmtpSink();
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'laurel-e2e-'));
      const port = await freePort();
      const baseURL = `http://127.0.0.1:${port}`;
      const config = loadConfig({
        DATA_DIR: dataDir,
        SMTP_URL: mailbox.url,
        WEB_ROOT: webRoot,
        PUBLIC_URL: baseURL,
        // the browser tests call webhook receivers they start on loopback
        WEBHOOK_ALLOWED_HOSTS: '127.0.0.1',
        // a test may sign the same person in several times; the limits have their own server tests
        LOGIN_RATE_PER_EMAIL: '1000',
        LOGIN_RATE_PER_CLIENT: '1000',
      });
      const app = await buildApp(config, { logger: false, chain: laurelChain });
      await app.listen({ port, host: '127.0.0.1' });
      await use({ app, baseURL, mailbox });
      await app.close();
      await mailbox.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
    { scope: 'test' },
  ],
  baseURL: async ({ laurel }, use) => use(laurel.baseURL),
});

export { expect };

/** Asks for a sign-in link on the login screen and opens the link that arrives over SMTP. */
export async function signInByMail(
  page: Page,
  laurel: Laurel,
  email: string,
  { acceptTerms = true, onboarding = false }: { acceptTerms?: boolean; onboarding?: boolean } = {},
): Promise<void> {
  if (!onboarding) await skipOnboarding(page, laurel, email);
  await page.goto('/login');
  await page.getByLabel(/email|e-mail|correo/i).fill(email);
  const before = laurel.mailbox.messages.length;
  await page.getByRole('button', { name: /sign-in link|lien de connexion|enlace de acceso/i }).click();
  await expect(page.getByRole('heading', { name: /inbox|boîte|bandeja/i })).toBeVisible();
  await expect.poll(() => laurel.mailbox.messages.length).toBeGreaterThan(before);
  const mail = await laurel.mailbox.waitFor(email, { since: before, matching: LOGIN_LINK });
  await page.goto(loginLinkIn(mail));
  // the link's page exchanges it for a session, then moves on (to /templates, or /login for the second factor)
  await page.waitForURL((url) => !/^\/login\/[A-Za-z0-9_-]{43}$/.test(url.pathname));
  if (acceptTerms) await acceptTermsIfAsked(page, laurel);
}

/**
 * The seeded issuer is a free trial, whose first sign-in meets the onboarding questionnaire and then the guided
 * tour (spec 000 sections 2.6 and 2.15). Unless a test asks for them (`onboarding: true`), signInByMail gets past
 * both as before: the user's issuer counts as onboarded and this browser has already closed the tour.
 */
export async function skipOnboarding(page: Page, laurel: Laurel, email: string): Promise<void> {
  await page.addInitScript(() => localStorage.setItem('laurel_tour_done', 'true'));
  const { db } = laurel.app.laurel;
  const user = await db.selectFrom('users').select('issuer_id').where('email', '=', email).executeTakeFirst();
  if (!user) return;
  const issuer = await db
    .selectFrom('issuers')
    .select('params')
    .where('id', '=', user.issuer_id)
    .executeTakeFirstOrThrow();
  const params = JSON.parse(issuer.params) as Record<string, unknown>;
  await db
    .updateTable('issuers')
    .set({ params: JSON.stringify({ ...params, onboarded: true }) })
    .where('id', '=', user.issuer_id)
    .execute();
}

/**
 * A signed-in user who has not yet accepted the terms meets the terms dialog over the first page (spec 000
 * section 2.3); the browser tests accept it as a person would. Nothing to do while the second factor is pending.
 */
export async function acceptTermsIfAsked(page: Page, laurel: Laurel): Promise<void> {
  if (new URL(page.url()).pathname === '/login') return;
  const token = await page.evaluate(() => localStorage.getItem('auth_token'));
  if (!token) return;
  const { uid } = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8')) as { uid: number };
  const user = await laurel.app.laurel.db
    .selectFrom('users')
    .select(['ok_cgu', 'ok_notice'])
    .where('id', '=', uid)
    .executeTakeFirstOrThrow();
  if (user.ok_cgu === 1 && user.ok_notice === 1) return;
  const dialog = page.getByRole('dialog', { name: /before you continue|avant de continuer|antes de continuar/i });
  await expect(dialog).toBeVisible();
  for (const box of await dialog.getByRole('checkbox').all()) await box.check();
  await dialog.getByRole('button', { name: /accept|accepter|aceptar/i }).click();
  await expect(dialog).toBeHidden();
}

/**
 * Signs `email` in for a test that is not about signing in, and opens the app at `at` (the landing page unless
 * told): the session comes through the real calls (sessionToken: login, the link that arrives over SMTP, exchange)
 * and the terms are accepted through theirs, so no login page nor terms dialog is drawn on the way. The sign-in
 * screens, the terms dialog and the onboarding have their own tests, which go through them (signInByMail).
 */
export async function signIn(
  page: Page,
  laurel: Laurel,
  email: string,
  { at = '/templates' }: { at?: string } = {},
): Promise<void> {
  await skipOnboarding(page, laurel, email);
  const token = await sessionToken(laurel, email);
  const terms = await fetch(`${laurel.baseURL}/api/admin/terms`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ terms: true, gprd: true }),
  });
  expect(terms.status, await terms.clone().text()).toBeLessThan(300);
  // the token is stored once per tab and per session, before the app's own script runs: a later sign-out in the
  // test stays signed out when the page is reloaded
  await page.addInitScript(
    ([key, value]) => {
      if (sessionStorage.getItem('laurel_e2e_session') === value) return;
      sessionStorage.setItem('laurel_e2e_session', value);
      localStorage.setItem(key, value);
    },
    [AUTH_TOKEN_STORAGE_KEY, token] as const,
  );
  await page.goto(at);
}

/** A session token for `email` through the real calls: login, the link that arrives over SMTP, exchange. */
export async function sessionToken(laurel: Laurel, email: string): Promise<string> {
  const before = laurel.mailbox.messages.length;
  const login = await fetch(`${laurel.baseURL}/api/admin/login?email=${encodeURIComponent(email)}`, {
    method: 'POST',
  });
  expect(login.status).toBe(200);
  await expect.poll(() => laurel.mailbox.messages.length).toBeGreaterThan(before);
  const secret = new URL(
    loginLinkIn(await laurel.mailbox.waitFor(email, { since: before, matching: LOGIN_LINK })),
  ).pathname
    .split('/')
    .pop();
  const exchange = await fetch(`${laurel.baseURL}/api/admin/login/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token: secret }),
  });
  expect(exchange.status).toBe(200);
  return ((await exchange.json()) as { token: string }).token;
}

const BADGE_LOGO = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><circle cx="32" cy="32" r="30" fill="#2f6f5e"/></svg>',
);

export interface RecipientRow {
  ID: string;
  Language: string;
  Email: string;
  firstName: string;
  lastName: string;
}

/** A real 1×1 PNG badge logo, for a badge whose baked image is a PNG. */
export const PNG_BADGE_LOGO = {
  name: 'logo.png',
  type: 'image/png',
  bytes: Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
    'base64',
  ),
};

export interface BadgeLogo {
  name: string;
  type: string;
  bytes: Uint8Array<ArrayBuffer>;
}

/**
 * A badge template created through the template call: "Data analysis" in English with an SVG logo unless told
 * otherwise (`content`: the texts of each language, `defaultLanguage` English unless told); an NFT badge when a
 * `network` is given; recipients named by the given technical fields (e.g. 'ID').
 */
export async function createBadgeTemplate(
  laurel: Laurel,
  token: string,
  {
    logo = { name: 'logo.svg', type: 'image/svg+xml', bytes: BADGE_LOGO },
    title = 'Data analysis',
    content = { en: { microcertitle: title, label: title } },
    defaultLanguage = 'en',
    network,
    technicalFields,
    expiry,
  }: {
    logo?: BadgeLogo;
    title?: string;
    content?: Record<string, Record<string, string>>;
    defaultLanguage?: string;
    network?: string;
    technicalFields?: string;
    /** the template's validity and reminders (issue 28), as the payload sends them */
    expiry?: ExpirySettings;
  } = {},
): Promise<number> {
  const form = new FormData();
  form.append(
    'json',
    JSON.stringify({
      mode: 'add',
      type: 'openbadge',
      ...(network ? { network } : {}),
      DefaultLanguage: defaultLanguage,
      badge: Object.fromEntries(Object.keys(content).map((language) => [language, logo.name])),
      content,
      ...(expiry ? { expiry } : {}),
    }),
  );
  form.append('badgeImage', new Blob([logo.bytes], { type: logo.type }), logo.name);
  const created = await fetch(`${laurel.baseURL}/api/template/mc`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  expect(created.status, await created.clone().text()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  if (technicalFields) {
    await laurel.app.laurel.db
      .updateTable('templates')
      .set({ technical_fields: technicalFields })
      .where('id', '=', id)
      .execute();
  }
  return id;
}

/**
 * One campaign of `rows` published on a template through the publication call (JSON rows). Set-up data: the same
 * recipients may be published again (duplicateBehavior allow); the duplicates choice is tested through the page.
 */
export async function publishRows(
  laurel: Laurel,
  token: string,
  templateId: number,
  rows: RecipientRow[],
): Promise<number> {
  const published = await fetch(`${laurel.baseURL}/api/admin/data`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ templateId, contentType: 'json', data: rows, duplicateBehavior: 'allow' }),
  });
  expect(published.status, await published.clone().text()).toBe(200);
  return ((await published.json()) as { campaignId: number }).campaignId;
}

/** Waits until the campaign's follow-up jobs are done (a publishing campaign's progress bar loops on its screens). */
export async function campaignDone(laurel: Laurel, campaignId: number): Promise<void> {
  const { db } = laurel.app.laurel;
  await expect
    .poll(
      async () =>
        (await db.selectFrom('campaigns').select('status').where('id', '=', campaignId).executeTakeFirstOrThrow())
          .status,
      { timeout: 60_000 },
    )
    .toBe('Done');
}

/**
 * A badge template "Data analysis" created through the template call (an SVG logo unless another is given), and
 * one campaign of `rows` published on it.
 */
export async function publishBadgeCampaign(
  laurel: Laurel,
  token: string,
  rows: RecipientRow[],
  logo?: BadgeLogo,
): Promise<{ templateId: number; campaignId: number }> {
  const templateId = await createBadgeTemplate(laurel, token, { logo });
  return { templateId, campaignId: await publishRows(laurel, token, templateId, rows) };
}

/** A spreadsheet file of these rows (sheet "Recipients"), as a file input takes it. */
export function xlsxFile(name: string, rows: unknown[][]) {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'Recipients');
  const buffer = Buffer.from(XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer);
  return { name, mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer };
}

/**
 * Instead of waiting for time to pass: runs the page's timers `ms` ahead on Playwright's clock (installed before
 * the page loaded, `page.clock.install()`, time otherwise passing as usual), then lets the page act on what they
 * changed: a task (MessageChannel, which React's scheduler uses and the clock does not hold back) and a frame,
 * twice. What the page would do in that time (draw a dialog, send a debounced call) is done when this returns.
 */
export async function runTimersFor(page: Page, ms: number): Promise<void> {
  await page.clock.runFor(ms);
  await page.evaluate(async () => {
    for (let round = 0; round < 2; round++) {
      await new Promise<void>((resolve) => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => resolve();
        channel.port2.postMessage(null);
      });
      await new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));
    }
  });
}

export const SCREENSHOTS = path.resolve('test-results/screenshots');

/** Takes the screenshot we look at, and fails when the page shows a missing translation (~key). */
export async function screenshot(page: Page, name: string): Promise<void> {
  const text = await page.locator('body').innerText();
  expect(text.match(/~[a-z][\w-]*(?:[./][\w-]+)+/i)?.[0] ?? null, `missing translation on ${name}`).toBeNull();
  fs.mkdirSync(SCREENSHOTS, { recursive: true });
  // let dialogs and menus finish their entrance before the picture
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage: true });
}

/**
 * The screenshot of the whole page in a window as tall as it, so that the sticky header and action bar sit where
 * they belong, without the focus ring of the last control used (MUI draws it as an endless pulse, which
 * `screenshot` would wait for).
 */
export async function tallScreenshot(page: Page, name: string): Promise<void> {
  await page.evaluate(() => {
    (document.activeElement as HTMLElement | null)?.blur();
    window.scrollTo({ top: 0 });
  });
  const viewport = page.viewportSize() ?? { width: 1280, height: 800 };
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  await page.setViewportSize({ width: viewport.width, height: Math.max(height, viewport.height) });
  await screenshot(page, name);
  await page.setViewportSize(viewport);
}
