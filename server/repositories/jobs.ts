import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { nowIso } from '../db/clock';
import type { Database, Job } from '../db/schema';

/**
 * The jobs table, the SQLite job queue's store (server/services/jobs: the contract and the worker). The job
 * types of the contract that these rows become live here, below the services that use them.
 */
export type JobState = 'queued' | 'running' | 'done' | 'failed';

/** A job as `find` and the handlers see it, the same on both implementations. */
export interface JobInfo {
  /** the jobs table's id on SQLite, pg-boss's uuid on PostgreSQL */
  id: string;
  type: string;
  payload: unknown;
  state: JobState;
  /** attempts started so far (a released job's interrupted attempt does not count) */
  attempts: number;
  singletonKey: string | null;
  /** ISO-8601: when it was added, and when it is (or was) due */
  createdAt: string;
  runAt: string;
  lastError: string | null;
}

export interface EnqueueOptions {
  /** not before this time (default now) */
  runAt?: Date;
  /** attempts before the job is marked failed (default 5) */
  maxAttempts?: number;
  /** at most one queued or running job of this key: a second enqueue answers null */
  singletonKey?: string;
}

export interface JobFilter {
  type?: string;
  /** top-level payload fields that must be equal */
  payload?: Record<string, string | number | boolean>;
  states?: readonly JobState[];
}

/** The SQLite queue's enqueue: a row of the jobs table. */
export async function insertJobRow(
  db: Kysely<Database>,
  type: string,
  payload: object,
  options: EnqueueOptions = {},
): Promise<string | null> {
  const now = nowIso();
  const row = await db
    .insertInto('jobs')
    .values({
      type,
      payload: JSON.stringify(payload),
      run_at: nowIso(options.runAt ?? new Date()),
      max_attempts: options.maxAttempts ?? 5,
      singleton_key: options.singletonKey ?? null,
      created_at: now,
      updated_at: now,
    })
    // the only unique constraint besides the id is the singleton key of queued and running jobs
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .executeTakeFirst();
  return row ? String(row.id) : null;
}

/** The SQLite queue's find: rows of the jobs table, payload fields compared with json_extract. */
export async function findJobRows(db: Kysely<Database>, filter: JobFilter): Promise<JobInfo[]> {
  let query = db.selectFrom('jobs').selectAll();
  if (filter.type) query = query.where('type', '=', filter.type);
  if (filter.states) {
    if (filter.states.length === 0) return [];
    query = query.where('status', 'in', [...filter.states]);
  }
  for (const [key, value] of Object.entries(filter.payload ?? {})) {
    if (!/^[A-Za-z0-9_]+$/.test(key)) throw new Error(`unsupported payload field ${key}`);
    query = query.where(
      sql<unknown>`json_extract(payload, ${`$.${key}`})`,
      '=',
      typeof value === 'boolean' ? Number(value) : value,
    );
  }
  const rows = await query.orderBy('id').execute();
  return rows.map(jobInfo);
}

export function jobInfo(row: Job): JobInfo {
  return {
    id: String(row.id),
    type: row.type,
    payload: JSON.parse(row.payload),
    state: row.status as JobState,
    attempts: row.attempts,
    singletonKey: row.singleton_key,
    createdAt: row.created_at,
    runAt: row.run_at,
    lastError: row.last_error,
  };
}

/**
 * Takes the next due job for this worker: a queued job whose time came, or a running one whose lease lapsed (its
 * process died). A conditional update on the row as it was read, so two workers never take the same job. The
 * claimed row carries a fresh `lease_owner` token: heartbeats, completion and failure apply only to it.
 */
export async function claimNextJob(
  db: Kysely<Database>,
  types: readonly string[],
  leaseSeconds: number,
): Promise<Job | undefined> {
  if (types.length === 0) return undefined;
  for (let tries = 0; tries < 5; tries++) {
    const now = nowIso();
    const next = await db
      .selectFrom('jobs')
      .select(['id', 'status', 'lease_owner'])
      .where('type', 'in', types)
      .where((eb) =>
        eb.or([
          eb.and([eb('status', '=', 'queued'), eb('run_at', '<=', now)]),
          eb.and([eb('status', '=', 'running'), eb.or([eb('lease_until', '<', now), eb('lease_until', 'is', null)])]),
        ]),
      )
      .orderBy('run_at')
      .orderBy('id')
      .limit(1)
      .executeTakeFirst();
    if (!next) return undefined;
    // the process id first: the operator (and the worker-kill test) see which process holds a job
    const owner = `${process.pid}:${randomUUID()}`;
    let claim = db
      .updateTable('jobs')
      .set((eb) => ({
        status: 'running',
        locked_at: now,
        lease_until: nowIso(new Date(Date.parse(now) + leaseSeconds * 1000)),
        lease_owner: owner,
        updated_at: now,
        attempts: eb('attempts', '+', 1),
      }))
      .where('id', '=', next.id)
      .where('status', '=', next.status);
    claim =
      next.lease_owner === null
        ? claim.where('lease_owner', 'is', null)
        : claim.where('lease_owner', '=', next.lease_owner);
    const claimed = await claim.returningAll().executeTakeFirst();
    if (claimed) return claimed;
  }
  return undefined;
}

/** The heartbeat: the lease of a job still held by this owner lasts leaseSeconds more. */
export async function renewLease(db: Kysely<Database>, job: Job, leaseSeconds: number): Promise<boolean> {
  const result = await db
    .updateTable('jobs')
    .set({ lease_until: nowIso(new Date(Date.now() + leaseSeconds * 1000)) })
    .where('id', '=', job.id)
    .where('status', '=', 'running')
    .where('lease_owner', '=', job.lease_owner)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function completeJob(db: Kysely<Database>, job: Job): Promise<void> {
  await db
    .updateTable('jobs')
    .set({ status: 'done', locked_at: null, lease_until: null, lease_owner: null, updated_at: nowIso() })
    .where('id', '=', job.id)
    .where('lease_owner', '=', job.lease_owner)
    .execute();
}

/** Seconds before the next attempt: 2, 4, 8, … capped at five minutes. */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(300, 2 ** Math.max(1, attempts));
}

/** Records a failed attempt: queued again after a delay, or failed for good once out of attempts. */
export async function failJob(db: Kysely<Database>, job: Job, error: string): Promise<void> {
  const finalAttempt = job.attempts >= job.max_attempts;
  await db
    .updateTable('jobs')
    .set({
      status: finalAttempt ? 'failed' : 'queued',
      run_at: finalAttempt ? job.run_at : nowIso(new Date(Date.now() + retryDelaySeconds(job.attempts) * 1000)),
      locked_at: null,
      lease_until: null,
      lease_owner: null,
      last_error: error.slice(0, 2000),
      updated_at: nowIso(),
    })
    .where('id', '=', job.id)
    .where('lease_owner', '=', job.lease_owner)
    .execute();
}

/**
 * Gives a running job back on a graceful stop: queued again at once for any worker, the attempt not counted
 * (the job did not fail; its handler is idempotent and skips what is done).
 */
export async function releaseJob(db: Kysely<Database>, job: Job): Promise<void> {
  await db
    .updateTable('jobs')
    .set((eb) => ({
      status: 'queued',
      run_at: nowIso(),
      locked_at: null,
      lease_until: null,
      lease_owner: null,
      attempts: eb('attempts', '-', 1),
      updated_at: nowIso(),
    }))
    .where('id', '=', job.id)
    .where('lease_owner', '=', job.lease_owner)
    .execute();
}

/** Reads one row of the jobs table (whether the SQLite queue can work: its readiness). */
export async function readJobsTable(db: Kysely<Database>): Promise<void> {
  await db.selectFrom('jobs').select('id').limit(1).execute();
}
