import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { JobRunner } from './jobRunner';
import { PgBossQueue } from './pgBossQueue';
import { rememberQueue, type JobLog, type JobQueue, type JobQueueOptions } from './queue';

// the contract lives in ./queue (which the implementations import: no circle through this factory)
export type * from './queue';
export { queueOf } from './queue';

/**
 * The one factory of job queues: pg-boss when the database is PostgreSQL (options.databaseUrl), the jobs table
 * with leases (./jobRunner) on SQLite.
 */
export function createJobQueue(db: Kysely<Database>, log: JobLog, options: JobQueueOptions): JobQueue {
  const queue = options.databaseUrl
    ? new PgBossQueue(options.databaseUrl, db, log, options)
    : new JobRunner(db, log, options);
  rememberQueue(db, queue);
  return queue;
}
