import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { EnqueueOptions, JobFilter, JobInfo } from '../repositories/jobs';

/**
 * The background job interface (issue 19; contract in docs/decisions.md, 2026-11-26 "Background jobs").
 *
 * - Enqueue: `enqueue(db, type, payload, options)` (or `enqueueJob(db, …)` from services/jobs/jobQueue, which finds the queue of
 *   that database), given the caller's transaction so that a job exists exactly when the work that needs it was
 *   committed. With a `singletonKey`, a second job of that key is not added while one is queued or running (the
 *   call answers null).
 * - Retries: a failed attempt is run again after 2, 4, 8… seconds (a little more on PostgreSQL, where pg-boss adds
 *   jitter) until `maxAttempts`.
 * - Expiry: a running job holds a lease that a heartbeat renews; a job whose process died (its lease lapsed) is
 *   taken up again by any worker, within `leaseSeconds` plus a poll (plus pg-boss's maintenance on PostgreSQL).
 *   Handlers must therefore be idempotent.
 * - Handle: `register(type, handler)` before `start()`; only a process whose role runs jobs takes any.
 * - Stop: `stop()` takes no more jobs, waits up to `graceMs` for the running one, then releases its lease so
 *   that another process takes it up at once.
 * - Read: `find(filter)` lists jobs by type, payload fields and state (PDF readiness, the tests).
 *
 * SQLite: services/jobs/jobRunner over the jobs table. PostgreSQL: services/jobs/pgBossQueue over pg-boss 10 (its own schema `pgboss`).
 */

export type JobHandler = (payload: unknown, job: JobInfo) => Promise<void>;

export interface JobQueue {
  /** adds a job within the caller's transaction (or connection); null when its singleton key is taken */
  enqueue(db: Kysely<Database>, type: string, payload: object, options?: EnqueueOptions): Promise<string | null>;
  /** the jobs matching the filter, oldest first */
  find(filter: JobFilter): Promise<JobInfo[]>;
  /** the handler of a job type (every process registers them all: a web process only enqueues) */
  register(type: string, handler: JobHandler): void;
  /** starts taking jobs when this process runs them (LAUREL_ROLE worker or all, a poll interval above 0) */
  start(): Promise<void>;
  /** asks the worker to look now, after a commit that queued work */
  wake(): void;
  /** runs due jobs until none is left, whatever the role (the server tests drain the queue with it) */
  runUntilIdle(): Promise<number>;
  /**
   * takes no more jobs; waits up to graceMs for the running one, then releases its lease. `abandon` leaves the
   * running job held, as a crash would (tests of the expiry): another worker takes it up once the lease lapsed.
   */
  stop(options?: { graceMs?: number; abandon?: boolean }): Promise<void>;
  /** whether the queue can take and hand out work (readiness) */
  ready(): Promise<boolean>;
  /** whether this process runs jobs */
  readonly working: boolean;
}

export interface JobQueueOptions {
  /** how often the worker looks for due jobs; 0: never by itself */
  pollMs: number;
  /** whether this process takes jobs (LAUREL_ROLE worker or all) */
  work: boolean;
  /** how long a running job's lease lasts without a heartbeat (default 30 s; renewed every third of it) */
  leaseSeconds?: number;
  /** how long stop() waits for the running job before releasing it (default 20 s) */
  stopGraceMs?: number;
  /** DATABASE_URL: when set, the queue is pg-boss on that PostgreSQL database */
  databaseUrl?: string | null;
}

export interface JobLog {
  error(object: object, message: string): void;
  warn(object: object, message: string): void;
  info(object: object, message: string): void;
}
