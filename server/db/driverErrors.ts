import SQLite from 'better-sqlite3';

/**
 * Which errors the database drivers raised, as opposed to the other clients of the server (SMTP, S3, webhooks, an
 * EVM node), which fail with the same socket codes (ECONNREFUSED, ECONNRESET, ETIMEDOUT…): only the former may be
 * answered as "the database is unavailable" (server/db/databaseHealth.ts). node-postgres's errors are marked where
 * they leave its Pool and Client (server/db/postgresDriver.ts): a socket error carries nothing that says which
 * connection it came from, and a stack trace is no contract. better-sqlite3 raises its own class.
 */
const raisedByDriver = new WeakSet<object>();

/** Marks an error as raised by a database driver; passes anything else (null, undefined) through. */
export function markDriverError<E>(error: E): E {
  if (typeof error === 'object' && error !== null) raisedByDriver.add(error);
  return error;
}

export function rethrowAsDriverError(error: unknown): never {
  throw markDriverError(error);
}

export function isDriverError(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  return raisedByDriver.has(error) || error instanceof SQLite.SqliteError;
}
