import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { PART_MAX_ROWS } from '../domain/publicationParts';
import { openDatabase } from '../server/db/connection';
import { listOutbox } from '../server/repositories/outbox';
import { badgePayload, multipartForm, svgLogo } from '../tests/server/templateFixtures';
import { buildCompiledServer, startLaurel } from '../tests/support/laurelProcess';

const ROWS = 100_000;
const MEMORY_LIMIT_MB = 500;

/** One part's rows, made when it is sent: the bench never holds the 100,000 rows itself. */
function partRows(part: number): Record<string, string>[] {
  return Array.from({ length: PART_MAX_ROWS }, (_, i) => {
    const n = part * PART_MAX_ROWS + i;
    return {
      Language: 'all',
      ID: `P-${n}`,
      Email: `learner${n}@example.org`,
      firstName: `First${n}`,
      lastName: `Last${n}`,
      obtentionDate: '2026-11-20',
    };
  });
}

const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);
/** The 1-minute load average: other work on the machine slows every stage (memory much less than time). */
const load = () => os.loadavg()[0].toFixed(1);
const ms = (value: number) => `${Math.round(value).toLocaleString('en')} ms`;

/** Resident memory of the server's process, from /proc (MB). */
function processRss(pid: number): number {
  try {
    const rss = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return rss ? Number(rss[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

/**
 * Issue 16 point 6: one publication of 100,000 rows end to end on SQLite — the parts calls (20 × 5,000 rows), the
 * commit as one campaign, the signing job, then report pages over the campaign — against the compiled server in
 * its own process (as `npm start` runs it), whose resident memory is sampled from /proc every 50 ms throughout.
 * Prints the peak RSS against 500 MB and the time of each stage.
 */
export async function publish100kBench(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'laurel-bench-100k-'));
  const compiled = buildCompiledServer();
  const server = await startLaurel(compiled.main, {
    DATA_DIR: dataDir,
    PUBLIC_URL: 'http://laurel.bench',
    JOB_POLL_MS: '100',
    LAUREL_INITIAL_CREDITS: '1000000',
    LOG_LEVEL: 'error',
  });
  const pid = server.child.pid as number;
  const db = openDatabase({ databaseUrl: null, dataDir });
  const peaks: Record<string, number> = {};
  let stage = 'idle';
  let peak = 0;
  const sample = () => {
    const rss = processRss(pid);
    peak = Math.max(peak, rss);
    peaks[stage] = Math.max(peaks[stage] ?? 0, rss);
  };
  const sampler = setInterval(sample, 50);
  const base = server.url;
  try {
    await fetch(`${base}/api/admin/login?email=admin%40example.org`, { method: 'POST' });
    const [message] = (await listOutbox(db.db, 'admin@example.org')).slice(-1);
    const secret = /\/login\/([A-Za-z0-9_-]{43})/.exec(message.text_body)?.[1];
    const exchange = await fetch(`${base}/api/admin/login/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token: secret }),
    });
    const auth = { authorization: `Bearer ${((await exchange.json()) as { token: string }).token}` };
    const json = { ...auth, 'content-type': 'application/json' };
    const form = multipartForm([{ name: 'json', value: JSON.stringify(badgePayload()) }, svgLogo()]);
    const created = await fetch(`${base}/api/template/mc`, {
      method: 'POST',
      headers: { ...auth, ...form.headers },
      body: new Uint8Array(form.payload),
    });
    const templateId = ((await created.json()) as { id: number }).id;
    sample();
    console.info(
      `publish 100,000 rows in parts on SQLite, compiled server (idle RSS ${mb(peaks.idle ?? 0)} MB, load ${load()})`,
    );

    stage = 'upload';
    const started = performance.now();
    const upload = await fetch(`${base}/api/admin/data/parts`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ templateId }),
    });
    const { uploadId } = (await upload.json()) as { uploadId: number };
    const parts = ROWS / PART_MAX_ROWS;
    for (let part = 0; part < parts; part++) {
      const sent = await fetch(`${base}/api/admin/data/parts/${uploadId}/${part + 1}`, {
        method: 'PUT',
        headers: json,
        body: JSON.stringify({ data: partRows(part) }),
      });
      if (sent.status !== 200) throw new Error(await sent.text());
    }
    const uploaded = performance.now();

    stage = 'commit';
    const committed = await fetch(`${base}/api/admin/data/parts/${uploadId}/commit`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ parts }),
    });
    if (committed.status !== 200) throw new Error(await committed.text());
    const { campaignId } = (await committed.json()) as { campaignId: number };
    const published = performance.now();

    stage = 'signing';
    for (;;) {
      const row = await db.db
        .selectFrom('certificates')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('campaign_id', '=', campaignId)
        .where('credential', 'is not', null)
        .executeTakeFirstOrThrow();
      if (Number(row.n) >= ROWS) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const signed = performance.now();

    stage = 'report';
    const pages: number[] = [];
    for (const offset of [0, 50_000, ROWS - 20]) {
      const before = performance.now();
      const page = await fetch(`${base}/api/admin/data_post`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ campaignId, offset, limit: 20, status: '1,3,6,9', counter: true }),
      });
      if (page.status !== 200) throw new Error(await page.text());
      pages.push(performance.now() - before);
    }
    sample();

    const rate = (stretch: number) => Math.round(ROWS / (stretch / 1000)).toLocaleString('en');
    console.info(`  upload of 20 parts: ${ms(uploaded - started)} (${rate(uploaded - started)} rows/s)`);
    console.info(`  commit (one campaign, one debit, 100,000 certificates): ${ms(published - uploaded)}`);
    console.info(`  signing job: ${ms(signed - published)} (${rate(signed - published)}/s)`);
    console.info(`  report pages (first, middle, last): ${pages.map(ms).join(', ')}`);
    console.info(
      `  server peak RSS per stage: ${Object.entries(peaks)
        .map(([name, bytes]) => `${name} ${mb(bytes)} MB`)
        .join(', ')}`,
    );
    console.info(`  machine load at the end: ${load()}`);
    console.info(
      `  server peak RSS ${mb(peak)} MB against ${MEMORY_LIMIT_MB} MB: ${mb(peak) < MEMORY_LIMIT_MB ? 'met' : 'NOT met'}`,
    );
  } finally {
    clearInterval(sampler);
    await server.stop();
    await db.close();
    compiled.remove();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
