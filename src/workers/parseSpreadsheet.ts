import type { ImportDefinition, ImportRow } from '../../domain/import';
import type { WorkbookImport } from './importWorkbook';
import type { SpreadsheetAnswer, SpreadsheetMessage, WorkerTimings } from './spreadsheetWorker';

/** A crafted file must not freeze the page: parsing stops after this long. */
export const PARSE_TIME_LIMIT_MS = 30_000;

export type ParseResult = WorkbookImport | { ok: false; code: 'ERR_PARSE_TIMEOUT' };

/** Prefix of the User Timing marks of an import (the bench reads them to split its time). */
export const IMPORT_MARK = 'laurel-import:';

/** The worker's steps as marks of this page's timeline, then `stage` now. */
function markImport(timings: WorkerTimings, stage: string): void {
  for (const [step, epochMs] of timings)
    performance.mark(IMPORT_MARK + step, { startTime: Math.max(0, epochMs - performance.timeOrigin) });
  performance.mark(IMPORT_MARK + stage);
}

const startWorker = () => new Worker(new URL('./spreadsheetWorker.ts', import.meta.url), { type: 'module' });

// A worker started ahead, its code (SheetJS) loaded and compiled by the time a file is chosen.
let spare: Worker | null = null;

/** Starts a spreadsheet worker ahead of the first file (the publication page, once its template is known). */
export function prepareSpreadsheetWorker(): void {
  spare ??= startWorker();
}

/** Ends the worker started ahead (the page is left). */
export function releaseSpreadsheetWorker(): void {
  spare?.terminate();
  spare = null;
}

/**
 * Reads and checks a spreadsheet in a Web Worker (the one started ahead, or a new one), which is terminated after
 * the time limit. The file goes to the worker as it is (no copy of its bytes on this thread); the rows come back
 * checked, so this thread only renders them.
 */
export function parseSpreadsheet(
  file: File,
  definition: ImportDefinition,
  onValidating: () => void = () => undefined,
  timeLimitMs = PARSE_TIME_LIMIT_MS,
): Promise<ParseResult> {
  const worker = spare ?? startWorker();
  spare = null;
  return new Promise<ParseResult>((resolve) => {
    const finish = (result: ParseResult) => {
      window.clearTimeout(timer);
      worker.terminate();
      resolve(result);
    };
    const timer = window.setTimeout(() => finish({ ok: false, code: 'ERR_PARSE_TIMEOUT' }), timeLimitMs);
    worker.onmessage = (event: MessageEvent<SpreadsheetAnswer>) => {
      const answer = event.data;
      if (answer.stage === 'validating') return onValidating();
      if (answer.stage === 'done') {
        markImport(answer.timings, 'answered');
        return finish(answer.outcome);
      }
      const rows = JSON.parse(new TextDecoder().decode(answer.json)) as ImportRow[];
      markImport(answer.timings, 'decoded');
      finish({ ok: true, rows });
    };
    worker.onerror = (event) => finish({ ok: false, code: 'ERR_UNEXPECTED', detail: event.message });
    performance.mark(IMPORT_MARK + 'posted');
    const message: SpreadsheetMessage = { file, definition };
    worker.postMessage(message);
  });
}
