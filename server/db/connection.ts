import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect } from 'kysely';
import { allowDirectReads } from './directReads';
import { postgresDriver, postgresPool } from './postgresDriver';
import type { Database } from './schema';
import { CooperativeSqliteDialect } from './sqliteDriver';
import { startWalCheckpointer } from './walCheckpointer';

export type Dialect = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: Dialect;
  close(): Promise<void>;
}

interface ConnectionLog {
  warn(message: string): void;
}

/**
 * PostgreSQL when a URL is given, otherwise the SQLite file laurel.db in the data folder (WAL mode), through a
 * writer and a read-only reader connection.
 */
export function openDatabase(
  options: { databaseUrl: string | null; dataDir: string },
  log: ConnectionLog = { warn: (message) => console.warn(message) },
): DatabaseHandle {
  if (options.databaseUrl) {
    const pg = postgresDriver();
    // BIGINT counts (COUNT(*)) come back as strings by default; our counts fit in a JS number.
    pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
    // its errors are marked as the database's: only those may be answered as "database unavailable"
    const pool = postgresPool({
      connectionString: options.databaseUrl,
      max: 10,
      // while the database restarts, a request waits at most this long for a connection instead of hanging
      connectionTimeoutMillis: 5000,
      keepAlive: true,
    });
    // A connection cut by the server (restart, failover, admin) must cost only the queries on it. node-postgres
    // emits 'error' on the pool for idle connections and on the client itself for connections lent out (inside a
    // transaction, or right after a query failed): without a listener either one would end the process. The pool
    // drops a broken connection when it comes back and opens fresh ones on demand.
    pool.on('error', (error) => log.warn(`PostgreSQL idle connection lost: ${error.message}`));
    pool.on('connect', (client) => {
      client.on('error', (error) => log.warn(`PostgreSQL connection lost: ${error.message}`));
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, dialect: 'postgres', close: () => db.destroy() };
  }
  fs.mkdirSync(options.dataDir, { recursive: true });
  const file = path.join(options.dataDir, 'laurel.db');
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  // the log is copied back by a thread of its own, not inside a commit on this one (server/db/walCheckpointer.ts)
  sqlite.pragma('wal_autocheckpoint = 0');
  const checkpointer = startWalCheckpointer(file);
  // a second, read-only connection: readers never wait for the writer (server/db/sqliteDriver.ts)
  const reader = new SQLite(path.join(options.dataDir, 'laurel.db'), { readonly: true, fileMustExist: true });
  reader.pragma('busy_timeout = 1000');
  const sqliteDialect = new CooperativeSqliteDialect(sqlite, reader);
  const db = new Kysely<Database>({ dialect: sqliteDialect });
  allowDirectReads(db, { read: (query) => sqliteDialect.readNow(query), version: () => sqliteDialect.dataVersion() });
  const close = async () => {
    await checkpointer.stop();
    await db.destroy();
  };
  return { db, dialect: 'sqlite', close };
}
