import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../server/db/connection';
import { migrateToLatest } from '../../server/db/migrate';
import { startPgCluster } from '../support/pgCluster';

/**
 * Starts a throw-away PostgreSQL cluster on loopback for the server tests and provides its URL; each test
 * file then creates its own database in it. Needs the postgresql package (.ci/run installs it).
 */
declare module 'vitest' {
  export interface ProvidedContext {
    pgUrl: string;
    /** A database of the cluster holding every migration and nothing else, copied for each test's database. */
    pgTemplate: string;
  }
}

/** The migrated template's name: a fresh database copies it (CREATE DATABASE … TEMPLATE) instead of migrating. */
export const MIGRATED_TEMPLATE = 'laurel_migrated_template';

export default async function startPostgres(project: TestProject) {
  const { url, stop } = await testPgCluster();
  await createMigratedTemplate(url);
  project.provide('pgUrl', url);
  project.provide('pgTemplate', MIGRATED_TEMPLATE);
  return async () => {
    // the databases the workers kept for reuse (tests/server/testApp.ts), on a cluster that outlives the run
    if (process.env.LAUREL_TEST_PG_URL) await dropTestDatabases(url);
    stop();
  };
}

async function dropTestDatabases(adminUrl: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ datname: string }>(
      "SELECT datname FROM pg_database WHERE datname LIKE 'laurel\\_test\\_%'",
    );
    for (const { datname } of rows) await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
  } finally {
    await admin.end();
  }
}

/**
 * Migrates an empty database once for the whole run. Running the 29 migrations took most of the 0.5 s each test
 * app's PostgreSQL database cost; copying a migrated one is a file copy. The app still runs its migrator on start
 * (nothing left to do) and its first-run seed, so each test's keys and first administrator are its own.
 */
async function createMigratedTemplate(adminUrl: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${MIGRATED_TEMPLATE} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${MIGRATED_TEMPLATE}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${MIGRATED_TEMPLATE}`;
  const handle = openDatabase({ databaseUrl: url.toString(), dataDir: '' });
  try {
    await migrateToLatest(handle.db);
  } finally {
    // no connection may stay open on a template while it is copied
    await handle.close();
  }
}

/** Settings for a cluster whose data need not survive a crash: durability off, as fast as it goes. */
export const NO_DURABILITY = { fsync: 'off', synchronous_commit: 'off', full_page_writes: 'off' } as const;

/**
 * The server tests' cluster (benches use it too): LAUREL_TEST_PG_URL when set (nothing to stop), otherwise a
 * throw-away one that lives as long as the run.
 */
export async function testPgCluster(): Promise<{ url: string; stop(): void }> {
  if (process.env.LAUREL_TEST_PG_URL) return { url: process.env.LAUREL_TEST_PG_URL, stop: () => {} };
  const cluster = await startPgCluster({ prefix: 'laurel-pg-', settings: { ...NO_DURABILITY, max_connections: 300 } });
  return { url: cluster.url, stop: () => cluster.destroy() };
}
