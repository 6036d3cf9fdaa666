import type { Kysely } from 'kysely';
import type { Database } from './schema';

/**
 * Runs `work` in one transaction: committed when it resolves, rolled back when it throws (Kysely's
 * `db.transaction().execute`). Services call it to run several repository functions atomically, so that no service
 * holds a Kysely call of its own (issue 29).
 */
export function inTransaction<T>(db: Kysely<Database>, work: (trx: Kysely<Database>) => Promise<T>): Promise<T> {
  return db.transaction().execute(work);
}

/** Like inTransaction, but within the caller's transaction when `db` is one already (Kysely does not nest them). */
export function inCallerTransaction<T>(db: Kysely<Database>, work: (trx: Kysely<Database>) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}
