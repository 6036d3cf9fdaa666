import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CERTIFICATE_STATUS } from '../../domain/certificates';
import { isPostgres } from '../../server/db/migrationHelpers';
import { freePort } from '../support/freePort';
import { waitFor } from '../support/waitFor';
import { createBadgeTemplate, publishRows, recipientRows } from './publicationFixtures';
import { signInAdmin } from './signIn';
import { createTestApp, TEST_DATABASES, type TestApp } from './testApp';
import { compiledServerFile } from './compiledServer';

const ROWS = 3000;

/**
 * Issue 28, "the whole operation is one transaction (a crash leaves either the old or the new state, never both or
 * neither)": a server process re-issuing 3,000 certificates is killed with SIGKILL while its transaction is open (on
 * PostgreSQL: seen holding a transaction id in pg_stat_activity; on SQLite: seen holding the write lock), then the
 * database is read by another process: the old certificates are all still valid, no correction campaign, no
 * replacement, no credit spent. The same re-issue retried under its Idempotency-Key then replaces each one once.
 */
describe.each(TEST_DATABASES)('a re-issue killed with SIGKILL midway on %s', (database) => {
  let t: TestApp;
  let headers: Record<string, string>;
  let issuerId: number;
  let keys: string[];
  let child: ChildProcess | null = null;

  beforeAll(async () => {
    // this process only reads and publishes; the child serves the re-issue
    t = await createTestApp(database, { LAUREL_ROLE: 'web', LAUREL_INITIAL_CREDITS: String(3 * ROWS) });
    ({ headers, issuerId } = await signInAdmin(t.app));
    const templateId = await createBadgeTemplate(t.app, headers);
    const published = await publishRows(t.app, headers, templateId, recipientRows(ROWS));
    expect(published.statusCode, published.body).toBe(200);
    keys = (
      await t.app.laurel.db
        .selectFrom('certificates')
        .select('key')
        .where('campaign_id', '=', published.json<{ campaignId: number }>().campaignId)
        .orderBy('id')
        .execute()
    ).map((row) => row.key);
  }, 120_000);

  afterAll(async () => {
    lockProbe?.close();
    if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await t?.close();
  });

  async function startServer(): Promise<{ process: ChildProcess; url: string }> {
    const port = await freePort();
    const server = spawn(process.execPath, [compiledServerFile('main')], {
      env: {
        ...process.env,
        DATA_DIR: t.config.dataDir,
        ...(t.config.databaseUrl ? { DATABASE_URL: t.config.databaseUrl } : {}),
        PUBLIC_URL: 'http://laurel.test',
        WEB_ROOT: 'none',
        LOG_LEVEL: 'warn',
        LAUREL_ROLE: 'web',
        PORT: String(port),
        HOST: '127.0.0.1',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const url = `http://127.0.0.1:${port}`;
    await waitFor(
      'the server to start',
      async () => {
        try {
          return (await fetch(`${url}/api/ready`, { signal: AbortSignal.timeout(2000) })).status === 200;
        } catch {
          return false;
        }
      },
      120_000,
    );
    return { process: server, url };
  }

  const db = () => t.app.laurel.db;
  const credits = async () =>
    (await db().selectFrom('issuers').select('credits').where('id', '=', issuerId).executeTakeFirstOrThrow()).credits;
  const statuses = async () =>
    (await db().selectFrom('certificates').select('status_id').where('key', 'in', keys).execute()).map(
      (row) => row.status_id,
    );
  const count = async (table: 'certificate_replacements' | 'campaigns') =>
    Number(
      (
        await db()
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  /**
   * Whether another session holds a write transaction. PostgreSQL: a session with a transaction id. SQLite: the write
   * lock, seen held by a connection of ours that tries to take it without waiting, at three looks in a row (15 ms and
   * more), so that a short write is not taken for the re-issue's (which holds it from its first statement to its
   * commit). The write-ahead log's size was not enough: while the page cache holds a transaction's pages it grows only
   * at the commit, and a kill on seeing it could land after the commit.
   */
  let lockProbe: SQLite.Database | null = null;
  let heldLooks = 0;
  const midTransaction = async () => {
    if (isPostgres(db())) {
      const rows = await sql<{ n: number | string }>`select count(*) as n from pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid() and backend_xid is not null`.execute(db());
      return Number(rows.rows[0]?.n ?? 0) > 0;
    }
    lockProbe ??= new SQLite(path.join(t.config.dataDir, 'laurel.db'), { timeout: 0 });
    try {
      lockProbe.exec('BEGIN IMMEDIATE');
      lockProbe.exec('ROLLBACK');
      heldLooks = 0;
    } catch (error) {
      if ((error as { code?: string }).code !== 'SQLITE_BUSY') throw error;
      heldLooks += 1;
    }
    return heldLooks >= 3;
  };

  it('leaves the old state whole, and the retry replaces each certificate once', async () => {
    const server = await startServer();
    child = server.process;
    const before = { credits: await credits(), campaigns: await count('campaigns') };
    const body = JSON.stringify({
      certificates: keys.map((key) => ({ key, changes: { firstName: 'Corrected' } })),
      reason: 'Names misspelt',
    });
    const request = {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json', 'idempotency-key': 'reissue-killed' },
      body,
    };
    const answer = fetch(`${server.url}/api/admin/certificates/reissue`, request).then(
      (response) => response.status,
      () => 'no answer' as const,
    );
    await waitFor('the re-issue transaction to be open', midTransaction, 60_000, 5);
    server.process.kill('SIGKILL');
    await new Promise((resolve) => server.process.once('exit', resolve));
    expect(await answer, 'the process died before it answered').toBe('no answer');

    // nothing half-done: every old certificate still valid, no correction, no credit spent
    expect(new Set(await statuses())).toEqual(new Set([CERTIFICATE_STATUS.validated]));
    expect(await count('certificate_replacements')).toBe(0);
    expect(await count('campaigns')).toBe(before.campaigns);
    expect(await credits()).toBe(before.credits);

    // the client retries with its key on a server that came back: one replacement each, one debit
    const again = await startServer();
    child = again.process;
    const retried = await fetch(`${again.url}/api/admin/certificates/reissue`, request);
    expect(retried.status, await retried.clone().text()).toBe(200);
    expect((await retried.json()).replaced).toBe(ROWS);
    const repeated = await fetch(`${again.url}/api/admin/certificates/reissue`, request);
    expect(repeated.status).toBe(200);
    expect(new Set(await statuses())).toEqual(new Set([CERTIFICATE_STATUS.replaced]));
    expect(await count('certificate_replacements')).toBe(ROWS);
    expect(await credits()).toBe(before.credits - ROWS);
    again.process.kill('SIGTERM');
    await new Promise((resolve) => again.process.once('exit', resolve));
  }, 240_000);
});
