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

export async function createPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const adminUrl = inject('pgUrl');
  const name = `laurel_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  // a copy of the run's migrated template (tests/server/postgresServer.ts); a copy fails while another session
  // is connected to the template, which only a test that opens it by mistake would do
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject('pgTemplate')} STRATEGY FILE_COPY`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
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
