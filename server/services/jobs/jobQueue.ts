import type { Kysely } from 'kysely';
import { nowIso } from '../../db/clock';
import type { Database, Job } from '../../db/schema';

export interface EnqueueOptions {
  /** not before this time (default now) */
  runAt?: Date;
  /** attempts before the job is marked failed (default 5) */
  maxAttempts?: number;
}

/**
 * Adds a job to the jobs table. Called with the publishing transaction so that a job exists exactly when the
 * work that needs it was committed.
 */
export async function enqueueJob(
  db: Kysely<Database>,
  type: string,
  payload: object,
  options: EnqueueOptions = {},
): Promise<number> {
  const now = nowIso();
  const row = await db
    .insertInto('jobs')
    .values({
      type,
      payload: JSON.stringify(payload),
      run_at: nowIso(options.runAt ?? new Date()),
      max_attempts: options.maxAttempts ?? 5,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Takes the next due job for this worker: a conditional update from queued to running, so that two workers
 * (or the poller and a test draining the queue) never run the same job.
 */
export async function claimNextJob(db: Kysely<Database>, types: readonly string[]): Promise<Job | undefined> {
  if (types.length === 0) return undefined;
  for (let tries = 0; tries < 5; tries++) {
    const now = nowIso();
    const next = await db
      .selectFrom('jobs')
      .select('id')
      .where('status', '=', 'queued')
      .where('run_at', '<=', now)
      .where('type', 'in', types)
      .orderBy('run_at')
      .orderBy('id')
      .limit(1)
      .executeTakeFirst();
    if (!next) return undefined;
    const claimed = await db
      .updateTable('jobs')
      .set((eb) => ({ status: 'running', locked_at: now, updated_at: now, attempts: eb('attempts', '+', 1) }))
      .where('id', '=', next.id)
      .where('status', '=', 'queued')
      .returningAll()
      .executeTakeFirst();
    if (claimed) return claimed;
  }
  return undefined;
}

export async function completeJob(db: Kysely<Database>, id: number): Promise<void> {
  await db
    .updateTable('jobs')
    .set({ status: 'done', locked_at: null, updated_at: nowIso() })
    .where('id', '=', id)
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
      last_error: error.slice(0, 2000),
      updated_at: nowIso(),
    })
    .where('id', '=', job.id)
    .execute();
}

/** Jobs left running by a stopped process go back to the queue. */
export async function requeueStaleJobs(db: Kysely<Database>, olderThan: Date): Promise<void> {
  await db
    .updateTable('jobs')
    .set({ status: 'queued', locked_at: null, updated_at: nowIso() })
    .where('status', '=', 'running')
    .where('locked_at', '<', nowIso(olderThan))
    .execute();
}
