import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { nowIso } from '../../server/db/clock';
import { enqueueJob } from '../../server/services/jobs/jobQueue';
import { CAMPAIGN_FOLLOW_UP, CAMPAIGN_WEBHOOK } from '../../server/services/publication/followUp';
import { freePort } from '../support/pgCluster';
import { createBadgeTemplate, publishRows, recipientRows } from './publicationFixtures';
import { signInAdmin } from './signIn';
import { createTestApp, TEST_DATABASES, type TestApp } from './testApp';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitFor<T>(what: string, probe: () => Promise<T | null | undefined | false>, ms: number): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(25);
  }
}

async function publishCampaign(t: TestApp, count: number): Promise<number> {
  const admin = await signInAdmin(t.app);
  const templateId = await createBadgeTemplate(t.app, admin.headers);
  const published = await publishRows(t.app, admin.headers, templateId, recipientRows(count));
  expect(published.statusCode, published.body).toBe(200);
  return published.json<{ campaignId: number }>().campaignId;
}

function campaignJobs(t: TestApp, campaignId: number) {
  return t.app.laurel.db
    .selectFrom('jobs')
    .selectAll()
    .where('payload', 'like', `%"campaignId":${campaignId}}%`)
    .orderBy('id')
    .execute();
}

describe.each(TEST_DATABASES)('background jobs on %s', (database) => {
  describe('singleton keys, leases and a graceful stop', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(database);
    });
    afterAll(async () => t.close());

    it('adds one job per singleton key while it is queued or running, and one follow-up per publish', async () => {
      const db = t.app.laurel.db;
      const first = await enqueueJob(db, 'test.single', { n: 1 }, { singletonKey: 'test.single:1' });
      expect(first).toBeGreaterThan(0);
      expect(await enqueueJob(db, 'test.single', { n: 2 }, { singletonKey: 'test.single:1' })).toBeNull();
      // running still holds the key
      await db.updateTable('jobs').set({ status: 'running' }).where('id', '=', first!).execute();
      expect(await enqueueJob(db, 'test.single', { n: 3 }, { singletonKey: 'test.single:1' })).toBeNull();
      // done frees it
      await db.updateTable('jobs').set({ status: 'done' }).where('id', '=', first!).execute();
      expect(await enqueueJob(db, 'test.single', { n: 4 }, { singletonKey: 'test.single:1' })).toBeGreaterThan(first!);

      const campaignId = await publishCampaign(t, 3);
      const key = `${CAMPAIGN_FOLLOW_UP}:${campaignId}`;
      expect(await enqueueJob(db, CAMPAIGN_FOLLOW_UP, { issuerId: 1, campaignId }, { singletonKey: key })).toBeNull();
      await t.app.laurel.jobs.runUntilIdle();
      const jobs = await campaignJobs(t, campaignId);
      expect(jobs.map((job) => [job.type, job.status, job.attempts])).toEqual([
        [CAMPAIGN_FOLLOW_UP, 'done', 1],
        [CAMPAIGN_WEBHOOK, 'done', 1],
      ]);
      // the follow-up job taken up again (a retried job) finishes nothing twice and queues no second webhook
      await db
        .updateTable('jobs')
        .set({ status: 'queued' })
        .where('type', '=', CAMPAIGN_FOLLOW_UP)
        .where('singleton_key', '=', key)
        .execute();
      await t.app.laurel.jobs.runUntilIdle();
      expect((await campaignJobs(t, campaignId)).filter((job) => job.type === CAMPAIGN_WEBHOOK)).toHaveLength(1);
      await db.deleteFrom('jobs').where('type', '=', 'test.single').execute();
    });

    it('takes up a running job whose lease lapsed (its process died), not one whose lease holds', async () => {
      const db = t.app.laurel.db;
      const ran: number[] = [];
      t.app.laurel.jobs.register('test.lease', async (payload) => {
        ran.push((payload as { n: number }).n);
      });
      const held = (await enqueueJob(db, 'test.lease', { n: 1 }))!;
      const lapsed = (await enqueueJob(db, 'test.lease', { n: 2 }))!;
      const inAMinute = nowIso(new Date(Date.now() + 60_000));
      const aSecondAgo = nowIso(new Date(Date.now() - 1000));
      await db
        .updateTable('jobs')
        .set({ status: 'running', attempts: 1, lease_owner: 'other-process', lease_until: inAMinute })
        .where('id', '=', held)
        .execute();
      await db
        .updateTable('jobs')
        .set({ status: 'running', attempts: 1, lease_owner: 'dead-process', lease_until: aSecondAgo })
        .where('id', '=', lapsed)
        .execute();
      expect(await t.app.laurel.jobs.runUntilIdle()).toBe(1);
      expect(ran).toEqual([2]);
      const rows = await db.selectFrom('jobs').selectAll().where('type', '=', 'test.lease').orderBy('id').execute();
      expect(rows.map((row) => [row.status, row.attempts, row.lease_owner])).toEqual([
        ['running', 1, 'other-process'],
        ['done', 2, null],
      ]);
      // the process that lost its lease cannot record an end over the new owner's
      await db.deleteFrom('jobs').where('type', '=', 'test.lease').execute();
    });
  });

  describe('stop()', () => {
    let t: TestApp;
    afterEach(async () => t?.close());

    it('releases a running job on a graceful stop: queued again at once, the attempt not counted', async () => {
      t = await createTestApp(database, { JOB_POLL_MS: '20' });
      const db = t.app.laurel.db;
      let started = false;
      t.app.laurel.jobs.register('test.slow', async () => {
        started = true;
        await sleep(3000);
      });
      const id = (await enqueueJob(db, 'test.slow', {}))!;
      t.app.laurel.jobs.wake();
      await waitFor('the job to start', async () => started, 10_000);
      const running = await db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      expect(running).toMatchObject({ status: 'running', attempts: 1 });
      expect(running.lease_owner).not.toBeNull();
      expect(Date.parse(running.lease_until!)).toBeGreaterThan(Date.now());

      const stopping = t.app.laurel.jobs.stop({ graceMs: 100 });
      const ready = await t.app.inject({ method: 'GET', url: '/api/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({ ok: false, database: 'up', queue: 'down' });
      await stopping;
      const released = await db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      expect(released).toMatchObject({ status: 'queued', attempts: 0, lease_owner: null, lease_until: null });
      expect(Date.parse(released.run_at)).toBeLessThanOrEqual(Date.now());
      // the handler ending after the release records nothing over the queued row
      await sleep(3200);
      expect(await db.selectFrom('jobs').select('status').where('id', '=', id).executeTakeFirstOrThrow()).toEqual({
        status: 'queued',
      });
    });

    it('lets a running job finish within the grace period', async () => {
      t = await createTestApp(database, { JOB_POLL_MS: '20' });
      const db = t.app.laurel.db;
      let started = false;
      t.app.laurel.jobs.register('test.short', async () => {
        started = true;
        await sleep(300);
      });
      const id = (await enqueueJob(db, 'test.short', {}))!;
      t.app.laurel.jobs.wake();
      await waitFor('the job to start', async () => started, 10_000);
      await t.app.laurel.jobs.stop({ graceMs: 5000 });
      expect(await db.selectFrom('jobs').select('status').where('id', '=', id).executeTakeFirstOrThrow()).toEqual({
        status: 'done',
      });
    });
  });

  describe('LAUREL_ROLE', () => {
    let t: TestApp;
    afterEach(async () => t?.close());

    it('web serves the API and only enqueues: nothing runs', async () => {
      t = await createTestApp(database, { LAUREL_ROLE: 'web', JOB_POLL_MS: '20' });
      const campaignId = await publishCampaign(t, 2);
      await sleep(1500);
      const jobs = await campaignJobs(t, campaignId);
      expect(jobs.map((job) => [job.type, job.status, job.attempts])).toEqual([[CAMPAIGN_FOLLOW_UP, 'queued', 0]]);
      const ready = await t.app.inject({ method: 'GET', url: '/api/ready' });
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toEqual({ ok: true, database: 'up', queue: 'up', role: 'web', jobs: false });
    });

    it('worker answers only /api/health and /api/ready, and runs the jobs', async () => {
      t = await createTestApp(database, { LAUREL_ROLE: 'worker', JOB_POLL_MS: '20' });
      expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
      const ready = await t.app.inject({ method: 'GET', url: '/api/ready' });
      expect(ready.json()).toEqual({ ok: true, database: 'up', queue: 'up', role: 'worker', jobs: true });
      for (const url of ['/api/who', '/api/admin/data', '/api/openapi.json', '/', '/api/ready/x']) {
        expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
      }
      const ran: string[] = [];
      t.app.laurel.jobs.register('test.worker', async () => {
        ran.push('ran');
      });
      await enqueueJob(t.app.laurel.db, 'test.worker', {});
      t.app.laurel.jobs.wake();
      await waitFor('the worker to run the job', async () => ran.length === 1, 10_000);
    });

    it('all (the default) serves the API and runs the jobs', async () => {
      t = await createTestApp(database);
      const ready = await t.app.inject({ method: 'GET', url: '/api/ready' });
      expect(ready.json()).toEqual({ ok: true, database: 'up', queue: 'up', role: 'all', jobs: true });
    });
  });
});

/**
 * Two worker processes (tsx server/main.ts, LAUREL_ROLE=worker) on the test's database; the one signing a campaign of
 * a few thousand certificates is killed with SIGKILL mid-signing; the other takes the job up once its lease lapsed
 * and every certificate ends with one credential, those stored before the kill unchanged, the campaign Done once.
 */
describe.each(TEST_DATABASES)('a worker process killed mid-signing on %s', (database) => {
  const ROWS = 4000;
  const LEASE_SECONDS = 5;
  let t: TestApp;
  const workers: ChildProcess[] = [];
  let output = '';

  beforeAll(async () => {
    // this process only enqueues
    t = await createTestApp(database, { LAUREL_ROLE: 'web', LAUREL_INITIAL_CREDITS: String(ROWS + 10) });
  }, 60_000);

  afterAll(async () => {
    for (const worker of workers) {
      if (worker.exitCode === null && worker.signalCode === null) {
        worker.kill('SIGKILL');
        await new Promise((resolve) => worker.once('exit', resolve));
      }
    }
    await t?.close();
  });

  async function startWorker(): Promise<{ process: ChildProcess; url: string }> {
    const port = await freePort();
    // node with tsx's loader, not the tsx command: one process, whose pid is the one holding the lease
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      env: {
        ...process.env,
        DATA_DIR: t.config.dataDir,
        ...(t.config.databaseUrl ? { DATABASE_URL: t.config.databaseUrl } : {}),
        PUBLIC_URL: 'http://laurel.test',
        WEB_ROOT: 'none',
        LOG_LEVEL: 'warn',
        LAUREL_ROLE: 'worker',
        JOB_POLL_MS: '100',
        JOB_LEASE_SECONDS: String(LEASE_SECONDS),
        PORT: String(port),
        HOST: '127.0.0.1',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    workers.push(child);
    return { process: child, url: `http://127.0.0.1:${port}` };
  }

  async function ready(url: string): Promise<boolean> {
    try {
      const answer = await fetch(`${url}/api/ready`, { signal: AbortSignal.timeout(2000) });
      return answer.status === 200;
    } catch {
      return false;
    }
  }

  const signed = (campaignId: number) =>
    t.app.laurel.db
      .selectFrom('certificates')
      .select(['id', 'credential'])
      .where('campaign_id', '=', campaignId)
      .where('credential', 'is not', null)
      .execute();

  it('issues every credential exactly once within a minute of the kill', async () => {
    // two workers wait for work; one of them takes the job once it is published
    const standby = await startWorker();
    await waitFor(`the standby worker to start:\n${output}`, () => ready(standby.url), 120_000);
    const other = await startWorker();
    await waitFor(`the second worker to start:\n${output}`, () => ready(other.url), 120_000);
    const campaignId = await publishCampaign(t, ROWS);
    const { n } = await t.app.laurel.db
      .selectFrom('certificates')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('campaign_id', '=', campaignId)
      .executeTakeFirstOrThrow();
    const total = Number(n);
    expect(total).toBeGreaterThanOrEqual(ROWS);
    const before = await waitFor(
      `the first chunks signed:\n${output}`,
      async () => {
        const rows = await signed(campaignId);
        return rows.length > 0 ? rows : null;
      },
      120_000,
    );
    // the job is held by one of the two processes (its pid leads the lease owner), which is now killed
    const [held] = await campaignJobs(t, campaignId);
    const pid = Number(held.lease_owner?.split(':')[0]);
    const first = [standby, other].find((worker) => worker.process.pid === pid);
    const survivor = first === standby ? other : standby;
    expect(first, `a worker process holds the job (${held.lease_owner})`).toBeDefined();
    first!.process.kill('SIGKILL');
    const killedAt = Date.now();
    await new Promise((resolve) => first!.process.once('exit', resolve));
    // the kill caught the signing midway (chunks of 500 are stored one transaction each)
    const atKill = await signed(campaignId);
    expect(atKill.length, 'signing was caught midway').toBeLessThan(total);
    expect(atKill.length).toBeGreaterThanOrEqual(before.length);
    const [heldJob] = await campaignJobs(t, campaignId);
    expect(heldJob).toMatchObject({ type: CAMPAIGN_FOLLOW_UP, status: 'running', attempts: 1 });

    await waitFor(
      `the campaign done by the standby worker:\n${output}`,
      async () => {
        const campaign = await t.app.laurel.db
          .selectFrom('campaigns')
          .select('status')
          .where('id', '=', campaignId)
          .executeTakeFirstOrThrow();
        return campaign.status === 'Done';
      },
      60_000,
    );
    const tookMs = Date.now() - killedAt;
    expect(tookMs, 'every credential issued within a minute of the kill').toBeLessThan(60_000);
    // not before the lease lapsed: the standby worker did not take a job that was held
    expect(tookMs).toBeGreaterThanOrEqual(LEASE_SECONDS * 1000 - 1000);

    const after = await signed(campaignId);
    expect(after).toHaveLength(total);
    const byId = new Map(after.map((row) => [row.id, row.credential]));
    // those stored before the kill were not signed again
    for (const row of atKill) expect(byId.get(row.id)).toBe(row.credential);
    const jobs = await campaignJobs(t, campaignId);
    expect(jobs.map((job) => [job.type, job.status])).toEqual([
      [CAMPAIGN_FOLLOW_UP, 'done'],
      [CAMPAIGN_WEBHOOK, 'done'],
    ]);
    expect(jobs[0].attempts).toBe(2);
    expect(survivor.process.exitCode, output).toBeNull();

    // SIGTERM: the surviving worker shuts down gracefully
    survivor.process.kill('SIGTERM');
    const code = await new Promise((resolve) => survivor.process.once('exit', resolve));
    expect(code).toBe(0);
  }, 300_000);
});
