import type { ImportResult, ImportRow } from '../../../domain/import';
import { cooperate } from '../../eventLoop';

/**
 * What publish, its parts and the duplicate check share (their own module, so that duplicates and publish do not import each other): the row limit of
 * one request, a recipient's rows, and the rows turned back into a sheet and validated with pauses.
 */

/** The most rows one publish takes (the web app's import limit). */
export const MAX_PUBLISH_ROWS = 10_000;

/** A recipient's rows by language, in the file's order: the first row gives the recipient's own language. */
export interface Recipient {
  rows: Map<string, ImportRow>;
}

/** The rows the web app sends, as a sheet again (see importRowsToSheet), with pauses between slices. */
export async function rowsToSheet(rows: readonly Readonly<Record<string, string>>[]): Promise<string[][]> {
  const headers: string[] = [];
  const seen = new Set<string>();
  for (const row of rows) {
    await cooperate();
    for (const key of Object.keys(row)) {
      if (seen.has(key)) continue;
      seen.add(key);
      headers.push(key);
    }
  }
  const sheet: string[][] = [headers];
  for (const row of rows) {
    await cooperate();
    sheet.push(headers.map((header) => row[header] ?? ''));
  }
  return sheet;
}

/** Runs validateImportSteps to its end, letting the event loop turn between its slices. */
export async function runSteps(steps: Generator<void, ImportResult, void>): Promise<ImportResult> {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    await cooperate();
  }
}
