import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { JobQueue } from '../../ports/jobQueue';

export type { EnqueueOptions, JobFilter, JobInfo, JobState } from '../../repositories/jobs';
export type { JobHandler, JobLog, JobQueue, JobQueueOptions } from '../../ports/jobQueue';

/** The queue of each database (by its Kysely adapter, which its transactions share), for enqueueJob. */
const queues = new WeakMap<object, JobQueue>();

/** The first queue made for a database is the one enqueueJob uses (a test may add a second, which takes jobs only). */
export function rememberQueue(db: Kysely<Database>, queue: JobQueue): void {
  if (!queues.has(db.getExecutor().adapter)) queues.set(db.getExecutor().adapter, queue);
}

export function queueOf(db: Kysely<Database>): JobQueue | undefined {
  return queues.get(db.getExecutor().adapter);
}
