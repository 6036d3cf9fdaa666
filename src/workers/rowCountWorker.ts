/// <reference lib="webworker" />
import { checkImportFileContent } from '../../domain/import/files';
import { scanSpreadsheetZip, type SpreadsheetZipScan } from './sheetRowCount';
import type { WorkerTimings } from './spreadsheetWorker';

/** What the page sends: the chosen file (no copy of its bytes) and the row limit of the template. */
export interface RowCountMessage {
  file: File;
  limit: number;
}

/**
 * What the count answers: first, as soon as it is read, the last row the sheet's <dimension> declares (header
 * included; a claim only); then the zip scan, or null when the bytes are not what the file's name says (the parse
 * refuses those with their own code), with when it ended, for the bench.
 */
export type RowCountAnswer =
  | { stage: 'declared'; lastRow: number }
  | { stage: 'scanned'; scan: SpreadsheetZipScan | null; timings: WorkerTimings };

/**
 * Scans a spreadsheet's zip (its authoritative row count, a document type declared) in a worker of its own, beside
 * the worker that parses the same file: the page stops the parse as soon as this one refuses the file.
 */
self.onmessage = async (event: MessageEvent<RowCountMessage>) => {
  const { file, limit } = event.data;
  const bytes = new Uint8Array(await file.arrayBuffer());
  const post = (answer: RowCountAnswer) => self.postMessage(answer);
  const scan = checkImportFileContent(file.name, bytes)
    ? null
    : await scanSpreadsheetZip(bytes, limit, (lastRow) => post({ stage: 'declared', lastRow }));
  post({ stage: 'scanned', scan, timings: [['counted', performance.timeOrigin + performance.now()]] });
};
