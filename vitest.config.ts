import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The server test files that take longest, longest first (seconds of one file on the 2-core machine, clean run of
 * 2026-11-29). Vitest hands the files to its two workers in the order it sorts them: by their last durations when
 * its cache (node_modules/.vite) knows them, else by file size, largest first. On a clean clone the cache is empty,
 * and chaos.test.ts, 88 s but a small file, started last: one worker ran it alone for a minute and more at the end.
 * Started first, the long files overlap the many short ones instead. A file missing here is only sorted by size.
 */
export const LONG_FILES = [
  'tests/server/chaos.test.ts',
  'tests/server/jobs.test.ts',
  'tests/server/evmChain.test.ts',
  'tests/server/hostileArchives.test.ts',
  'tests/server/cli.test.ts',
  'tests/server/reports.test.ts',
  'tests/server/reissueKill.test.ts',
  'tests/server/notifications.test.ts',
  'tests/server/walletDelivery.test.ts',
  'tests/server/imageBounds.test.ts',
  'tests/server/reportPages.test.ts',
  'tests/server/mailOutage.test.ts',
];

/**
 * Vitest's own order, except on a run its cache cannot order (a clean clone, or a file it has not timed yet): there
 * the files of LONG_FILES start first, in that order, the others after them in vitest's order (largest first).
 */
export class LongFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const root = this.ctx.config.root;
    const key = (spec: TestSpecification) => path.relative(root, spec.moduleId).split(path.sep).join('/');
    const timed = (spec: TestSpecification) =>
      this.ctx.cache.getFileTestResults(`${spec.project.name}:${key(spec)}`) !== undefined;
    if (sorted.every(timed)) return sorted;
    const rank = (spec: TestSpecification) => {
      const index = LONG_FILES.indexOf(key(spec));
      return index === -1 ? LONG_FILES.length : index;
    };
    // projects stay in vitest's order (they run one after the other); within each, the long files first
    const projects = [...new Set(sorted.map((spec) => spec.project.name))];
    return projects.flatMap((name) =>
      sorted
        .filter((spec) => spec.project.name === name)
        .map((spec, position) => ({ spec, position }))
        .sort((a, b) => rank(a.spec) - rank(b.spec) || a.position - b.position)
        .map(({ spec }) => spec),
    );
  }
}

export default defineConfig({
  plugins: [react()],
  test: {
    // vitest's default in a run is one worker fewer than the cores: one worker on this 2-core machine, whose tests wait on
    // PostgreSQL, child processes and timers half the time. Two keep both cores busy (each test file has its own database,
    // data folder and ports). VITEST_MAX_WORKERS overrides it (npx vitest run --maxWorkers=1 too). Four were tried for
    // the server tests (2026-11-28): 90 files in 423 s on a quiet clean clone, where two had taken 416 s for 88, so
    // the server tests already fill both cores with two (PostgreSQL's processes included).
    maxWorkers: Number(process.env.VITEST_MAX_WORKERS ?? 2),
    // a worker keeps its loaded modules from one test file to the next instead of importing React, MUI, Fastify and
    // the server again for each of them: the unit run went from 205 s to 62 s and the server run from 598 s to 457 s
    // (importing was 82 s and 150 s of them). Each test file still makes its own database, server and mocks, and
    // cleans up after itself; VITEST_ISOLATE=true brings back a fresh module graph per file, to tell a leak between
    // files from a bug. The jsdom is the worker's too: vitest sets an environment up when it starts a worker, and
    // reports that one set-up as each of the worker's files' "environment" time (so 90 files show some 150 s of it
    // for two set-ups). A worker is kept for the next file only if that file has the same project and environment:
    // a `@vitest-environment node` comment on one file of the unit project would cost two new workers, each
    // importing React, MUI and react-admin again (2026-11-29, vitest 4.1).
    isolate: process.env.VITEST_ISOLATE === 'true',
    // the longest server test files first on a clean clone, where vitest has no durations to sort by (else the 88 s
    // chaos test, a small file, started last and ran alone at the end): LongFilesFirst above
    sequence: { sequencer: LongFilesFirst },
    projects: [
      {
        // domain/ is pure: its tests need no DOM, and a jsdom per file cost more than the tests themselves (a file
        // that does need one says so with a @vitest-environment jsdom comment)
        extends: true,
        test: {
          name: 'unit-domain',
          environment: 'node',
          include: ['domain/**/*.test.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'jsdom',
          include: ['src/**/*.test.{ts,tsx}', 'tests/unit/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/unit/setup.ts'],
          // component tests drive a real DOM with user-event: on a busy 2-core machine they run 5 to 10 times slower
          testTimeout: 20_000,
        },
      },
      {
        // npm run new-resource, run for real in a throw-away copy of the repository (npm run test:scripts)
        extends: true,
        test: {
          name: 'scripts',
          environment: 'node',
          include: ['tests/scripts/**/*.test.ts'],
          testTimeout: 20_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          include: ['tests/server/**/*.test.ts'],
          globalSetup: ['tests/server/postgresServer.ts', 'tests/server/compiledServerSetup.ts'],
          testTimeout: 20_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
