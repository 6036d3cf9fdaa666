import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { freePort, startPgCluster, type PgCluster } from '../support/pgCluster';
import { compiledServerFile } from './compiledServer';
import { createBadgeTemplate, recipientRows } from './publicationFixtures';
import { signInAdmin } from './signIn';
import { createTestApp, TEST_DATABASES, type TestApp } from './testApp';

describe.each(TEST_DATABASES)('GET /api/health on %s', (database) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(database);
  });
  afterAll(async () => t.close());

  it('says the database is up', async () => {
    const answer = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ ok: true, database: 'up' });
  });
});

/**
 * The real server process (the compiled server/main.ts, what `npm start` runs) on a PostgreSQL cluster of this test's own, under a steady load of
 * publishes, while the cluster is stopped (fast shutdown: every connection gets 57P01) and started again.
 */
describe('a PostgreSQL restart under load', () => {
  let cluster: PgCluster;
  let server: ChildProcess;
  let output = '';
  let baseUrl: string;
  let headers: Record<string, string>;
  let templateId: number;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'laurel-restart-'));

  beforeAll(async () => {
    cluster = await startPgCluster();
    const env = {
      DATA_DIR: dataDir,
      DATABASE_URL: cluster.url,
      PUBLIC_URL: 'http://laurel.test',
      WEB_ROOT: 'none',
      LOG_LEVEL: 'warn',
      LAUREL_INITIAL_CREDITS: '100000',
    };
    // the schema, the first issuer, a template and a session, made in-process before the server starts
    const setup = await buildApp(loadConfig({ ...env, JOB_POLL_MS: '0' }), { logger: false });
    const admin = await signInAdmin(setup);
    headers = { ...admin.headers, 'content-type': 'application/json' };
    templateId = await createBadgeTemplate(setup, admin.headers);
    await setup.close();

    const port = await freePort();
    baseUrl = `http://127.0.0.1:${port}`;
    server = spawn(process.execPath, [compiledServerFile('main')], {
      env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    server.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    server.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    // the bundle built once for the run (tests/server/compiledServerSetup.ts): no TypeScript compiled in the child
    const deadline = Date.now() + 90_000;
    while (Date.now() < deadline) {
      if (await health()) return;
      await sleep(200);
    }
    throw new Error(`the server did not start:\n${output}`);
  }, 150_000);

  afterAll(async () => {
    if (server && server.exitCode === null) {
      server.kill('SIGTERM');
      await new Promise((resolve) => server.once('exit', resolve));
    }
    cluster?.destroy();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  /** Waits until `done()` is true or `ms` have passed (the expectations after it tell which). */
  async function within(done: () => boolean, ms: number): Promise<void> {
    const end = Date.now() + ms;
    while (!done() && Date.now() < end) await sleep(50);
  }

  async function health(): Promise<{ status: number; body: Record<string, unknown> } | null> {
    try {
      const answer = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(3000) });
      return { status: answer.status, body: (await answer.json()) as Record<string, unknown> };
    } catch {
      return null;
    }
  }

  it('keeps the process up, reports the database down, answers again within 10 s and loses no committed publish', async () => {
    const committed: { campaignId: number; key: string }[] = [];
    const statuses = new Map<number | string, number>();
    let loading = true;
    let sequence = 0;

    async function publishLoop(worker: number): Promise<void> {
      while (loading) {
        const key = `restart-${worker}-${sequence++}`;
        try {
          const answer = await fetch(`${baseUrl}/api/admin/data`, {
            method: 'POST',
            headers: { ...headers, 'idempotency-key': key },
            body: JSON.stringify({
              templateId,
              data: recipientRows(2),
              contentType: 'json',
              notes: key,
              'automated-emailing': false,
              // the same two recipients each time, on purpose
              duplicateBehavior: 'allow',
            }),
            signal: AbortSignal.timeout(15_000),
          });
          statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
          const body = (await answer.json()) as { campaignId?: number };
          if (answer.status === 200 && body.campaignId) committed.push({ campaignId: body.campaignId, key });
        } catch (error) {
          const name = (error as Error).name;
          statuses.set(name, (statuses.get(name) ?? 0) + 1);
          await sleep(50);
        }
      }
    }

    const load = Promise.all([0, 1, 2, 3].map(publishLoop));
    // awaited after the restarts: handled from now on, so a failure meanwhile fails the test there, not the process
    load.catch(() => undefined);
    // a few publishes committed, rather than a fixed 1.5 s of the load (the load is most of the test's CPU)
    await within(() => committed.length >= 4, 15_000);
    const beforeRestart = committed.length;
    expect(beforeRestart, 'publishes commit before the restart').toBeGreaterThan(0);

    cluster.stop('fast');
    const down = await health();
    expect(down, `the server answers while the database is down:\n${output}`).not.toBeNull();
    expect(down).toMatchObject({ status: 503, body: { ok: false, database: 'down' } });
    await sleep(1000);
    expect(server.exitCode, `the server process ended:\n${output}`).toBeNull();

    cluster.start();
    const restarted = Date.now();
    let upAgain: number | null = null;
    while (Date.now() - restarted < 10_000) {
      const answer = await health();
      if (answer?.status === 200) {
        upAgain = Date.now() - restarted;
        break;
      }
      await sleep(100);
    }
    expect(upAgain, `the server answered healthy within 10 s of the restart:\n${output}`).not.toBeNull();

    const afterRecovery = committed.length;
    // a few more publishes committed after the recovery, rather than a fixed 2 s of the load
    await within(() => committed.length >= afterRecovery + 4, 15_000);
    loading = false;
    await load;
    expect(committed.length, 'publishes commit again after the restart').toBeGreaterThan(afterRecovery);
    expect(server.exitCode, `the server process ended:\n${output}`).toBeNull();
    expect(statuses.get(500) ?? 0, `no request failed as an internal error: ${JSON.stringify([...statuses])}`).toBe(0);

    const client = new pg.Client({ connectionString: cluster.url });
    await client.connect();
    try {
      const ids = committed.map((c) => c.campaignId);
      const campaigns = await client.query<{ id: number; certificates: string }>(
        `select c.id, (select count(*) from certificates where campaign_id = c.id) as certificates
           from campaigns c where c.id = any($1::int[])`,
        [ids],
      );
      expect(campaigns.rows.map((row) => row.id).sort((a, b) => a - b)).toEqual([...ids].sort((a, b) => a - b));
      for (const row of campaigns.rows) expect(Number(row.certificates)).toBe(2);
    } finally {
      await client.end();
    }
  }, 90_000);
});
