/// <reference lib="webworker" />
import type { ImportDefinition } from '../../domain/import';
import { importWorkbook, type WorkbookImport } from './importWorkbook';

/** What the page sends: the chosen file (no copy of its bytes) and the template's import rules. */
export interface SpreadsheetMessage {
  file: File;
  definition: ImportDefinition;
}

/**
 * What the worker answers: that the cells are read and being checked, then the outcome. Checked rows travel as
 * JSON bytes handed over (transferred, not copied); the page's JSON.parse of them is quicker than the structured
 * clone of 10,000 row objects on its thread.
 */
export type SpreadsheetAnswer =
  | { stage: 'validating' }
  | { stage: 'done'; outcome: Exclude<WorkbookImport, { ok: true }> }
  | { stage: 'rows'; json: ArrayBuffer };

/** Reads and checks one spreadsheet off the main thread; the page terminates this worker if it takes too long. */
self.onmessage = async (event: MessageEvent<SpreadsheetMessage>) => {
  const { file, definition } = event.data;
  const post = (answer: SpreadsheetAnswer) => self.postMessage(answer);
  const outcome = await importWorkbook(new Uint8Array(await file.arrayBuffer()), file.name, definition, () =>
    post({ stage: 'validating' }),
  );
  if (!outcome.ok) return post({ stage: 'done', outcome });
  const json = new TextEncoder().encode(JSON.stringify(outcome.rows)).buffer;
  self.postMessage({ stage: 'rows', json } satisfies SpreadsheetAnswer, [json]);
};
