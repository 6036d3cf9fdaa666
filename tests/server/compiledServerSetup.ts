import type { TestProject } from 'vitest/node';
import { buildCompiledServer } from '../support/laurelProcess';

/**
 * Builds the server once for the whole server test run (what `npm start` runs, plus the test-only faulty server),
 * for the tests that start servers as child processes: a compiled server starts on about 1.5 s of CPU, where
 * `node --import tsx server/main.ts` took 5 to 5.5 s compiling the TypeScript again in every child (2026-11-29).
 */
declare module 'vitest' {
  export interface ProvidedContext {
    /** the folder of the compiled server: main.js, laurel.js (the CLI), faultyServer.js, loadedPackages.js */
    compiledServer: string;
  }
}

export default function buildServerOnce(project: TestProject) {
  const compiled = buildCompiledServer({
    faultyServer: 'tests/support/faultyServer.ts',
    loadedPackages: 'tests/support/loadedPackages.ts',
  });
  project.provide('compiledServer', compiled.folder);
  return () => compiled.remove();
}
