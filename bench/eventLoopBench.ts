import { generateKeyPairSync, randomBytes, sign } from 'node:crypto';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { constants, monitorEventLoopDelay, performance, PerformanceObserver } from 'node:perf_hooks';
import { buildApp, type LaurelApp } from '../server/app';
import { benchConfig } from './benchApp';
import { insertTemplate } from '../server/repositories/templates';
import { testPgCluster } from '../tests/server/postgresServer';
import { signInAdmin } from '../tests/server/signIn';
import { appReportTour, seedReportTemplate } from './reportBench';
import { startHealthProbe, type ProbeResult } from './serverProbe';

const ROWS = Number(process.env.EVENT_LOOP_ROWS ?? 10_000);
/** Certificates of the report probed (issue 16 point 1: report pages over 1,000,000); 0 leaves the report out. */
const REPORT_ROWS = Number(process.env.EVENT_LOOP_REPORT_ROWS ?? 1_000_000);
/** Times the app's tour of the report (22 pages) is sent under the probe. */
const REPORT_ROUNDS = 3;

export type BenchDatabase = 'sqlite' | 'postgres';

/** A real server listening on loopback, on a fresh SQLite file or PostgreSQL database. */
export async function startBenchServer(
  database: BenchDatabase,
  pgUrl: string | null,
): Promise<{ app: LaurelApp; base: string; close(): Promise<void> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'laurel-bench-'));
  let databaseUrl: string | null = null;
  let dropDatabase = async () => {};
  if (database === 'postgres') {
    if (!pgUrl) throw new Error('no PostgreSQL cluster');
    const pg = (await import('pg')).default;
    const name = `laurel_bench_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: pgUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(pgUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dropDatabase = async () => {
      const client = new pg.Client({ connectionString: pgUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    };
  }
  const app = await buildApp(
    benchConfig(dataDir, {
      LAUREL_INITIAL_CREDITS: '10000000',
      PUBLIC_URL: 'https://laurel.example',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    }),
    { logger: false },
  );
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return {
    app,
    base: `http://127.0.0.1:${port}`,
    async close() {
      await app.close();
      await dropDatabase();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A throw-away PostgreSQL cluster (the server tests' own), or null when PostgreSQL is not installed. */
export async function benchPostgres(): Promise<{ url: string; stop(): void } | null> {
  try {
    return await testPgCluster();
  } catch (error) {
    console.info(`  PostgreSQL not measured: ${(error as Error).message}`);
    return null;
  }
}

function rows(count: number): Record<string, string>[] {
  return Array.from({ length: count }, (_, i) => ({
    Language: 'en',
    ID: `P-${i}`,
    Email: `learner${i}@example.org`,
    firstName: `First${i}`,
    lastName: `Last${i}`,
    obtentionDate: '2026-11-20',
    assessment: `Assessed on module ${i % 17}`,
  }));
}

/** Bare node:crypto Ed25519 signatures per second over credential-sized bytes, on this thread. */
function bareEd25519Rate(): number {
  const { privateKey } = generateKeyPairSync('ed25519');
  const data = randomBytes(64);
  const start = performance.now();
  let count = 0;
  while (performance.now() - start < 1000) {
    for (let i = 0; i < 200; i += 1) sign(null, data, privateKey);
    count += 200;
  }
  return (count / (performance.now() - start)) * 1000;
}

/**
 * The server's garbage-collection pauses from this call to `stop()` (the server shares this thread): a long delay
 * that lines up with a long pause is the collector's, not a step of a handler.
 */
function gcPauses(): { stop(): string } {
  const pauses: { kind: number; duration: number }[] = [];
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const { detail } = entry as PerformanceEntry & { detail?: { kind?: number } };
      pauses.push({ kind: detail?.kind ?? 0, duration: entry.duration });
    }
  });
  observer.observe({ entryTypes: ['gc'] });
  return {
    stop() {
      observer.disconnect();
      const longest = (kind: number) =>
        Math.max(0, ...pauses.filter((pause) => pause.kind === kind).map((pause) => pause.duration));
      const count = (kind: number) => pauses.filter((pause) => pause.kind === kind).length;
      const total = pauses.reduce((sum, pause) => sum + pause.duration, 0);
      return (
        `GC pauses ${ms(total)} in all; scavenges ${count(constants.NODE_PERFORMANCE_GC_MINOR)} ` +
        `(longest ${ms(longest(constants.NODE_PERFORMANCE_GC_MINOR))}), full collections ` +
        `${count(constants.NODE_PERFORMANCE_GC_MAJOR)} (longest ${ms(longest(constants.NODE_PERFORMANCE_GC_MAJOR))}), ` +
        `incremental steps longest ${ms(longest(constants.NODE_PERFORMANCE_GC_INCREMENTAL))}`
      );
    },
  };
}

function ms(value: number): string {
  return `${value.toFixed(0)} ms`;
}

function probeLine(probe: ProbeResult): string {
  return `${probe.count} health answers (${probe.failed} failed), wait median ${ms(probe.median)}, p99 ${ms(probe.p99)}, max ${ms(probe.max)} (target max < 100 ms)`;
}

/**
 * Report pages over REPORT_ROWS certificates under the probe (issue 16 point 1): a template of generated
 * certificates (the report bench's seeding, one INSERT … SELECT, not probed), then the app's own requests
 * (reportRowsBody: default views, every sort both ways, the last page, status/mail choices, searches) sent one
 * after the other over HTTP, as one user clicking through the report, while the probe asks /api/health.
 */
async function reportUnderProbe(database: BenchDatabase, app: LaurelApp, base: string): Promise<void> {
  if (REPORT_ROWS <= 0) return;
  const seedingStarted = performance.now();
  const seeded = await seedReportTemplate(database, app, REPORT_ROWS, { keepOtherCertificates: true });
  const seeding = performance.now() - seedingStarted;
  const post = async (body: Record<string, unknown>) => {
    const answer = await fetch(`${base}/api/admin/data_post`, {
      method: 'POST',
      headers: { ...seeded.headers, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!answer.ok) throw new Error(`report page: ${answer.status} ${await answer.text()}`);
    return (await answer.json()) as { count: number };
  };
  const header = () =>
    fetch(`${base}/api/admin/report?templateId=${seeded.templateId}`, { headers: seeded.headers }).then((answer) => {
      if (!answer.ok) throw new Error(`report header: ${answer.status}`);
    });
  // warm-up (statements prepared, caches filled), not probed
  const total = (await post(appReportTour(seeded, 0)[0])).count;
  const loop = monitorEventLoopDelay({ resolution: 5 });
  const probe = startHealthProbe(`${base}/api/health`, 20);
  loop.enable();
  const started = performance.now();
  let pages = 0;
  let slowest = 0;
  for (let round = 0; round < REPORT_ROUNDS; round += 1) {
    await header();
    for (const body of appReportTour(seeded, total, round)) {
      const sent = performance.now();
      await post(body);
      slowest = Math.max(slowest, performance.now() - sent);
      pages += 1;
    }
  }
  const elapsed = performance.now() - started;
  loop.disable();
  const result = await probe.stop();
  console.info(
    `  ${database}: report over ${total.toLocaleString('en')} certificates (generated in ${ms(seeding)}): ` +
      `${pages} pages as the app asks for them in ${ms(elapsed)}, slowest page ${ms(slowest)}`,
  );
  console.info(`    probe during the report pages: ${probeLine(result)}`);
  console.info(`    longest event-loop delay in the server during the report pages: ${ms(loop.max / 1e6)}`);
}

async function publishAndSign(database: BenchDatabase, pgUrl: string | null): Promise<void> {
  const server = await startBenchServer(database, pgUrl);
  try {
    const { app, base } = server;
    const { headers, issuerId } = await signInAdmin(app);
    const templateId = await insertTemplate(app.laurel.db, {
      issuer_id: issuerId,
      label: JSON.stringify({ en: 'Bench badge' }),
      type: 'openbadge',
      technical_fields: 'ID',
    });
    // warm-up: one small publication signed, so the first request does not pay for compiling code
    const warm = await fetch(`${base}/api/admin/data`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ templateId, data: rows(20), contentType: 'json' }),
    });
    if (!warm.ok) throw new Error(await warm.text());
    await app.laurel.jobs.runUntilIdle();

    // the request's body is made before the monitor starts: the server shares this thread, the client's own
    // building and serialising of 10,000 rows (≈ 20 ms) is not the server's
    const body = JSON.stringify({
      templateId,
      data: rows(ROWS).map((row) => ({ ...row, ID: `Q-${row.ID}` })),
      contentType: 'json',
    });
    // the publish and the signing each under their own probe and event-loop monitor
    const publishLoop = monitorEventLoopDelay({ resolution: 5 });
    const publishGc = gcPauses();
    const publishProbe = startHealthProbe(`${base}/api/health`, 20);
    publishLoop.enable();
    const started = performance.now();
    const answer = await fetch(`${base}/api/admin/data`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body,
    });
    if (!answer.ok) throw new Error(await answer.text());
    const published = performance.now();
    publishLoop.disable();
    const publishGcLine = publishGc.stop();
    const publishResult = await publishProbe.stop();
    const loop = monitorEventLoopDelay({ resolution: 5 });
    const signingGc = gcPauses();
    const probe = startHealthProbe(`${base}/api/health`, 20);
    loop.enable();
    await app.laurel.jobs.runUntilIdle();
    const signed = performance.now();
    loop.disable();
    const signingGcLine = signingGc.stop();
    const result = await probe.stop();
    const unsigned = await app.laurel.db
      .selectFrom('certificates')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('credential', 'is', null)
      .executeTakeFirstOrThrow();
    const rate = (ROWS / (signed - published)) * 1000;
    console.info(`  ${database}: publish ${ms(published - started)}, signing job ${ms(signed - published)}`);
    console.info(`    probe during the publish: ${probeLine(publishResult)}`);
    console.info(`    longest event-loop delay in the server during the publish: ${ms(publishLoop.max / 1e6)}`);
    console.info(`    ${publishGcLine}`);
    console.info(
      `    signing with the probe running: ${Math.round(rate).toLocaleString('en')}/s (target ≥ 4,000/s)${Number(unsigned.n) > 0 ? `, ${unsigned.n} left unsigned!` : ''}`,
    );
    console.info(`    probe during the signing: ${probeLine(result)}`);
    console.info(`    longest event-loop delay in the server during the signing: ${ms(loop.max / 1e6)}`);
    console.info(`    ${signingGcLine}`);
    await reportUnderProbe(database, app, base);
  } finally {
    await server.close();
  }
}

/**
 * npm run bench (event-loop): a probe asks /api/health every 20 ms from its own thread while a 10,000-row
 * publication is published over HTTP and signed, then while the app's report pages over 1,000,000 certificates
 * are asked for (EVENT_LOOP_REPORT_ROWS changes the count, 0 leaves them out), on SQLite and PostgreSQL; prints
 * the probe's waits, the server's longest event-loop delay, the signing rate with the probe running, and a bare
 * Ed25519 signing rate of this machine (one core) beside it.
 */
export async function eventLoopBench(): Promise<void> {
  console.info(`event loop: a probe every 20 ms during a ${ROWS.toLocaleString('en')}-row publish and its signing`);
  console.info(`  bare Ed25519 signatures on one core: ${Math.round(bareEd25519Rate()).toLocaleString('en')}/s`);
  const postgres = await benchPostgres();
  try {
    await publishAndSign('sqlite', null);
    if (postgres) await publishAndSign('postgres', postgres.url);
  } finally {
    postgres?.stop();
  }
}

if (process.argv[1]?.endsWith('eventLoopBench.ts')) await eventLoopBench();
