import type { CompiledQuery } from 'kysely';

/**
 * Reads that may skip Kysely's executor: on SQLite a SELECT outside a transaction runs on the read-only connection,
 * synchronously (server/db/sqliteDriver.ts), so the executor's lease, its release and their dozen promises per
 * statement buy nothing. The public certificate page makes four such reads per visit, and on Node 20 every promise
 * also pays the request's async context (server/processSafetyNet.ts). Registered for the root database object only:
 * a transaction is another object, so its reads keep going through its own connection.
 */
export interface DirectReader {
  /** runs a SELECT on the read-only connection and answers its rows */
  read(query: CompiledQuery): unknown[];
  /**
   * SQLite's `data_version` on that connection: a number that changes whenever any other connection (this
   * process's writer, another process) has committed since it was last read. Equal numbers: nothing committed.
   */
  version(): number;
}

const readers = new WeakMap<object, DirectReader>();

export function allowDirectReads(db: object, reader: DirectReader): void {
  readers.set(db, reader);
}

/** The direct reader of this database, if it has one (SQLite's root object; never PostgreSQL, never a transaction). */
export function directReader(db: object): DirectReader | undefined {
  return readers.get(db);
}
