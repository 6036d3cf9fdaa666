import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { PART_MAX_ROWS } from '../domain/publicationParts';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { insertTemplate } from '../server/repositories/templates';
import { signInAdmin } from '../tests/server/signIn';

const ROWS = 100_000;
const MEMORY_LIMIT_MB = 500;

/** One part's rows, made when it is sent: the bench never holds the 100,000 rows itself. */
function partRows(part: number): Record<string, string>[] {
  return Array.from({ length: PART_MAX_ROWS }, (_, i) => {
    const n = part * PART_MAX_ROWS + i;
    return {
      Language: 'en',
      ID: `P-${n}`,
      Email: `learner${n}@example.org`,
      firstName: `First${n}`,
      lastName: `Last${n}`,
      obtentionDate: '2026-11-20',
    };
  });
}

const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);
const ms = (value: number) => `${Math.round(value).toLocaleString('en')} ms`;

/**
 * Issue 16 point 6: one publication of 100,000 rows end to end on SQLite — the parts calls (20 × 5,000 rows), the
 * commit as one campaign, the signing job, then report pages over the campaign — with the process's resident memory
 * sampled every 50 ms throughout (the server, its signing threads and this bench share the process). Prints the
 * peak RSS against 500 MB and the time of each stage.
 */
export async function publish100kBench(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'laurel-bench-100k-'));
  const app = await buildApp(
    loadConfig({
      DATA_DIR: dataDir,
      WEB_ROOT: 'none',
      LOG_LEVEL: 'silent',
      JOB_POLL_MS: '0',
      LAUREL_INITIAL_CREDITS: '1000000',
    }),
    { logger: false },
  );
  const peaks: Record<string, number> = {};
  let stage = 'start';
  let peak = 0;
  const sample = () => {
    const rss = process.memoryUsage().rss;
    peak = Math.max(peak, rss);
    peaks[stage] = Math.max(peaks[stage] ?? 0, rss);
  };
  const sampler = setInterval(sample, 50);
  try {
    const { headers, issuerId } = await signInAdmin(app);
    const templateId = await insertTemplate(app.laurel.db, {
      issuer_id: issuerId,
      label: JSON.stringify({ en: 'Bench badge' }),
      type: 'openbadge',
      technical_fields: 'ID',
    });
    sample();
    console.info(`publish 100,000 rows in parts on SQLite (idle RSS ${mb(process.memoryUsage().rss)} MB)`);

    stage = 'upload';
    const started = performance.now();
    const created = await app.inject({
      method: 'POST',
      url: '/api/admin/data/parts',
      headers,
      payload: { templateId },
    });
    const { uploadId } = created.json<{ uploadId: number }>();
    const parts = ROWS / PART_MAX_ROWS;
    for (let part = 0; part < parts; part++) {
      const sent = await app.inject({
        method: 'PUT',
        url: `/api/admin/data/parts/${uploadId}/${part + 1}`,
        headers,
        payload: { data: partRows(part) },
      });
      if (sent.statusCode !== 200) throw new Error(sent.body);
    }
    const uploaded = performance.now();

    stage = 'commit';
    const committed = await app.inject({
      method: 'POST',
      url: `/api/admin/data/parts/${uploadId}/commit`,
      headers,
      payload: { parts },
    });
    if (committed.statusCode !== 200) throw new Error(committed.body);
    const { campaignId } = committed.json<{ campaignId: number }>();
    const published = performance.now();

    stage = 'signing';
    await app.laurel.jobs.runUntilIdle();
    const signed = performance.now();
    const unsigned = await app.laurel.db
      .selectFrom('certificates')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('campaign_id', '=', campaignId)
      .where('credential', 'is', null)
      .executeTakeFirstOrThrow();

    stage = 'report';
    const pages: number[] = [];
    for (const offset of [0, 50_000, ROWS - 20]) {
      const before = performance.now();
      const page = await app.inject({
        method: 'POST',
        url: '/api/admin/data_post',
        headers,
        payload: { campaignId, offset, limit: 20, status: '1,3,6,9', counter: true },
      });
      if (page.statusCode !== 200) throw new Error(page.body);
      pages.push(performance.now() - before);
    }
    sample();

    console.info(
      `  upload of 20 parts: ${ms(uploaded - started)} (${Math.round(ROWS / ((uploaded - started) / 1000)).toLocaleString('en')} rows/s)`,
    );
    console.info(`  commit (one campaign, one debit, 100,000 certificates): ${ms(published - uploaded)}`);
    console.info(
      `  signing job: ${ms(signed - published)} (${Math.round(ROWS / ((signed - published) / 1000)).toLocaleString('en')}/s)${Number(unsigned.n) > 0 ? `, ${unsigned.n} left unsigned!` : ''}`,
    );
    console.info(`  report pages (first, middle, last): ${pages.map(ms).join(', ')}`);
    console.info(
      `  peak RSS per stage: ${Object.entries(peaks)
        .map(([name, bytes]) => `${name} ${mb(bytes)} MB`)
        .join(', ')}`,
    );
    console.info(
      `  peak RSS ${mb(peak)} MB against ${MEMORY_LIMIT_MB} MB: ${mb(peak) < MEMORY_LIMIT_MB ? 'met' : 'NOT met'}`,
    );
  } finally {
    clearInterval(sampler);
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
