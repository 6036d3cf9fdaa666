import type { ReadWorkbookResult } from './readWorkbook';
import type { SpreadsheetMessage } from './spreadsheetWorker';

/** A crafted file must not freeze the page: parsing stops after this long. */
export const PARSE_TIME_LIMIT_MS = 30_000;

export type ParseResult = ReadWorkbookResult | { ok: false; code: 'ERR_PARSE_TIMEOUT' };

/** Parses a spreadsheet in a Web Worker that is terminated after the time limit. */
export function parseSpreadsheet(file: File, timeLimitMs = PARSE_TIME_LIMIT_MS): Promise<ParseResult> {
  return file.arrayBuffer().then(
    (buffer) =>
      new Promise<ParseResult>((resolve) => {
        const worker = new Worker(new URL('./spreadsheetWorker.ts', import.meta.url), { type: 'module' });
        const timer = window.setTimeout(() => {
          worker.terminate();
          resolve({ ok: false, code: 'ERR_PARSE_TIMEOUT' });
        }, timeLimitMs);
        worker.onmessage = (event: MessageEvent<ReadWorkbookResult>) => {
          window.clearTimeout(timer);
          worker.terminate();
          resolve(event.data);
        };
        worker.onerror = (event) => {
          window.clearTimeout(timer);
          worker.terminate();
          resolve({ ok: false, code: 'ERR_UNEXPECTED', detail: event.message });
        };
        const message: SpreadsheetMessage = { buffer, name: file.name };
        worker.postMessage(message, [buffer]);
      }),
  );
}
