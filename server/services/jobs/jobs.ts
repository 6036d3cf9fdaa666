import type { Kysely } from 'kysely';
import type { Database, Job } from '../../db/schema';
import { JobRunner } from './jobRunner';

/**
 * The background job interface (issue 19; contract in docs/decisions.md, 2026-11-26 "Background jobs").
 *
 * - Enqueue: `enqueueJob(db, type, payload, options)` from ./jobQueue, given the caller's transaction so that a job
 *   exists exactly when the work that needs it was committed. With a `singletonKey`, a second job of that key is
 *   not added while one is queued or running (the call answers null).
 * - Retries: a failed attempt is run again after 2, 4, 8… seconds (capped at five minutes) until `maxAttempts`.
 * - Expiry: a running job holds a lease that a heartbeat renews; a job whose process died (its lease lapsed) is
 *   taken up again by any worker, within `leaseSeconds` plus one poll. Handlers must therefore be idempotent.
 * - Handle: `register(type, handler)` before `start()`; only a process whose role runs jobs takes any.
 * - Stop: `stop()` takes no more jobs, waits up to `graceMs` for the running one, then releases its lease so
 *   that another process takes it up at once.
 */
export type JobHandler = (payload: unknown, job: Job) => Promise<void>;

export interface EnqueueOptions {
  /** not before this time (default now) */
  runAt?: Date;
  /** attempts before the job is marked failed (default 5) */
  maxAttempts?: number;
  /** at most one queued or running job of this key: a second enqueue answers null */
  singletonKey?: string;
}

export interface JobQueue {
  /** the handler of a job type (every process registers them all: a web process only enqueues) */
  register(type: string, handler: JobHandler): void;
  /** starts taking jobs when this process runs them (LAUREL_ROLE worker or all, a poll interval above 0) */
  start(): Promise<void>;
  /** asks the worker to look now, after a commit that queued work */
  wake(): void;
  /** runs due jobs until none is left, whatever the role (the server tests drain the queue with it) */
  runUntilIdle(): Promise<number>;
  /** takes no more jobs; waits up to graceMs for the running one, then releases its lease */
  stop(options?: { graceMs?: number }): Promise<void>;
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
}

export interface JobLog {
  error(object: object, message: string): void;
  warn(object: object, message: string): void;
  info(object: object, message: string): void;
}

/**
 * The one factory of job queues. Today both databases use the jobs table with leases (./jobRunner); see
 * docs/decisions.md for why pg-boss is not the PostgreSQL implementation yet.
 */
export function createJobQueue(db: Kysely<Database>, log: JobLog, options: JobQueueOptions): JobQueue {
  return new JobRunner(db, log, options);
}
