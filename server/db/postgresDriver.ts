import { createRequire } from 'node:module';
import type pg from 'pg';
import type PgBoss from 'pg-boss';

const require = createRequire(import.meta.url);
let driver: typeof pg | null = null;
let boss: typeof PgBoss | null = null;

/**
 * node-postgres, loaded when a PostgreSQL URL is first opened: a server on SQLite never holds it (issue 16
 * point 5: ≈ 15 MB of a server's memory). Synchronous, as openDatabase is.
 */
export function postgresDriver(): typeof pg {
  driver ??= require('pg') as typeof pg;
  return driver;
}

/** pg-boss (which loads node-postgres), loaded when the PostgreSQL job queue is made, never on SQLite. */
export function pgBossClass(): typeof PgBoss {
  boss ??= require('pg-boss') as typeof PgBoss;
  return boss;
}
