import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp, type LaurelApp } from '../../server/app';
import { loadConfig, type Config } from '../../server/config';
import { openDatabase } from '../../server/db/connection';
import { migrateToLatest } from '../../server/db/migrate';

export type TestDatabase = 'sqlite' | 'postgres';

/** Every server test runs on both databases. */
export const TEST_DATABASES: TestDatabase[] = ['sqlite', 'postgres'];

export interface TestApp {
  app: LaurelApp;
  config: Config;
  close(): Promise<void>;
}

export interface PostgresDatabase {
  url: string;
  /** gives the database back: emptied for the worker's next test, or dropped when that cannot be done */
  drop(): Promise<void>;
}

/**
 * A database of the run's cluster holding every migration and no data: one this worker emptied after an earlier
 * test when there is one, else a copy of the run's migrated template (tests/server/postgresServer.ts).
 */
export async function createPostgresDatabase(): Promise<PostgresDatabase> {
  const name = emptied.pop() ?? (await copyTemplate());
  const url = new URL(inject('pgUrl'));
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      if (await emptyForReuse(name)) emptied.push(name);
      else await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

async function adminQuery(text: string, values: unknown[] = []): Promise<pg.QueryResult> {
  const admin = new pg.Client({ connectionString: inject('pgUrl') });
  await admin.connect();
  try {
    return await admin.query(text, values);
  } finally {
    await admin.end();
  }
}

async function copyTemplate(): Promise<string> {
  const name = `laurel_test_${randomBytes(6).toString('hex')}`;
  // a copy fails while another session is connected to the template, which only a test that opens it by mistake
  // would do
  await adminQuery(`CREATE DATABASE ${name} TEMPLATE ${inject('pgTemplate')} STRATEGY FILE_COPY`);
  migratedShape ??= shapeOf(name);
  await migratedShape;
  return name;
}

/**
 * The databases this worker's earlier tests used and gave back emptied. Copying the template and dropping the copy
 * cost PostgreSQL 100–300 ms a test (two checkpoints and the files copied, then removed, and a new database's
 * catalog caches built again by every first connection); emptying one costs a few DELETEs.
 */
const emptied: string[] = [];
/** The tables and sequences of a migrated database, as a fresh copy of the template has them. */
let migratedShape: Promise<string> | null = null;

async function shapeOf(name: string): Promise<string> {
  const url = new URL(inject('pgUrl'));
  url.pathname = `/${name}`;
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    return (await client.query<{ shape: string }>(SHAPE)).rows[0].shape;
  } finally {
    await client.end();
  }
}

const SHAPE = `SELECT string_agg(n.nspname || '.' || c.relname || ':' || c.relkind::text, ',' ORDER BY n.nspname, c.relname) AS shape
  FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = 'public'`;

/**
 * Empties a test's database back to the template's state: every row of every table deleted (but the migrations'
 * records), sequences started again, pg-boss's jobs deleted (its schema and queues, which the app made on its
 * first start, stay: the next app finds them made). False, and the database is dropped instead, when a test changed
 * the tables (a migration run down, a table added) or anything fails.
 */
async function emptyForReuse(name: string): Promise<boolean> {
  if (process.env.LAUREL_TEST_PG_REUSE === 'false') return false;
  const url = new URL(inject('pgUrl'));
  url.pathname = `/${name}`;
  try {
    // a child process killed by its test may have left sessions behind
    await adminQuery('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1', [name]);
    const client = new pg.Client({ connectionString: url.toString() });
    await client.connect();
    try {
      const shape = (await client.query<{ shape: string }>(SHAPE)).rows[0].shape;
      if (shape !== (await migratedShape)) return false;
      const tables = await client.query<{ name: string }>(
        `SELECT format('%I.%I', table_schema, table_name) AS name FROM information_schema.tables
          WHERE table_type = 'BASE TABLE' AND (
            (table_schema = 'public' AND table_name NOT LIKE 'kysely_migration%')
            OR (table_schema = 'pgboss' AND table_name NOT IN ('version', 'queue')))`,
      );
      const sequences = await client.query<{ name: string; start: string }>(
        `SELECT format('%I.%I', schemaname, sequencename) AS name, start_value AS start FROM pg_sequences
          WHERE schemaname = 'public'`,
      );
      // replica: no foreign-key or other trigger runs, so the order of the DELETEs does not matter
      await client.query(
        [
          'SET session_replication_role = replica',
          ...tables.rows.map((table) => `DELETE FROM ${table.name}`),
          ...sequences.rows.map((sequence) => `SELECT setval('${sequence.name}', ${sequence.start}, false)`),
        ].join(';\n'),
      );
    } finally {
      await client.end();
    }
    return true;
  } catch {
    return false;
  }
}

/** A fresh app on a fresh database, with the first-run seed done; close() removes everything. */
export async function createTestApp(database: TestDatabase, env: Record<string, string> = {}): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'laurel-test-'));
  const pgDatabase = database === 'postgres' ? await createPostgresDatabase() : null;
  const config = loadConfig({
    DATA_DIR: dataDir,
    PUBLIC_URL: 'http://laurel.test',
    WEB_ROOT: 'none',
    LOG_LEVEL: 'silent',
    JOB_POLL_MS: '0',
    ...(pgDatabase ? { DATABASE_URL: pgDatabase.url } : {}),
    ...env,
  });
  if (!config.databaseUrl && config.dataDir === dataDir) {
    fs.copyFileSync(await migratedSqliteFile(), path.join(dataDir, SQLITE_FILE));
  }
  const app = await buildApp(config, { logger: false });
  return {
    app,
    config,
    async close() {
      await app.close();
      await pgDatabase?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const SQLITE_FILE = 'laurel.db';
let sqliteTemplate: Promise<string> | null = null;

/**
 * A SQLite file holding every migration and nothing else, made once per test worker and copied into each test
 * app's data folder (migrating took 40 ms of each app's 90). The app still migrates (nothing left) and seeds.
 */
function migratedSqliteFile(): Promise<string> {
  sqliteTemplate ??= (async () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'laurel-test-template-'));
    const handle = openDatabase({ databaseUrl: null, dataDir: folder });
    await migrateToLatest(handle.db);
    await handle.close();
    const file = path.join(folder, SQLITE_FILE);
    // the last connection's close copied the write-ahead log into the file; a copy of the file alone is whole
    if (fs.existsSync(`${file}-wal`) && fs.statSync(`${file}-wal`).size > 0) throw new Error('template WAL not empty');
    process.once('exit', () => fs.rmSync(folder, { recursive: true, force: true }));
    return file;
  })();
  return sqliteTemplate;
}
