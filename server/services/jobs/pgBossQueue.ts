import { CompiledQuery, type Kysely } from 'kysely';
import type PgBoss from 'pg-boss';
import { nowIso } from '../../db/clock';
import { pgBossClass, postgresClientClass } from '../../db/postgresDriver';
import type { Database } from '../../db/schema';
import type { EnqueueOptions, JobFilter, JobInfo, JobLog, JobQueue, JobQueueOptions, JobState } from './queue';
import { PollingWorker, type RunnableJob } from './pollingWorker';
import { inCallerTransaction } from '../../db/transactions';

/** pg-boss's own schema, created (and migrated) by pg-boss when the queue starts */
export const PG_BOSS_SCHEMA = 'pgboss';
/** where pg-boss copies a job out of attempts (or expired once too often); nothing works it: the operator reads it */
export const DEAD_LETTER_QUEUE = 'laurel-dead-letters';
/** pg-boss's back-off: 2-4 s, 4-8 s, 8-16 s… (retryDelay × 2^attempt, plus up to as much again of jitter) */
const RETRY_DELAY_SECONDS = 2;

/** pg-boss states as our four */
const STATES: Record<JobState, string[]> = {
  queued: ['created', 'retry'],
  running: ['active'],
  done: ['completed'],
  failed: ['failed', 'cancelled'],
};
const STATE_OF: Record<string, JobState> = Object.fromEntries(
  Object.entries(STATES).flatMap(([ours, theirs]) => theirs.map((state) => [state, ours as JobState])),
);

/** A job this process claimed: `claim` (its started_on, to the microsecond) identifies the claim, as a lease owner. */
interface Claimed {
  id: string;
  name: string;
  data: unknown;
  retry_count: number;
  retry_limit: number;
  singleton_key: string | null;
  created_on: Date;
  start_after: Date;
  claim: string;
}

const S = PG_BOSS_SCHEMA;

/**
 * pg-boss's fetch statement (SKIP LOCKED, one job, across this process's job types), with one change: "due" is
 * compared with the application's clock ($2), as the jobs table does on SQLite, so that a test moving the clock
 * (mail outages) sees the same jobs due on both databases. Its retry count is pg-boss's: a job started before
 * (taken up again after a failure, an expiry or a release) counts one more attempt.
 */
const CLAIM = `
  WITH next AS (
    SELECT id, name FROM ${S}.job
    WHERE name = ANY($1::text[]) AND state < 'active' AND start_after <= $2::timestamptz
    ORDER BY priority DESC, created_on, id
    LIMIT 1
    FOR UPDATE SKIP LOCKED
  )
  UPDATE ${S}.job j SET
    state = 'active',
    started_on = now(),
    retry_count = CASE WHEN j.started_on IS NOT NULL THEN j.retry_count + 1 ELSE j.retry_count END
  FROM next
  WHERE j.name = next.name AND j.id = next.id
  RETURNING j.id, j.name, j.data, j.retry_count, j.retry_limit, j.singleton_key, j.created_on, j.start_after,
    j.started_on::text AS claim`;

/**
 * The heartbeat: pg-boss 10 has none (a job's expireInSeconds is its longest run), so the lease is renewed by moving
 * the job's expiry to leaseSeconds from now, for the claim that still holds it.
 */
const RENEW = `
  UPDATE ${S}.job SET expire_in = (now() - started_on) + $4 * interval '1 second'
  WHERE name = $1 AND id = $2 AND state = 'active' AND started_on = $3::timestamptz`;

/** Completion, only for the claim that holds the job (a worker that lost it cannot overwrite the new one's run). */
const COMPLETE = `
  UPDATE ${S}.job SET state = 'completed', completed_on = now()
  WHERE name = $1 AND id = $2 AND state = 'active' AND started_on = $3::timestamptz`;

const HELD = `SELECT 1 FROM ${S}.job WHERE name = $1 AND id = $2 AND state = 'active' AND started_on = $3::timestamptz`;

/**
 * A graceful stop gives the running job back: due at once ($4, the application's clock) for any worker, the
 * interrupted attempt not counted (a first attempt becomes a never-started job again).
 */
const RELEASE = `
  UPDATE ${S}.job SET
    state = (CASE WHEN retry_count = 0 THEN 'created' ELSE 'retry' END)::${S}.job_state,
    started_on = CASE WHEN retry_count = 0 THEN NULL ELSE started_on END,
    retry_count = GREATEST(retry_count - 1, 0),
    start_after = $4::timestamptz
  WHERE name = $1 AND id = $2 AND state = 'active' AND started_on = $3::timestamptz`;

const JOB_COLUMNS = `id, name, data, state::text AS state,
  retry_count + CASE WHEN started_on IS NOT NULL THEN 1 ELSE 0 END AS attempts,
  singleton_key, created_on, start_after, COALESCE(output->>'message', output->'value'->>'message') AS last_error`;

interface FoundRow {
  id: string;
  name: string;
  data: unknown;
  state: string;
  attempts: number;
  singleton_key: string | null;
  created_on: Date;
  start_after: Date;
  last_error: string | null;
}

/**
 * The JobQueue of ./jobs on PostgreSQL, over pg-boss 10 in its own schema (pgboss): pg-boss creates and migrates
 * it, inserts jobs (`send` within the caller's transaction, through its `db` option over the Kysely transaction),
 * retries failed ones with back-off (`fail`), fails the jobs of dead workers once their expiry passed and retries
 * them (its maintenance, every third of the lease, run by one server at a time), copies jobs out of attempts to
 * the dead-letter queue and archives finished ones. This class claims jobs (one at a time per process, as the
 * SQLite worker), keeps the lease of the running one with a heartbeat, and releases it on a graceful stop.
 */
export class PgBossQueue extends PollingWorker<Claimed> implements JobQueue {
  private readonly boss: PgBoss;
  private booting: Promise<void> | null = null;
  private readonly queues = new Map<string, Promise<void>>();
  private creating: Promise<void> = Promise.resolve();

  constructor(databaseUrl: string, db: Kysely<Database>, log: JobLog, options: JobQueueOptions) {
    super(db, log, options);
    // loaded here, not at the server's start: a server on SQLite never holds pg-boss and node-postgres
    const Boss = pgBossClass();
    this.boss = new Boss({
      connectionString: databaseUrl,
      schema: PG_BOSS_SCHEMA,
      application_name: 'laurel-jobs',
      max: 3,
      migrate: true,
      supervise: true,
      // expiry is noticed by the maintenance: a dead worker's job is taken up within a lease and a third
      maintenanceIntervalSeconds: Math.max(1, Math.round(this.leaseSeconds / 3)),
      // no cron schedules: nothing of Laurel's runs on a calendar
      schedule: false,
      // pg-boss passes its options to node-postgres's Pool: its errors are marked as the database's
      // (server/db/driverErrors.ts), so a job enqueued while PostgreSQL restarts is answered 503, not 500
      ...({ Client: postgresClientClass() } as object),
    });
    this.boss.on('error', (error) => this.log.error({ err: error }, 'pg-boss failed'));
  }

  async enqueue(
    db: Kysely<Database>,
    type: string,
    payload: object,
    options: EnqueueOptions = {},
  ): Promise<string | null> {
    await this.queue(type);
    const send = async (trx: Kysely<Database>): Promise<string | null> => {
      const key = options.singletonKey;
      if (key) {
        // pg-boss's policies allow a queued job beside a running one of a key (stately) or none queued twice only
        // while it waits (short): our rule, none while one is queued or running, is checked under a lock of the key
        await run(trx, 'SELECT pg_advisory_xact_lock(hashtext($1))', [`laurel-job:${type}:${key}`]);
        const taken = await run(
          trx,
          `SELECT 1 FROM ${S}.job WHERE name = $1 AND singleton_key = $2 AND state <= 'active' LIMIT 1`,
          [type, key],
        );
        if (taken.length > 0) return null;
      }
      return this.boss.send(type, payload, {
        db: { executeSql: async (text, values) => ({ rows: await run(trx, text, values) }) },
        startAfter: options.runAt ?? new Date(),
        singletonKey: key,
        retryLimit: Math.max(0, (options.maxAttempts ?? 5) - 1),
        retryDelay: RETRY_DELAY_SECONDS,
        retryBackoff: true,
        expireInSeconds: this.leaseSeconds,
        deadLetter: DEAD_LETTER_QUEUE,
      });
    };
    return inCallerTransaction(db, send);
  }

  async find(filter: JobFilter): Promise<JobInfo[]> {
    await this.boot();
    const where: string[] = [];
    const values: unknown[] = [];
    if (filter.type) {
      values.push(filter.type);
      where.push(`name = $${values.length}`);
    } else {
      values.push(DEAD_LETTER_QUEUE);
      where.push(`name <> $${values.length}`);
    }
    if (filter.states) {
      values.push(filter.states.flatMap((state) => STATES[state]));
      where.push(`state::text = ANY($${values.length}::text[])`);
    }
    if (filter.payload && Object.keys(filter.payload).length > 0) {
      values.push(JSON.stringify(filter.payload));
      where.push(`data @> $${values.length}::jsonb`);
    }
    const condition = where.join(' AND ');
    const rows = await run<FoundRow>(
      this.db,
      `SELECT ${JOB_COLUMNS} FROM ${S}.job WHERE ${condition}
       UNION ALL SELECT ${JOB_COLUMNS} FROM ${S}.archive WHERE ${condition}
       ORDER BY created_on, id`,
      values,
    );
    return rows.map((row) => ({
      id: row.id,
      type: row.name,
      payload: row.data,
      state: STATE_OF[row.state] ?? 'failed',
      attempts: Number(row.attempts),
      singletonKey: row.singleton_key,
      createdAt: new Date(row.created_on).toISOString(),
      runAt: new Date(row.start_after).toISOString(),
      lastError: row.last_error,
    }));
  }

  async start(): Promise<void> {
    // the queues (partitions) are made by the first enqueue of each type: claiming needs only their names
    await this.boot();
    this.startPolling();
  }

  async ready(): Promise<boolean> {
    if (this.stopped) return false;
    try {
      await this.boot();
      await run(this.db, `SELECT version FROM ${S}.version LIMIT 1`, []);
      return true;
    } catch {
      return false;
    }
  }

  override async runUntilIdle(): Promise<number> {
    await this.boot();
    return super.runUntilIdle();
  }

  async stop(options: { graceMs?: number; abandon?: boolean } = {}): Promise<void> {
    const first = !this.stopped;
    await this.stopPolling(options);
    // nothing of pg-boss's own workers runs (this class claims the jobs): its stop ends the maintenance and its pool
    if (first && this.booting) {
      await this.booting.catch(() => undefined);
      await this.boss.stop({ graceful: true, wait: true, timeout: 1000, close: true });
    }
  }

  /** pg-boss started once: its schema created or migrated, the dead-letter queue made */
  private boot(): Promise<void> {
    this.booting ??= (async () => {
      await this.boss.start();
      await createQueue(this.boss, DEAD_LETTER_QUEUE);
    })();
    return this.booting;
  }

  /** pg-boss 10 keeps each job type in a queue (a partition) that must exist before a job is sent to it */
  private queue(type: string): Promise<void> {
    let made = this.queues.get(type);
    if (!made) {
      // one at a time: creating two partitions of the job table at once deadlocks
      made = this.creating = this.creating
        .catch(() => undefined)
        .then(() => this.boot())
        .then(() => createQueue(this.boss, type));
      made.catch(() => this.queues.delete(type));
      this.queues.set(type, made);
    }
    return made;
  }

  protected async claim(types: string[]): Promise<Claimed | null> {
    const [job] = await run<Claimed>(this.db, CLAIM, [types, nowIso()]);
    return job ?? null;
  }

  protected describe(job: Claimed): RunnableJob {
    return {
      id: job.id,
      type: job.name,
      payload: job.data,
      info: {
        id: job.id,
        type: job.name,
        payload: job.data,
        state: 'running',
        attempts: job.retry_count + 1,
        singletonKey: job.singleton_key,
        createdAt: new Date(job.created_on).toISOString(),
        runAt: new Date(job.start_after).toISOString(),
        lastError: null,
      },
      refusal: null,
    };
  }

  protected async renew(job: Claimed): Promise<void> {
    await run(this.db, RENEW, [job.name, job.id, job.claim, this.leaseSeconds]);
  }

  protected async complete(job: Claimed): Promise<void> {
    await run(this.db, COMPLETE, [job.name, job.id, job.claim]);
  }

  protected async fail(job: Claimed, message: string): Promise<void> {
    // pg-boss's failure: retried with back-off while attempts remain, else failed and copied to the dead letters
    if ((await run(this.db, HELD, [job.name, job.id, job.claim])).length === 1) {
      await this.boss.fail(job.name, job.id, { message: message.slice(0, 2000) });
    }
  }

  protected async giveBack(job: Claimed): Promise<void> {
    await run(this.db, RELEASE, [job.name, job.id, job.claim, nowIso()]);
  }
}

/**
 * Makes a pg-boss queue (a no-op when it exists), with our dead letters. Two servers starting together may make the
 * same partitions at once, which PostgreSQL can answer with a deadlock: tried again after a short wait.
 */
async function createQueue(boss: PgBoss, name: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await boss.createQueue(name, name === DEAD_LETTER_QUEUE ? { name } : { name, deadLetter: DEAD_LETTER_QUEUE });
      return;
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (attempt >= 5 || (code !== '40P01' && code !== '23505' && code !== '42P07')) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50 * attempt + Math.random() * 100));
    }
  }
}

/** One statement with positional parameters through Kysely (the caller's transaction, or the pool). */
async function run<Row = Record<string, unknown>>(
  db: Kysely<Database>,
  text: string,
  values: readonly unknown[],
): Promise<Row[]> {
  const result = await db.executeQuery<Row>(CompiledQuery.raw(text, [...values]));
  return [...result.rows];
}
