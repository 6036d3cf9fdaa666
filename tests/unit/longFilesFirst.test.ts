import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { TestSpecification, Vitest } from 'vitest/node';
import { LONG_FILES, LongFilesFirst } from '../../vitest.config';

const root = path.resolve(__dirname, '../..');

function spec(project: string, file: string): TestSpecification {
  return {
    project: { name: project, config: { isolate: false, sequence: { groupOrder: 0 } } },
    moduleId: path.join(root, file),
  } as unknown as TestSpecification;
}

/** The sequencer over a cache that knows the given durations (ms) and the given file sizes. */
function sequencer(durations: Record<string, number>, sizes: Record<string, number>) {
  const ctx = {
    config: { root, sequence: {} },
    cache: {
      getFileTestResults: (key: string) => (key in durations ? { duration: durations[key], failed: false } : undefined),
      getFileStats: (key: string) => (key in sizes ? { size: sizes[key] } : undefined),
    },
  };
  return new LongFilesFirst(ctx as unknown as Vitest);
}

const names = (specs: TestSpecification[]) => specs.map((s) => `${s.project.name}:${path.relative(root, s.moduleId)}`);

describe('LongFilesFirst (the order vitest hands the test files to its workers)', () => {
  const files = [
    spec('server', 'tests/server/users.test.ts'),
    spec('server', 'tests/server/chaos.test.ts'),
    spec('server', 'tests/server/publicPages.test.ts'),
    spec('server', 'tests/server/jobs.test.ts'),
  ];
  const sizes = {
    'server:tests/server/users.test.ts': 9000,
    'server:tests/server/chaos.test.ts': 1269,
    'server:tests/server/publicPages.test.ts': 33000,
    'server:tests/server/jobs.test.ts': 20000,
  };

  it('starts the long files first on a clean clone (no durations), the others largest first', async () => {
    expect(names(await sequencer({}, sizes).sort(files))).toEqual([
      'server:tests/server/chaos.test.ts',
      'server:tests/server/jobs.test.ts',
      'server:tests/server/publicPages.test.ts',
      'server:tests/server/users.test.ts',
    ]);
  });

  it("keeps vitest's order by the last durations when its cache knows every file", async () => {
    const durations = {
      'server:tests/server/users.test.ts': 40_000,
      'server:tests/server/chaos.test.ts': 1_000,
      'server:tests/server/publicPages.test.ts': 20_000,
      'server:tests/server/jobs.test.ts': 30_000,
    };
    expect(names(await sequencer(durations, sizes).sort(files))).toEqual([
      'server:tests/server/users.test.ts',
      'server:tests/server/jobs.test.ts',
      'server:tests/server/publicPages.test.ts',
      'server:tests/server/chaos.test.ts',
    ]);
  });

  it('names files that exist (a renamed file would silently lose its place)', () => {
    for (const file of LONG_FILES) expect(fs.existsSync(path.join(root, file)), file).toBe(true);
  });
});
