import { PostgresAdapter, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { insertJobRow, type EnqueueOptions } from '../../repositories/jobs';
import { queueOf } from './queue';

export type { EnqueueOptions } from '../../repositories/jobs';

/**
 * Adds a job through the queue of this database (pg-boss on PostgreSQL, the jobs table on SQLite), within the
 * caller's transaction when given one, so that a job exists exactly when the work that needs it was committed.
 * With a singleton key already queued or running, nothing is added: null.
 */
export async function enqueueJob(
  db: Kysely<Database>,
  type: string,
  payload: object,
  options: EnqueueOptions = {},
): Promise<string | null> {
  const queue = queueOf(db);
  if (queue) return queue.enqueue(db, type, payload, options);
  // on PostgreSQL the jobs table is not worked: a job written there would never run
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    throw new Error(`no job queue for this PostgreSQL database (createJobQueue first) to enqueue ${type}`);
  }
  // no queue made for this database (a script on SQLite): the jobs table is the queue
  return insertJobRow(db, type, payload, options);
}
