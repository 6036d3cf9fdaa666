import path from 'node:path';
import type { Page } from 'playwright-core';
import * as XLSX from 'xlsx';
import { buildApp } from '../server/app';
import { IMPORT_MAX_ROWS } from '../src/resources/templates/publication/importDefinition';
import { loginLinkIn } from '../tests/support/smtpSink';
import { markReturningUser } from './benchApp';
import { startBrowserBench } from './browser';

const HEADERS = ['language', 'ID', 'Email', 'firstName', 'lastName', 'obtentionDate', 'score', 'assessment'];
// nine interleaved pairs: the two-core machine moves both figures by a third from one run to the next
const RUNS = 9;
const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A workbook like a real import: key, language, email, names, a date, a percent, free text. */
export function generateWorkbook(rows: number): Buffer {
  const data: unknown[][] = [HEADERS];
  for (let i = 0; i < rows; i += 1) {
    data.push([
      'en',
      `ID-${i}`,
      `learner${i}@example.org`,
      `First${i}`,
      `Last${i}`,
      46000 + (i % 300),
      (i % 100) / 100,
      `Assessed on module ${i % 17}`,
    ]);
  }
  const sheet = XLSX.utils.aoa_to_sheet(data);
  for (let r = 1; r <= rows; r += 1) {
    sheet[XLSX.utils.encode_cell({ r, c: 5 })].z = 'yyyy-mm-dd';
    sheet[XLSX.utils.encode_cell({ r, c: 6 })].z = '0%';
  }
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, 'Recipients');
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx', compression: true }) as Buffer;
}

/** In the page before any script: long tasks and the moment a file input changes. */
function instrument() {
  const bench = { longTasks: [] as { start: number; duration: number }[], chosenAt: 0 };
  (window as unknown as { bench: typeof bench }).bench = bench;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) bench.longTasks.push({ start: entry.startTime, duration: entry.duration });
  }).observe({ type: 'longtask', buffered: true });
  document.addEventListener(
    'change',
    (event) => {
      if ((event.target as HTMLInputElement).type === 'file') bench.chosenAt = performance.now();
    },
    true,
  );
  localStorage.setItem('laurel_tour_done', 'true');
}

interface Run {
  ms: number;
  /** the longest task on the main thread between the choice and the rows shown */
  longestTaskMs: number;
  /** where the time went: each step's duration, from the import's User Timing marks (src/workers/parseSpreadsheet.ts) */
  split: Record<string, number>;
}

/**
 * The steps the bench prints, each ending at a mark `laurel-import:<mark>` (the worker's marks moved to the page's
 * timeline), from the file chosen to the rows shown. The zip scan (row count) runs beside them in a worker of its
 * own: its end ('counted', from the choice) is printed apart.
 */
const STEPS = [
  ['page', 'posted'],
  ['hop to worker', 'received'],
  ['file bytes', 'bytes'],
  ['native inflate', 'inflated'],
  ['SheetJS and cells', 'read'],
  ['validation', 'validated'],
  ['JSON', 'encoded'],
  ['hop back and parse', 'decoded'],
] as const;

/** Chooses the file on the publication page and waits for `shown` (evaluated in the page) to hold. */
export async function importOnce(
  page: Page,
  file: { name: string; buffer: Buffer },
  shown: { testId: string; text: string },
): Promise<Run> {
  await page.reload();
  const input = page.getByLabel('Spreadsheet file');
  await input.waitFor({ state: 'attached' });
  // a person takes a moment to pick the file: the page is idle by then
  await page.waitForTimeout(1000);
  await input.setInputFiles({ ...file, mimeType: XLSX_MIME });
  const ms = await (
    await page.waitForFunction(
      ({ testId, text }) => {
        const done = document.querySelector(`[data-testid="${testId}"]`)?.textContent?.includes(text) === true;
        const { bench } = window as unknown as { bench: { chosenAt: number } };
        return done && bench.chosenAt > 0 ? performance.now() - bench.chosenAt : false;
      },
      shown,
      { polling: 'raf', timeout: 120_000 },
    )
  ).jsonValue();
  const { longestTaskMs, marks } = await page.evaluate(() => {
    const { bench } = window as unknown as {
      bench: { chosenAt: number; longTasks: { start: number; duration: number }[] };
    };
    // no named functions in here: tsx would wrap them in a helper the page does not have
    return {
      longestTaskMs: Math.max(
        0,
        ...bench.longTasks.filter((task) => task.start >= bench.chosenAt).map((task) => task.duration),
      ),
      marks: Object.fromEntries(
        performance
          .getEntriesByType('mark')
          .filter((mark) => mark.name.startsWith('laurel-import:') && mark.startTime >= bench.chosenAt)
          .map((mark) => [mark.name.slice('laurel-import:'.length), mark.startTime - bench.chosenAt]),
      ) as Record<string, number>,
    };
  });
  const split: Record<string, number> = {};
  let last = 0;
  for (const [step, mark] of STEPS) {
    if (marks[mark] === undefined) continue;
    split[step] = marks[mark] - last;
    last = marks[mark];
  }
  if (last > 0) split.render = (ms as number) - last;
  if (marks.counted !== undefined) split['zip scan and count (beside, ends at)'] = marks.counted;
  return { ms: ms as number, longestTaskMs, split };
}

/** The baseline: the same file through an input of the same page, read by a bare XLSX.read + sheet_to_json. */
export async function bareParseOnce(page: Page, file: { name: string; buffer: Buffer }): Promise<number> {
  await page.reload();
  await page.getByLabel('Spreadsheet file').waitFor({ state: 'attached' });
  await page.addScriptTag({ path: path.resolve('node_modules/xlsx/dist/xlsx.full.min.js') });
  await page.evaluate(() => {
    const input = document.createElement('input');
    input.type = 'file';
    input.id = 'bare-parse';
    document.body.append(input);
    // no named functions in here (a `const f = () => …` is one): tsx would wrap them in a helper the page lacks
    input.addEventListener('change', () => {
      const start = performance.now();
      const sheetJs = (window as unknown as { XLSX: typeof XLSX }).XLSX;
      (input.files as FileList)[0].arrayBuffer().then(
        (buffer) => {
          const book = sheetJs.read(buffer, { type: 'array' });
          const rows = sheetJs.utils.sheet_to_json(book.Sheets[book.SheetNames[0]]);
          (window as unknown as { bareMs: number }).bareMs = rows.length > 0 ? performance.now() - start : -1;
        },
        () => ((window as unknown as { bareMs: number }).bareMs = -1),
      );
    });
  });
  await page.waitForTimeout(1000);
  await page.locator('#bare-parse').setInputFiles({ ...file, mimeType: XLSX_MIME });
  return (await (
    await page.waitForFunction(() => (window as unknown as { bareMs?: number }).bareMs, undefined, { timeout: 120_000 })
  ).jsonValue()) as number;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** Each step's median duration over the runs, in the order of the import. */
function splitLine(runs: Run[]): string {
  return [...STEPS.map(([step]) => step), 'render', 'zip scan and count (beside, ends at)']
    .filter((step) => runs.every((run) => run.split[step] !== undefined))
    .map((step) => `${step} ${median(runs.map((run) => run.split[step])).toFixed(0)} ms`)
    .join(', ');
}

/**
 * Laurel built (or LAUREL_BENCH_WEB_ROOT reused) and served, its seeded administrator signed in in Chromium on the
 * publication page of a badge template keyed by ID, the long-task observer installed in the page.
 */
export async function openPublicationPage() {
  const bench = await startBrowserBench('importbench', process.env.LAUREL_BENCH_WEB_ROOT);
  const { app: laurel, baseURL: baseUrl, browser, mailbox } = bench;
  try {
    const { db } = laurel.laurel;
    const email = 'admin@example.org';
    // the seeded administrator, past the onboarding and the terms, publishes on a template keyed by ID
    await markReturningUser(db, email);
    // one sign-in link for the template call, another for the browser
    const signInLink = async () => {
      const before = mailbox.messages.length;
      const login = await fetch(`${baseUrl}/api/admin/login?email=${encodeURIComponent(email)}`, { method: 'POST' });
      if (login.status !== 200) throw new Error(`login: ${login.status}`);
      // the request queues the mail (issue 27) and a bench server polls no jobs: its worker's pass sends it
      await laurel.laurel.jobs.runUntilIdle();
      const deadline = Date.now() + 10_000;
      while (mailbox.messages.length === before) {
        if (Date.now() > deadline) throw new Error('the sign-in mail did not arrive');
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      // the mail points at PUBLIC_URL; the bench's server listens on a free port
      return new URL(new URL(loginLinkIn(await mailbox.waitFor(email))).pathname, baseUrl).href;
    };
    const templateId = await createTemplate(baseUrl, await signInLink(), db);
    const link = await signInLink();

    // bypassCSP: the baseline's SheetJS is added to the page as a script of its own
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 }, locale: 'en-GB', bypassCSP: true });
    await page.addInitScript(instrument);
    await page.goto(link);
    await page.waitForURL((url) => url.pathname === '/templates');
    await page.goto(`${baseUrl}/publication?templateId=${templateId}`);

    return { page, browser, close: bench.close };
  } catch (error) {
    await bench.close();
    throw error;
  }
}

/**
 * Import in the browser (issue 16 point 3): Laurel built and served, a Publisher signed in on the publication page
 * in Chromium; from choosing a 10,000-row xlsx to its rows shown, against a bare SheetJS parse (XLSX.read +
 * sheet_to_json) of the same file in the same page, interleaved. Prints the longest main-thread task during our
 * import (PerformanceObserver 'longtask'), and how long a 100,000-row file takes to be refused.
 */
export async function importBench(): Promise<void> {
  const { page, close } = await openPublicationPage();
  try {
    const tenThousand = { name: 'recipients.xlsx', buffer: generateWorkbook(10_000) };
    console.info(
      `import: a generated workbook of 10,000 rows, ${(tenThousand.buffer.byteLength / 1024).toFixed(0)} KB`,
    );
    const rowsShown = { testId: 'row-count', text: '10,000 rows' };
    const ours: Run[] = [];
    const bare: number[] = [];
    for (let run = 0; run <= RUNS; run += 1) {
      const a = await importOnce(page, tenThousand, rowsShown);
      const b = await bareParseOnce(page, tenThousand);
      if (run === 0) continue; // warms the browser and its cache up
      ours.push(a);
      bare.push(b);
    }
    const oursMs = median(ours.map((run) => run.ms));
    const bareMs = median(bare);
    const longest = Math.max(...ours.map((run) => run.longestTaskMs));
    console.info(
      `import in Chromium, file chosen to 10,000 rows shown: ours ${oursMs.toFixed(0)} ms, bare XLSX.read + ` +
        `sheet_to_json ${bareMs.toFixed(0)} ms, ratio ${(oursMs / bareMs).toFixed(2)} (target ≤ 1.30); longest ` +
        `main-thread task during our imports ${longest.toFixed(0)} ms (target ≤ 100)`,
    );
    console.info(`  where our time went (medians): ${splitLine(ours)}`);

    // a file over the row limit: 100,000 rows while the limit was 10,000, one more than the limit above that
    const overRows = Math.max(100_000, IMPORT_MAX_ROWS + 1);
    const overLimit = { name: 'too-many.xlsx', buffer: generateWorkbook(overRows) };
    const refused = { testId: 'import-errors', text: 'Too many rows' };
    const refusals: Run[] = [];
    for (let run = 0; run < 3; run += 1) refusals.push(await importOnce(page, overLimit, refused));
    console.info(
      `import in Chromium, a ${overRows.toLocaleString('en')}-row file ` +
        `(${(overLimit.buffer.byteLength / 1024 / 1024).toFixed(1)} MB, limit ${IMPORT_MAX_ROWS.toLocaleString('en')}) ` +
        `refused in ${median(refusals.map((run) => run.ms)).toFixed(0)} ms (bare parse of 10,000 rows: ` +
        `${bareMs.toFixed(0)} ms); longest task ${Math.max(...refusals.map((run) => run.longestTaskMs)).toFixed(0)} ms`,
    );
  } finally {
    await close();
  }
}

/** A badge template whose recipients are keyed by ID, created through the template call with a session of the link. */
async function createTemplate(
  baseUrl: string,
  link: string,
  db: Awaited<ReturnType<typeof buildApp>>['laurel']['db'],
): Promise<number> {
  const exchange = await fetch(`${baseUrl}/api/admin/login/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token: new URL(link).pathname.split('/').pop() }),
  });
  const { token } = (await exchange.json()) as { token: string };
  const logo = '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><circle cx="32" cy="32" r="30"/></svg>';
  const form = new FormData();
  form.append(
    'json',
    JSON.stringify({
      mode: 'add',
      type: 'openbadge',
      DefaultLanguage: 'en',
      badge: { en: 'logo.svg' },
      content: { en: { microcertitle: 'Data analysis', label: 'Data analysis', outcome: 'Cleans data sets.' } },
    }),
  );
  form.append('badgeImage', new Blob([logo], { type: 'image/svg+xml' }), 'logo.svg');
  const created = await fetch(`${baseUrl}/api/template/mc`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  if (created.status !== 201) throw new Error(`template: ${created.status} ${await created.text()}`);
  const { id } = (await created.json()) as { id: number };
  // the workbook's score is a field of the template: a column the template does not know is refused (issue 28)
  await db
    .updateTable('templates')
    .set({ technical_fields: 'ID', fields_to_certified: 'score' })
    .where('id', '=', id)
    .execute();
  return id;
}
