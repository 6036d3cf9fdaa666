import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import type { SortPayload } from 'react-admin';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { DEFAULT_STATUS_FILTER } from '../domain/certificates';
import { defaultMailFilter, REPORT_SORT_FIELDS } from '../domain/reports';
import { buildApp, type LaurelApp } from '../server/app';
import { loadConfig } from '../server/config';
import { migrations } from '../server/db/migrations/index';
import { localFileStore } from '../server/services/files/fileStore';
import { certificatePdf } from '../server/services/pdf/certificateDocument';
import { reportRowsBody, type CertificateFilter } from '../src/dataProvider/certificates';
import { insertGeneratedCertificates } from '../tests/server/bulkCertificates';
import { NO_DURABILITY, testPgCluster } from '../tests/server/postgresServer';
import { startPgCluster } from '../tests/support/pgCluster';
import { createBadgeTemplate, publishRows, recipientRows } from '../tests/server/publicationFixtures';
import { signInAdmin } from '../tests/server/signIn';
import { measure, report } from './measure';

const CERTIFICATES = Number(process.env.REPORT_BENCH_ROWS ?? 1_000_000);
const RUNS = 20;

interface Timing {
  p50: number;
  p95: number;
}

/** p50 and p95 of `runs` timings of fn after one untimed run. */
async function time(fn: () => Promise<unknown>, runs = RUNS): Promise<Timing> {
  const { median, p95 } = await measure(fn, runs, 1);
  return { p50: median, p95 };
}

/**
 * Seeding a million certificates takes 4–15 minutes, so the report bench keeps its seeded databases between runs
 * (REPORT_BENCH_CACHE, default $TMPDIR/laurel-report-bench; `off` seeds afresh in throw-away places): the SQLite
 * data directory, and a PostgreSQL cluster of its own holding one database per row count. A kept database is used
 * when it was seeded by the same seeding code (a hash of it) with the same count and its migrations are a prefix
 * of the current ones: opening the app migrates it forward (then statistics are refreshed). Anything else seeds
 * it again.
 */
const CACHE_ROOT = process.env.REPORT_BENCH_CACHE ?? path.join(os.tmpdir(), 'laurel-report-bench');
const CACHING = CACHE_ROOT !== 'off';
const MIGRATIONS = Object.keys(migrations).sort();

interface SeedMeta {
  seed: string;
  rows: number;
  migrations: string[];
  templateId: number;
  campaignId: number;
}

/** A hash of the code that decides what the seeded rows are. */
function seedKey(): string {
  const hash = createHash('sha256');
  for (const file of ['tests/server/bulkCertificates.ts', 'bench/reportBench.ts']) {
    const source = fs.readFileSync(path.join(import.meta.dirname, '..', file), 'utf8');
    // only the seeding part of this file counts
    hash.update(
      file.endsWith('reportBench.ts')
        ? source.slice(source.indexOf('export async function seedReportTemplate')).split('\n/** The report filter')[0]
        : source,
    );
  }
  return hash.digest('hex').slice(0, 16);
}

function readMeta(file: string): SeedMeta | null {
  try {
    const meta = JSON.parse(fs.readFileSync(file, 'utf8')) as SeedMeta;
    const prefix = meta.migrations.every((name, i) => MIGRATIONS[i] === name);
    return meta.seed === seedKey() && meta.rows === CERTIFICATES && prefix ? meta : null;
  } catch {
    return null;
  }
}

/** The bench's own PostgreSQL cluster, kept in the cache between runs (the server tests' throw-away one when not caching). */
async function benchCluster(): Promise<{ url: string; stop: () => void } | null> {
  try {
    if (!CACHING) return await testPgCluster();
    const cluster = await startPgCluster({ folder: path.join(CACHE_ROOT, 'pg'), settings: NO_DURABILITY });
    return {
      url: cluster.url,
      stop: () => {
        try {
          cluster.stop('fast');
        } catch (error) {
          console.info(`report: the bench's PostgreSQL cluster did not stop: ${(error as Error).message}`);
        }
      },
    };
  } catch (error) {
    console.info(`report: PostgreSQL skipped (${(error as Error).message})`);
    return null;
  }
}

async function pgAdmin(clusterUrl: string, statement: string): Promise<void> {
  const pg = (await import('pg')).default;
  const admin = new pg.Client({ connectionString: clusterUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/**
 * The app on a database seeded with CERTIFICATES certificates: the kept one when it is still valid (migrated
 * forward by the app), else seeded now (and kept when caching).
 */
async function openSeeded(database: 'sqlite' | 'postgres', clusterUrl: string | null) {
  const env: Record<string, string> = {
    WEB_ROOT: 'none',
    LOG_LEVEL: 'silent',
    JOB_POLL_MS: '0',
    LOGIN_RATE_PER_EMAIL: '1000',
    LOGIN_RATE_PER_CLIENT: '1000',
  };
  const name = `${database}-${CERTIFICATES}`;
  const metaFile = path.join(CACHE_ROOT, `${name}.json`);
  const dataDir = CACHING
    ? path.join(CACHE_ROOT, `${name}-data`)
    : fs.mkdtempSync(path.join(os.tmpdir(), 'laurel-bench-'));
  const meta = CACHING ? readMeta(metaFile) : null;
  if (!meta) {
    fs.rmSync(metaFile, { force: true });
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  fs.mkdirSync(dataDir, { recursive: true });
  env.DATA_DIR = dataDir;
  let drop = async () => {};
  if (database === 'postgres' && clusterUrl) {
    const dbName = CACHING ? `laurel_report_${CERTIFICATES}` : `laurel_report_${randomBytes(4).toString('hex')}`;
    if (!meta) {
      await pgAdmin(clusterUrl, `drop database if exists ${dbName} with (force)`);
      await pgAdmin(clusterUrl, `create database ${dbName}`);
    }
    const url = new URL(clusterUrl);
    url.pathname = `/${dbName}`;
    env.DATABASE_URL = url.toString();
    if (!CACHING) drop = () => pgAdmin(clusterUrl, `drop database if exists ${dbName} with (force)`);
  }
  const app = await buildApp(loadConfig(env), { logger: false });
  const close = async () => {
    await app.close();
    await drop();
    if (!CACHING) fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    let seeded: SeededReport;
    const started = Date.now();
    if (meta) {
      const { headers } = await signInAdmin(app);
      seeded = { headers, templateId: meta.templateId, campaignId: meta.campaignId };
      if (meta.migrations.length !== MIGRATIONS.length) {
        // migrated forward by the app: fresh statistics for the new indexes
        await sql`analyze`.execute(app.laurel.db);
        fs.writeFileSync(metaFile, JSON.stringify({ ...meta, migrations: MIGRATIONS }));
      }
      console.info(
        `report on ${database}: ${CERTIFICATES.toLocaleString('en')} certificates kept from an earlier run (${metaFile}; REPORT_BENCH_CACHE=off seeds afresh)`,
      );
    } else {
      seeded = await seedReportTemplate(database, app, CERTIFICATES);
      if (CACHING) {
        const kept: SeedMeta = {
          seed: seedKey(),
          rows: CERTIFICATES,
          migrations: MIGRATIONS,
          templateId: seeded.templateId,
          campaignId: seeded.campaignId,
        };
        fs.writeFileSync(metaFile, JSON.stringify(kept));
      }
      console.info(
        `report on ${database}: ${CERTIFICATES.toLocaleString('en')} certificates generated in ${Date.now() - started} ms`,
      );
    }
    return { app, dataDir, seeded, close };
  } catch (error) {
    await close();
    throw error;
  }
}

/** Every non-empty subset of the values. */
const subsets = <T>(values: readonly T[]) =>
  Array.from({ length: 2 ** values.length - 1 }, (_, mask) => values.filter((_, bit) => ((mask + 1) >> bit) & 1));

/**
 * The report page as the web app loads it (issue 16, point 2), over a template of 1,000,000 certificates on
 * SQLite and PostgreSQL: each request's body is built by the app's own data provider (reportRowsBody, the
 * filter ReportPage gives its list: the template's default statuses 1,3,6,9 and mail states 1,0,2), sent through
 * the whole server (authentication, validation, serialization). Cases: the header call, the default view of
 * the template and of its 1,000,000-certificate campaign, every sortable column both ways, the last page, every
 * status/mail combination of the filter drawer, and the search box. Each prints p50/p95 and the ratio of its p95
 * to a bare primary-key lookup of one certificate measured in the same run. Target: every p95 under 50 ms.
 */
export async function reportBench(): Promise<void> {
  // REPORT_BENCH_DATABASES=postgres (or sqlite) runs one database only; REPORT_BENCH_ROWS changes the count
  const chosen = (process.env.REPORT_BENCH_DATABASES ?? 'sqlite,postgres').split(',');
  const cluster = chosen.includes('postgres') ? await benchCluster() : null;
  try {
    for (const database of ['sqlite', 'postgres'] as const) {
      if (!chosen.includes(database) || (database === 'postgres' && !cluster)) continue;
      const { app, close, dataDir, seeded } = await openSeeded(database, cluster?.url ?? null);
      try {
        await benchDatabase(database, app, seeded);
        if (database === 'sqlite' && !process.env.REPORT_BENCH_NO_PDF) await pdfBench(app, dataDir);
      } finally {
        await close();
      }
    }
  } finally {
    cluster?.stop();
  }
}

export interface SeededReport {
  headers: Record<string, string>;
  templateId: number;
  campaignId: number;
}

/**
 * A badge template whose one campaign holds `count` generated certificates (one INSERT … SELECT made by the
 * database), some messages refused and some opened so that every mail filter has rows, statistics refreshed.
 * Shared with the event-loop bench, which probes the server while the app's report requests run.
 */
export async function seedReportTemplate(
  database: 'sqlite' | 'postgres',
  app: LaurelApp,
  count: number,
  options: { keepOtherCertificates?: boolean } = {},
): Promise<SeededReport> {
  const { headers, issuerId } = await signInAdmin(app);
  const templateId = await createBadgeTemplate(app, headers);
  const campaignId = (await publishRows(app, headers, templateId, recipientRows(1))).json<{ campaignId: number }>()
    .campaignId;
  const db = app.laurel.db;
  // the one published row goes (and, for the report bench alone on its database, anything else)
  if (options.keepOtherCertificates)
    await db.deleteFrom('certificates').where('template_id', '=', templateId).execute();
  else await db.deleteFrom('certificates').execute();
  await insertGeneratedCertificates(app, { issuerId, templateId, campaignId }, count);
  await db
    .updateTable('certificates')
    .set({ mail_sent: 0 })
    .where('template_id', '=', templateId)
    .where(sql<number>`id % 97`, '=', 0)
    .execute();
  await db
    .updateTable('certificates')
    .set({ mail_read_at: new Date().toISOString() })
    .where('template_id', '=', templateId)
    .where('mail_sent', '=', 1)
    .where(sql<number>`id % 7`, '=', 0)
    .execute();
  if (database === 'postgres') await sql`analyze certificates`.execute(db);
  else await sql`analyze`.execute(db);
  return { headers, templateId, campaignId };
}

/** The report filter the app's ReportPage gives its list (statuses 1,3,6,9, mail states 1,0,2), on a template or campaign. */
export function appReportView(
  seeded: SeededReport,
  kind: 'template' | 'campaign',
  extra: Partial<CertificateFilter> = {},
): CertificateFilter {
  return {
    view: kind,
    ...(kind === 'campaign' ? { campaignId: seeded.campaignId } : { templateId: seeded.templateId }),
    defaultStatuses: [...DEFAULT_STATUS_FILTER],
    defaultMailSent: defaultMailFilter(false),
    ...extra,
  };
}

/** One page of the report as the app asks for it (reportRowsBody, the data provider's own body builder). */
export function appReportPage(
  filter: CertificateFilter,
  sort: SortPayload = { field: '', order: 'ASC' },
  offset = 0,
): Record<string, unknown> {
  return reportRowsBody(filter, sort, { offset, limit: 20 });
}

/**
 * The bodies of a user's tour of the report over `total` certificates: the default view of the template and the
 * campaign, every sortable column both ways, the last page, a few status/mail choices of the filter drawer and
 * searches by first name, last name, address and key. The event-loop bench sends them under its probe.
 */
export function appReportTour(seeded: SeededReport, total: number, round = 0): Record<string, unknown>[] {
  const view = (kind: 'template' | 'campaign', extra: Partial<CertificateFilter> = {}) =>
    appReportView(seeded, kind, extra);
  const last = Math.floor((total - 1) / 20) * 20;
  const n = 1_000 + round * 7_919;
  return [
    appReportPage(view('template')),
    appReportPage(view('campaign')),
    appReportPage(view('template'), undefined, last),
    ...REPORT_SORT_FIELDS.flatMap((field) =>
      (['ASC', 'DESC'] as const).map((order) => appReportPage(view('template'), { field, order })),
    ),
    appReportPage(view('template'), { field: 'lastName', order: 'DESC' }, last),
    appReportPage(view('template', { statuses: [3], mailSent: [1, 0] })),
    appReportPage(view('template', { statuses: [1, 9], mailSent: [2] })),
    appReportPage(view('template', { q: `Learner${10_000 + (n % 900_000)}` })),
    appReportPage(view('template', { q: `doe${n % 100}` })),
    appReportPage(view('template', { q: `ner${100_000 + (n % 800_000)}@exam` })),
    appReportPage(view('template', { q: `d-${(n % 9_000) + 1_000}5` })),
  ];
}

async function benchDatabase(database: 'sqlite' | 'postgres', app: LaurelApp, seeded: SeededReport): Promise<void> {
  const started = Date.now();
  const { headers, templateId } = seeded;
  const db = app.laurel.db;

  const certificate = await db.selectFrom('certificates').select('id').orderBy('id').limit(1).executeTakeFirstOrThrow();
  const baseline = await time(() =>
    db.selectFrom('certificates').selectAll().where('id', '=', certificate.id).executeTakeFirst(),
  );
  console.info(
    `report on ${database}: baseline, a certificate by primary key: p50 ${baseline.p50.toFixed(2)} ms, p95 ${baseline.p95.toFixed(2)} ms`,
  );

  const post = async (body: Record<string, unknown>) => {
    const answer = await app.inject({ method: 'POST', url: '/api/admin/data_post', headers, payload: body });
    if (answer.statusCode !== 200) throw new Error(answer.body);
    return answer.json<{ count: number; data: unknown[] }>();
  };
  const results: { name: string; timing: Timing }[] = [];
  const line = (name: string, timing: Timing) => {
    results.push({ name, timing });
    console.info(
      `report on ${database}: ${name}: p50 ${timing.p50.toFixed(1)} ms, p95 ${timing.p95.toFixed(1)} ms, ` +
        `p95 ratio to the primary-key lookup ${(timing.p95 / baseline.p95).toFixed(0)}`,
    );
  };
  const view = (kind: 'template' | 'campaign', extra: Partial<CertificateFilter> = {}) =>
    appReportView(seeded, kind, extra);
  const page = appReportPage;

  line(
    'header (GET /api/admin/report)',
    await time(async () => {
      const answer = await app.inject({ method: 'GET', url: `/api/admin/report?templateId=${templateId}`, headers });
      if (answer.statusCode !== 200) throw new Error(answer.body);
    }),
  );
  for (const kind of ['template', 'campaign'] as const) {
    line(`${kind} default view`, await time(() => post(page(view(kind)))));
  }
  const total = (await post(page(view('template')))).count;
  line(
    'template last page',
    await time(() => post(page(view('template'), undefined, Math.floor((total - 1) / 20) * 20))),
  );
  for (const field of REPORT_SORT_FIELDS) {
    for (const order of ['ASC', 'DESC'] as const) {
      line(`template sorted by ${field} ${order}`, await time(() => post(page(view('template'), { field, order }))));
    }
  }
  line(
    'template sorted by lastName DESC, last page',
    await time(() =>
      post(page(view('template'), { field: 'lastName', order: 'DESC' }, Math.floor((total - 1) / 20) * 20)),
    ),
  );
  // the filter drawer: every choice of statuses and mail states (tracking off: sent, not sent, not delivered), 5
  // runs each; the five slowest are timed again like every other case (20 runs), so that the line is the slowest
  // combination's p95 and not the single worst of 525 requests
  const combinations: { name: string; body: Record<string, unknown>; timing: Timing }[] = [];
  for (const statuses of subsets(DEFAULT_STATUS_FILTER)) {
    for (const mailSent of subsets(defaultMailFilter(false))) {
      const body = page(view('template', { statuses, mailSent }));
      const timing = await time(() => post(body), 5);
      combinations.push({ name: `statuses ${statuses.join(',')} mail ${mailSent.join(',')}`, body, timing });
    }
  }
  let worst: { name: string; timing: Timing } | null = null;
  for (const candidate of combinations.sort((a, b) => b.timing.p95 - a.timing.p95).slice(0, 5)) {
    const timing = await time(() => post(candidate.body));
    if (!worst || timing.p95 > worst.timing.p95) worst = { name: candidate.name, timing };
  }
  if (worst) line(`slowest of the 105 status/mail combinations (${worst.name})`, worst.timing);
  let n = 0;
  const searches: [string, () => string][] = [
    ['search a first name (one match)', () => `Learner${10_000 + (n++ % 900_000)}`],
    ['search a last name (1 or 11 in 100 match, counted to 1,000)', () => `doe${n++ % 100}`],
    ['search two words', () => `doe${n % 100} learner${(n++ % 900) + 100}`],
    ['search the middle of an address', () => `ner${100_000 + (n++ % 800_000)}@exam`],
    ['search the middle of a recipient key', () => `d-${(n++ % 9_000) + 1_000}5`],
  ];
  for (const [name, text] of searches) {
    line(name, await time(() => post(page(view('template', { q: text() })))));
  }
  const slowest = results.reduce((a, b) => (b.timing.p95 > a.timing.p95 ? b : a));
  console.info(
    `report on ${database}: slowest p95 ${slowest.timing.p95.toFixed(1)} ms (${slowest.name}), target under 50 ms; ` +
      `measured in ${((Date.now() - started) / 1000).toFixed(0)} s`,
  );
}

/** Certificate PDFs rendered per second against a bare one-line pdf-lib document. */
async function pdfBench(app: LaurelApp, dataDir: string): Promise<void> {
  const db = app.laurel.db;
  const files = localFileStore(path.join(dataDir, 'files'));
  const certificate = await db.selectFrom('certificates').selectAll().limit(1).executeTakeFirstOrThrow();
  const bare = await measure(
    async () => {
      const document = await PDFDocument.create();
      const page = document.addPage([842, 595]);
      page.drawText('Certificate', {
        x: 50,
        y: 500,
        size: 24,
        font: await document.embedFont(StandardFonts.Helvetica),
      });
      await document.save();
    },
    20,
    3,
  );
  const pdf = await measure(() => certificatePdf(db, files, 'http://localhost:8080', certificate), 20, 3);
  console.info(`PDF renders: ${(1000 / pdf.median).toFixed(0)} per second on one core`);
  report('certificate PDF vs bare one-line pdf-lib document', pdf, bare, 'renders per second, no target');
}

if (process.argv[1]?.endsWith('reportBench.ts')) await reportBench();
