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
  if (process.env.LAUREL_TEST_PG_URL) {
    project.provide('pgUrl', process.env.LAUREL_TEST_PG_URL);
    return;
  }
  // durability off: the cluster lives as long as the run
  const cluster = await startPgCluster({
    prefix: 'laurel-pg-',
    settings: { fsync: 'off', synchronous_commit: 'off', full_page_writes: 'off', max_connections: 300 },
  });
  project.provide('pgUrl', cluster.url);
  return () => cluster.destroy();
}
