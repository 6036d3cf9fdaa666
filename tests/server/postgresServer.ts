import type { TestProject } from 'vitest/node';
import { startPgCluster } from '../support/pgCluster';

/**
 * Starts a throw-away PostgreSQL cluster on loopback for the server tests and provides its URL; each test
 * file then creates its own database in it. Needs the postgresql package (.ci/run installs it).
 */
declare module 'vitest' {
  export interface ProvidedContext {
    pgUrl: string;
  }
}

export default async function startPostgres(project: TestProject) {
  const { url, stop } = await testPgCluster();
  project.provide('pgUrl', url);
  return stop;
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
