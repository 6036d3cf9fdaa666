import { beforeAll, describe, expect, it } from 'vitest';
import { exceedsPixelBounds, IMAGE_PIXEL_BOUNDS } from '../../domain/imageDimensions';
import type { ImportDefinition } from '../../domain/import';
import { importWorkbook } from '../../src/workers/importWorkbook';
import { hostileImages, hostileSpreadsheets, type HostileFile } from '../fixtures/hostile/corpus';

const definition: ImportDefinition = {
  languages: ['en'],
  defaultLanguage: 'en',
  technicalFields: ['ID'],
  fieldsToCertify: [],
  fileFields: [],
  openbadge: true,
  maxRows: 10_000,
};

/** Each file's import must answer within this time (the browser's worker stops at 30 s). */
const BOUND_MS = 5000;

/**
 * Issue 17, point 15: the hostile spreadsheets go through the import as the browser's worker runs it
 * (importWorkbook: the zip checks, SheetJS, domain/import), in Node; each answers its code in bounded time
 * and memory. 'READ' files (a claimed dimension, prototype keys) read without expanding anything.
 */
describe('the hostile-file corpus', () => {
  let spreadsheets: HostileFile[];
  beforeAll(async () => {
    spreadsheets = await hostileSpreadsheets();
  }, 120_000);

  it('holds at least 100 files', () => {
    expect(spreadsheets.length + hostileImages().length).toBeGreaterThanOrEqual(100);
  });

  it('refuses every hostile spreadsheet with its code, in bounded time and memory', async () => {
    const answers: string[] = [];
    for (const file of spreadsheets) {
      const heapBefore = process.memoryUsage().heapUsed;
      const started = performance.now();
      const result = await importWorkbook(file.bytes, file.name, definition);
      const elapsed = performance.now() - started;
      const code = result.ok ? 'READ' : 'code' in result ? result.code : result.errors.map((e) => e.code).join(',');
      answers.push(`${file.name}: ${code}`);
      expect.soft(code, `${file.name} (${file.why})`).toContain(file.expected);
      expect.soft(elapsed, `${file.name} took ${Math.round(elapsed)} ms`).toBeLessThan(BOUND_MS);
      expect.soft(process.memoryUsage().heapUsed - heapBefore, `${file.name} memory`).toBeLessThan(400 * 1024 * 1024);
      if (result.ok)
        for (const row of result.rows) {
          // nothing was expanded, nothing reached the prototype
          for (const value of Object.values(row)) expect(value.length).toBeLessThan(1000);
          expect(Object.getPrototypeOf(row)).toBe(Object.prototype);
          expect(({} as Record<string, unknown>).admin).toBeUndefined();
        }
    }
    expect(answers).toHaveLength(spreadsheets.length);
  }, 300_000);

  it('bounds every hostile image from its header, before any decoding', () => {
    for (const file of hostileImages().filter((image) => image.expected === 'editBadge.upload-error-too-many-pixels'))
      expect(exceedsPixelBounds(file.bytes, IMAGE_PIXEL_BOUNDS), file.name).toBe(true);
  });
});
