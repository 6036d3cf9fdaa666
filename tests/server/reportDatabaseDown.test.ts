import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publishCampaign, recipientRows } from './publicationFixtures';
import { signInAdmin } from './signIn';
import { createTestApp, type TestApp } from './testApp';

/**
 * Issue 27: the report with its counters when PostgreSQL terminates the connections of a request in flight.
 * reportRows used to start the counters' query, then await the campaign's template: both rejected, the first was
 * answered 503 and the second became an unhandled rejection, which ends a server process. Here both queries are
 * held on a lock of the campaigns table until both wait, then their backends are terminated (57P01, what a
 * restart or a failover does), so both reject whatever the machine's speed.
 */
describe('the report with counters when PostgreSQL terminates its connections', () => {
  let t: TestApp;
  let admin: pg.Client;
  let headers: Record<string, string>;
  let campaignId: number;
  const unhandled: unknown[] = [];
  const onUnhandled = (reason: unknown) => unhandled.push(reason);

  beforeAll(async () => {
    t = await createTestApp('postgres');
    headers = (await signInAdmin(t.app)).headers;
    ({ campaignId } = await publishCampaign(t.app, headers, recipientRows(3)));
    admin = new pg.Client({ connectionString: t.config.databaseUrl ?? undefined });
    await admin.connect();
    process.on('unhandledRejection', onUnhandled);
  }, 60_000);

  afterAll(async () => {
    process.off('unhandledRejection', onUnhandled);
    await admin?.end();
    await t?.close();
  });

  const report = (payload: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/admin/data_post',
      headers,
      payload: { campaignId, offset: 0, limit: 20, counter: true, ...payload },
    });

  /**
   * Until `answered` settles, terminates every backend of the test's database that waits on a lock, then releases the
   * lock. Not "once two wait": on a loaded machine the request's second query may still be waiting for a pool
   * connection (a job of the publish holding one) when the first is terminated, and would never join the count.
   */
  async function terminateLockWaitersUntil(answered: Promise<unknown>): Promise<void> {
    let settled = false;
    const settle = () => {
      settled = true;
    };
    answered.then(settle, settle);
    while (!settled) {
      const waiting = await admin.query<{ pid: number }>(
        `select pid from pg_stat_activity
          where datname = current_database() and pid <> pg_backend_pid() and wait_event_type = 'Lock'`,
      );
      const pids = waiting.rows.map((row) => row.pid);
      if (pids.length > 0) await admin.query('select pg_terminate_backend(pid) from unnest($1::int[]) as pid', [pids]);
      await sleep(20);
    }
    await admin.query('rollback');
  }

  it.each([
    { view: 'the campaign', filter: undefined },
    { view: 'a search', filter: 'someone' },
  ])(
    '$view: answers 503 with Retry-After and leaves no rejection unhandled',
    async ({ filter }) => {
      const before = await report({ filter });
      expect(before.statusCode, before.body).toBe(200);
      expect(before.json()).toMatchObject({ counters: { total: 3 } });

      await admin.query('begin');
      await admin.query('lock table campaigns in access exclusive mode');
      // the campaign's template and the header's counters both read the campaigns table
      const answering = report({ filter });
      const [answer] = await Promise.all([answering, terminateLockWaitersUntil(answering)]);
      expect(answer.statusCode, answer.body).toBe(503);
      expect(answer.headers['retry-after']).toMatch(/^\d+$/);
      expect(answer.json()).toMatchObject({ code: 'DATABASE_UNAVAILABLE' });

      // the pool opens fresh connections: the report answers again, and every query of the failed request settled
      let after = await report({ filter });
      while (after.statusCode === 503) {
        await sleep(100);
        after = await report({ filter });
      }
      expect(after.statusCode, after.body).toBe(200);
      expect(after.json()).toMatchObject({ counters: { total: 3 } });
      // Node reports a rejection nobody handled once the microtasks of a turn have run
      await new Promise((resolve) => setImmediate(resolve));
      expect(unhandled.map((reason) => String(reason))).toEqual([]);
    },
    60_000,
  );
});
