/// <reference lib="webworker" />
import type { ImportDefinition } from '../../domain/import';
import { importWorkbook, type WorkbookImport } from './importWorkbook';

/** What the page sends: the chosen file (no copy of its bytes) and the template's import rules. */
export interface SpreadsheetMessage {
  file: File;
  definition: ImportDefinition;
}

/** What the worker answers: that the cells are read and being checked, then the outcome. */
export type SpreadsheetAnswer = { stage: 'validating' } | { stage: 'done'; outcome: WorkbookImport };

/** Reads and checks one spreadsheet off the main thread; the page terminates this worker if it takes too long. */
self.onmessage = async (event: MessageEvent<SpreadsheetMessage>) => {
  const { file, definition } = event.data;
  const post = (answer: SpreadsheetAnswer) => self.postMessage(answer);
  const outcome = await importWorkbook(new Uint8Array(await file.arrayBuffer()), file.name, definition, () =>
    post({ stage: 'validating' }),
  );
  post({ stage: 'done', outcome });
};
