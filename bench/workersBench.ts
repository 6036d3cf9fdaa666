import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { openDatabase } from '../server/db/connection';
import { listOutbox } from '../server/repositories/outbox';
import { buildCompiledServer, startLaurel, type LaurelProcess } from '../tests/support/laurelProcess';
import { startPgCluster } from '../tests/support/pgCluster';
import { recipientRows } from '../tests/server/publicationFixtures';
import { badgePayload, multipartForm, svgLogo } from '../tests/server/templateFixtures';
import { report } from './measure';

const CAMPAIGNS = 4;
const ROWS_PER_CAMPAIGN = 2_500;

/**
 * Publish-and-sign of 10,000 rows on PostgreSQL with one Laurel process, then with two on the same kind of fresh
 * database (issue 19): the compiled server as child processes, the rows published as four campaigns of 2,500 so
 * that there are jobs for both processes to take (one campaign's signing is one job). Timed from the first
 * publish until every credential is stored. The figure is the two-process time over the one-process time: at
 * best about 0.5 on an idle machine with two free cores.
 */
export async function workersBench(): Promise<void> {
  const cluster = await startPgCluster();
  const compiled = buildCompiledServer();
  const credentialsKey = randomBytes(32).toString('hex');
  try {
    const timing = async (processes: number): Promise<number> => {
      const name = `laurel_bench_workers_${processes}`;
      const admin = new pg.Client({ connectionString: cluster.url });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${name}`);
      await admin.end();
      const url = new URL(cluster.url);
      url.pathname = `/${name}`;
      const databaseUrl = url.toString();
      const servers: LaurelProcess[] = [];
      const dirs: string[] = [];
      const db = openDatabase({ databaseUrl, dataDir: os.tmpdir() });
      try {
        for (let i = 0; i < processes; i += 1) {
          const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'laurel-bench-workers-'));
          dirs.push(dataDir);
          servers.push(
            await startLaurel(compiled.main, {
              DATA_DIR: dataDir,
              DATABASE_URL: databaseUrl,
              CREDENTIALS_KEY: credentialsKey,
              // one address for all: it is the session tokens' issuer
              PUBLIC_URL: 'http://laurel.bench',
              JOB_POLL_MS: '100',
              LAUREL_INITIAL_CREDITS: '1000000',
              LOG_LEVEL: 'error',
            }),
          );
        }
        const base = servers[0].url;
        await fetch(`${base}/api/admin/login?email=admin%40example.org`, { method: 'POST' });
        const [message] = (await listOutbox(db.db, 'admin@example.org')).slice(-1);
        const secret = /\/login\/([A-Za-z0-9_-]{43})/.exec(message.text_body)![1];
        const exchange = await fetch(`${base}/api/admin/login/token`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ token: secret }),
        });
        const headers = { authorization: `Bearer ${((await exchange.json()) as { token: string }).token}` };
        const form = multipartForm([{ name: 'json', value: JSON.stringify(badgePayload()) }, svgLogo()]);
        const created = await fetch(`${base}/api/template/mc`, {
          method: 'POST',
          headers: { ...headers, ...form.headers },
          body: new Uint8Array(form.payload),
        });
        const templateId = ((await created.json()) as { id: number }).id;

        const start = performance.now();
        for (let c = 0; c < CAMPAIGNS; c += 1) {
          const rows = recipientRows(ROWS_PER_CAMPAIGN).map((row) => ({ ...row, ID: `C${c}-${row.ID}` }));
          const published = await fetch(`${servers[c % processes].url}/api/admin/data`, {
            method: 'POST',
            headers: { ...headers, 'content-type': 'application/json' },
            body: JSON.stringify({ templateId, data: rows, contentType: 'json' }),
          });
          if (published.status !== 200) throw new Error(`publish answered ${published.status}`);
        }
        for (;;) {
          const row = await db.db
            .selectFrom('certificates')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('credential', 'is not', null)
            .executeTakeFirstOrThrow();
          if (Number(row.n) >= CAMPAIGNS * ROWS_PER_CAMPAIGN) break;
          await new Promise((resolve) => setTimeout(resolve, 200));
        }
        return performance.now() - start;
      } finally {
        await Promise.all(servers.map((server) => server.stop()));
        await db.close();
        for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
      }
    };
    const one = await timing(1);
    const two = await timing(2);
    const perSecond = (ms: number) => ((CAMPAIGNS * ROWS_PER_CAMPAIGN) / (ms / 1000)).toFixed(0);
    console.info(`workers: one process ${perSecond(one)} credentials/s, two processes ${perSecond(two)} credentials/s`);
    report(
      'publish and sign 10,000 rows on PostgreSQL: two Laurel processes vs one',
      { median: two },
      { median: one },
      '≤ 0.75 on two free cores',
    );
  } finally {
    compiled.remove();
    cluster.destroy();
  }
}
