import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { enqueueJob } from '../../server/services/jobs/jobQueue';
import { createJobQueue, type JobQueue } from '../../server/services/jobs/jobs';
import { DEAD_LETTER_QUEUE } from '../../server/services/jobs/pgBossQueue';
import { CAMPAIGN_FOLLOW_UP, CAMPAIGN_WEBHOOK } from '../../server/services/publication/followUp';
import { freePort } from '../support/pgCluster';
import { waitFor } from '../support/waitFor';
import { createBadgeTemplate, publishRows, recipientRows } from './publicationFixtures';
import { signInAdmin } from './signIn';
import { createTestApp, TEST_DATABASES, type TestApp } from './testApp';
import { compiledServerFile } from './compiledServer';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A promise and the function that settles it: a handler that runs until the test lets it end. */
function gate(): { promise: Promise<void>; open: () => void } {
  let open = () => {};
  const promise = new Promise<void>((resolve) => (open = resolve));
  return { promise, open };
}

const quiet = { error: () => {}, warn: () => {}, info: () => {} };

async function publishCampaign(t: TestApp, count: number): Promise<number> {
  const admin = await signInAdmin(t.app);
  const templateId = await createBadgeTemplate(t.app, admin.headers);
  const published = await publishRows(t.app, admin.headers, templateId, recipientRows(count));
  expect(published.statusCode, published.body).toBe(200);
  return published.json<{ campaignId: number }>().campaignId;
}

/** The jobs of a campaign (follow-up and webhook), through the job interface, oldest first. */
function campaignJobs(t: TestApp, campaignId: number) {
  return t.app.laurel.jobs.find({ payload: { campaignId } });
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
      const jobs = t.app.laurel.jobs;
      const running = gate();
      let started = 0;
      jobs.register('test.single', async () => {
        started++;
        await running.promise;
      });
      const first = await enqueueJob(db, 'test.single', { n: 1 }, { singletonKey: 'test.single:1' });
      expect(first).toBeTruthy();
      expect(await enqueueJob(db, 'test.single', { n: 2 }, { singletonKey: 'test.single:1' })).toBeNull();
      // running still holds the key
      const draining = jobs.runUntilIdle();
      draining.catch(() => undefined); // awaited below; handled now so that a failure meanwhile is not unhandled
      await waitFor('the job to start', async () => started === 1, 10_000);
      expect((await jobs.find({ type: 'test.single' })).map((job) => job.state)).toEqual(['running']);
      expect(await enqueueJob(db, 'test.single', { n: 3 }, { singletonKey: 'test.single:1' })).toBeNull();
      // done frees it
      running.open();
      expect(await draining).toBe(1);
      const again = await enqueueJob(db, 'test.single', { n: 4 }, { singletonKey: 'test.single:1' });
      expect(again).toBeTruthy();
      expect(again).not.toBe(first);
      await jobs.runUntilIdle();
      expect((await jobs.find({ type: 'test.single' })).map((job) => [job.payload, job.state])).toEqual([
        [{ n: 1 }, 'done'],
        [{ n: 4 }, 'done'],
      ]);
      // within the caller's transaction: a job enqueued in a transaction that rolls back does not exist
      await db
        .transaction()
        .execute(async (trx) => {
          expect(await enqueueJob(trx, 'test.single', { n: 5 }, { singletonKey: 'test.single:2' })).toBeTruthy();
          throw new Error('rolled back');
        })
        .catch(() => undefined);
      expect(await jobs.find({ type: 'test.single', payload: { n: 5 } })).toEqual([]);

      const campaignId = await publishCampaign(t, 3);
      const key = `${CAMPAIGN_FOLLOW_UP}:${campaignId}`;
      expect(await enqueueJob(db, CAMPAIGN_FOLLOW_UP, { issuerId: 1, campaignId }, { singletonKey: key })).toBeNull();
      await jobs.runUntilIdle();
      const done = await campaignJobs(t, campaignId);
      expect(done.map((job) => [job.type, job.state, job.attempts])).toEqual([
        [CAMPAIGN_FOLLOW_UP, 'done', 1],
        [CAMPAIGN_WEBHOOK, 'done', 1],
      ]);
      // the follow-up run again (as a retried job would) finishes nothing twice and queues no second webhook
      expect(await enqueueJob(db, CAMPAIGN_FOLLOW_UP, done[0].payload as object, { singletonKey: key })).toBeTruthy();
      await jobs.runUntilIdle();
      const after = await campaignJobs(t, campaignId);
      expect(after.map((job) => [job.type, job.state])).toEqual([
        [CAMPAIGN_FOLLOW_UP, 'done'],
        [CAMPAIGN_WEBHOOK, 'done'],
        [CAMPAIGN_FOLLOW_UP, 'done'],
      ]);
    });

    it('retries a failing job with back-off until its attempts are spent, then marks it failed', async () => {
      const jobs = t.app.laurel.jobs;
      let calls = 0;
      jobs.register('test.fail', async () => {
        calls++;
        throw new Error(`broken ${calls}`);
      });
      await enqueueJob(t.app.laurel.db, 'test.fail', { probe: 'fail' }, { maxAttempts: 2 });
      expect(await jobs.runUntilIdle()).toBe(1);
      const [retried] = await jobs.find({ type: 'test.fail' });
      expect(retried).toMatchObject({ state: 'queued', attempts: 1, lastError: 'broken 1' });
      // not due before its back-off (2 s or more)
      expect(Date.parse(retried.runAt) - Date.now()).toBeGreaterThan(1000);
      expect(await jobs.runUntilIdle()).toBe(0);
      await waitFor('the retry', async () => (await jobs.runUntilIdle()) === 1, 15_000);
      expect(await jobs.find({ type: 'test.fail' })).toMatchObject([
        { state: 'failed', attempts: 2, lastError: 'broken 2' },
      ]);
      expect(calls).toBe(2);
      // on PostgreSQL pg-boss copies a job out of attempts to the dead letters, which nobody works
      if (database === 'postgres') {
        expect(await jobs.find({ type: DEAD_LETTER_QUEUE, payload: { probe: 'fail' } })).toMatchObject([
          { state: 'queued', payload: { probe: 'fail' } },
        ]);
      }
    }, 30_000);

    it('takes up a job whose worker stopped holding it (as a crash) once its lease lapsed, not before', async () => {
      const db = t.app.laurel.db;
      const options = { pollMs: 0, work: true, leaseSeconds: 2, databaseUrl: t.config.databaseUrl };
      // two more workers on the same database: the first takes the job and dies with it
      const dying: JobQueue = createJobQueue(db, quiet, options);
      const survivor: JobQueue = createJobQueue(db, quiet, options);
      const hang = gate();
      let started = false;
      dying.register('test.lease', async () => {
        started = true;
        await hang.promise;
      });
      const ran: number[] = [];
      survivor.register('test.lease', async (payload) => {
        ran.push((payload as { n: number }).n);
      });
      await Promise.all([dying.start(), survivor.start()]);
      try {
        await dying.enqueue(db, 'test.lease', { n: 1 });
        const draining = dying.runUntilIdle();
        draining.catch(() => undefined); // awaited below; handled now so that a failure meanwhile is not unhandled
        await waitFor('the job to start', async () => started, 10_000);
        await dying.stop({ graceMs: 0, abandon: true });
        const abandonedAt = Date.now();
        // its lease holds: the other worker does not take it
        expect(await survivor.runUntilIdle()).toBe(0);
        expect(await t.app.laurel.jobs.find({ type: 'test.lease' })).toMatchObject([{ state: 'running', attempts: 1 }]);
        await waitFor('the survivor to take the job up', async () => (await survivor.runUntilIdle()) > 0, 20_000);
        expect(Date.now() - abandonedAt).toBeGreaterThanOrEqual(1500);
        expect(ran).toEqual([1]);
        expect(await t.app.laurel.jobs.find({ type: 'test.lease' })).toMatchObject([{ state: 'done', attempts: 2 }]);
        // the dead worker's handler ending late records nothing over the survivor's run
        hang.open();
        await draining;
        expect(await t.app.laurel.jobs.find({ type: 'test.lease' })).toMatchObject([{ state: 'done', attempts: 2 }]);
      } finally {
        hang.open();
        await survivor.stop();
      }
    }, 40_000);
  });

  describe('stop()', () => {
    let t: TestApp;
    afterEach(async () => t?.close());

    it('releases a running job on a graceful stop: queued again at once, the attempt not counted', async () => {
      t = await createTestApp(database, { JOB_POLL_MS: '20' });
      const jobs = t.app.laurel.jobs;
      let started = false;
      // the handler runs until the test lets it end, after the release (it slept 3 s, and the test 3.2 s after it)
      const running = gate();
      jobs.register('test.slow', async () => {
        started = true;
        await running.promise;
      });
      await enqueueJob(t.app.laurel.db, 'test.slow', {});
      jobs.wake();
      await waitFor('the job to start', async () => started, 10_000);
      expect(await jobs.find({ type: 'test.slow' })).toMatchObject([{ state: 'running', attempts: 1 }]);

      const stopping = jobs.stop({ graceMs: 100 });
      stopping.catch(() => undefined); // awaited below; handled now so that a failure meanwhile is not unhandled
      const ready = await t.app.inject({ method: 'GET', url: '/api/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({ ok: false, database: 'up', queue: 'down' });
      await stopping;
      // read with a second queue on the database: this one stopped
      const reader = createJobQueue(t.app.laurel.db, quiet, {
        pollMs: 0,
        work: false,
        databaseUrl: t.config.databaseUrl,
      });
      try {
        const [released] = await reader.find({ type: 'test.slow' });
        expect(released).toMatchObject({ state: 'queued', attempts: 0 });
        expect(Date.parse(released.runAt)).toBeLessThanOrEqual(Date.now());
        // the handler ending after the release records nothing over the queued row: runUntilIdle waits for the
        // worker's run of it to end (a stopped queue then takes nothing more)
        running.open();
        await jobs.runUntilIdle();
        expect(await reader.find({ type: 'test.slow' })).toMatchObject([{ state: 'queued', attempts: 0 }]);
      } finally {
        await reader.stop();
      }
    });

    it('lets a running job finish within the grace period', async () => {
      t = await createTestApp(database, { JOB_POLL_MS: '20' });
      const jobs = t.app.laurel.jobs;
      let started = false;
      jobs.register('test.short', async () => {
        started = true;
        await sleep(300);
      });
      await enqueueJob(t.app.laurel.db, 'test.short', {});
      jobs.wake();
      await waitFor('the job to start', async () => started, 10_000);
      await jobs.stop({ graceMs: 5000 });
      const reader = createJobQueue(t.app.laurel.db, quiet, {
        pollMs: 0,
        work: false,
        databaseUrl: t.config.databaseUrl,
      });
      try {
        expect(await reader.find({ type: 'test.short' })).toMatchObject([{ state: 'done' }]);
      } finally {
        await reader.stop();
      }
    });
  });

  describe('LAUREL_ROLE', () => {
    let t: TestApp;
    const readyAnswer = {
      ok: true,
      database: 'up',
      queue: 'up',
      stopping: false,
      faults: { unhandledRejections: 0, uncaughtExceptions: 0 },
    };
    afterEach(async () => t?.close());

    it('web serves the API and only enqueues: nothing runs', async () => {
      t = await createTestApp(database, { LAUREL_ROLE: 'web', JOB_POLL_MS: '20' });
      const campaignId = await publishCampaign(t, 2);
      await sleep(1500);
      const jobs = await campaignJobs(t, campaignId);
      expect(jobs.map((job) => [job.type, job.state, job.attempts])).toEqual([[CAMPAIGN_FOLLOW_UP, 'queued', 0]]);
      const ready = await t.app.inject({ method: 'GET', url: '/api/ready' });
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toEqual({ ...readyAnswer, role: 'web', jobs: false });
    });

    it('worker answers only /api/health and /api/ready, and runs the jobs', async () => {
      t = await createTestApp(database, { LAUREL_ROLE: 'worker', JOB_POLL_MS: '20' });
      expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
      const ready = await t.app.inject({ method: 'GET', url: '/api/ready' });
      expect(ready.json()).toEqual({ ...readyAnswer, role: 'worker', jobs: true });
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
      expect(ready.json()).toEqual({ ...readyAnswer, role: 'all', jobs: true });
    });
  });
});

/**
 * Two worker processes (the compiled server/main.ts, LAUREL_ROLE=worker) on the test's database; the one signing a campaign of
 * two thousand certificates is killed with SIGKILL mid-signing; the other takes the job up once its lease lapsed
 * (on PostgreSQL: pg-boss's maintenance expires it and it is retried)
 * and every certificate ends with one credential, those stored before the kill unchanged, the campaign Done once.
 */
describe.each(TEST_DATABASES)('a worker process killed mid-signing on %s', (database) => {
  // four of the signing's chunks of 500 (campaignSigning.ts): the kill after the first leaves three to take up
  const ROWS = 2000;
  const LEASE_SECONDS = 5;
  let t: TestApp;
  const workers: ChildProcess[] = [];
  let output = '';

  beforeAll(async () => {
    // this process only enqueues
    t = await createTestApp(database, {
      LAUREL_ROLE: 'web',
      LAUREL_INITIAL_CREDITS: String(ROWS + 10),
      JOB_LEASE_SECONDS: String(LEASE_SECONDS),
    });
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

  async function startWorker(): Promise<{ process: ChildProcess; url: string; log: () => string }> {
    const port = await freePort();
    // the server compiled once for the run (compiledServerSetup.ts): one process, whose pid holds the lease
    const child = spawn(process.execPath, [compiledServerFile('main')], {
      env: {
        ...process.env,
        DATA_DIR: t.config.dataDir,
        ...(t.config.databaseUrl ? { DATABASE_URL: t.config.databaseUrl } : {}),
        PUBLIC_URL: 'http://laurel.test',
        WEB_ROOT: 'none',
        // info: each worker logs the jobs it starts, with its pid
        LOG_LEVEL: 'info',
        LAUREL_ROLE: 'worker',
        JOB_POLL_MS: '100',
        JOB_LEASE_SECONDS: String(LEASE_SECONDS),
        PORT: String(port),
        HOST: '127.0.0.1',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let own = '';
    const keep = (chunk: Buffer) => {
      own += chunk.toString();
      // what the assertions print: warnings and errors only
      for (const line of chunk.toString().split('\n')) if (/"level":(4|5)\d/.test(line)) output += `${line}\n`;
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    workers.push(child);
    return { process: child, url: `http://127.0.0.1:${port}`, log: () => own };
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
    // started side by side: each takes a second or more to start on a busy machine
    const [standby, other] = await Promise.all([startWorker(), startWorker()]);
    await Promise.all([
      waitFor(`the standby worker to start:\n${output}`, () => ready(standby.url), 120_000),
      waitFor(`the second worker to start:\n${output}`, () => ready(other.url), 120_000),
    ]);
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
    // the job is held by one of the two processes (the one that logged its start), which is now killed
    const started = (worker: typeof standby) =>
      worker.log().includes('"msg":"background job started"') &&
      worker.log().includes(`"type":"${CAMPAIGN_FOLLOW_UP}"`);
    const holders = [standby, other].filter(started);
    expect(holders, 'one worker process started the job').toHaveLength(1);
    const first = holders[0];
    const survivor = first === standby ? other : standby;
    first!.process.kill('SIGKILL');
    const killedAt = Date.now();
    await new Promise((resolve) => first!.process.once('exit', resolve));
    // the kill caught the signing midway (chunks of 500 are stored one transaction each)
    const atKill = await signed(campaignId);
    expect(atKill.length, 'signing was caught midway').toBeLessThan(total);
    expect(atKill.length).toBeGreaterThanOrEqual(before.length);
    const [heldJob] = await campaignJobs(t, campaignId);
    expect(heldJob).toMatchObject({ type: CAMPAIGN_FOLLOW_UP, state: 'running', attempts: 1 });

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
    // the campaign's webhook is a job of its own, queued when the follow-up ends: the survivor runs it next
    const jobs = await waitFor(
      `the campaign's jobs done:\n${output}`,
      async () => {
        const all = await campaignJobs(t, campaignId);
        return all.every((job) => job.state === 'done') ? all : null;
      },
      30_000,
    );
    expect(jobs.map((job) => [job.type, job.state])).toEqual([
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
