import type { ColumnMapping, ImportDefinition, ImportRow } from '../../domain/import';
import { whenIdle } from '../components/whenIdle';
import type { WorkbookImport } from './importWorkbook';
import type { RowCountAnswer, RowCountMessage } from './rowCountWorker';
import { scanRefusal } from './sheetRowCount';
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
const startCounter = () => new Worker(new URL('./rowCountWorker.ts', import.meta.url), { type: 'module' });

/** The two workers of one import: one parses and checks the rows, the other scans the zip (row count) beside it. */
interface ImportWorkers {
  parser: Worker;
  counter: Worker;
}

// Workers started ahead, their code (SheetJS) loaded and compiled by the time a file is chosen.
let spare: ImportWorkers | null = null;

/** Starts the import's workers ahead of the first file (the publication page, once its template is known). */
export function prepareSpreadsheetWorker(): void {
  spare ??= { parser: startWorker(), counter: startCounter() };
}

/** Ends the workers started ahead (the page is left). */
export function releaseSpreadsheetWorker(): void {
  spare?.parser.terminate();
  spare?.counter.terminate();
  spare = null;
}

/**
 * Reads and checks a spreadsheet in Web Workers (those started ahead, or new ones), terminated after the time
 * limit. The file goes to the workers as it is (no copy of its bytes on this thread). One worker scans the zip —
 * the authoritative row count, a document type declared — while the other parses the file with SheetJS and
 * checks its rows: the scan takes a fifth of the parse, so it answers first, and a refusal stops the parse there.
 * A sheet whose <dimension> declares more rows than the limit stops the parse as soon as that is read, and the
 * count alone decides: a file over the limit is never parsed whole (a claim the count belies — a wrong
 * dimension over few rows — has its parse started again). The outcome waits for both: the scan's refusal, else
 * the parse's. The rows come back checked, so this thread only renders them.
 */
export function parseSpreadsheet(
  file: File,
  definition: ImportDefinition,
  onValidating: () => void = () => undefined,
  timeLimitMs = PARSE_TIME_LIMIT_MS,
  columnMapping?: ColumnMapping,
): Promise<ParseResult> {
  const started = spare ?? { parser: startWorker(), counter: startCounter() };
  spare = null;
  const { counter } = started;
  let parser: Worker | null = started.parser;
  return new Promise<ParseResult>((resolve) => {
    // undefined until each worker answers; the scan answers null when it has nothing against the file
    let refusal: ParseResult | null | undefined;
    let parsed: ParseResult | undefined;
    // workers that have both answered are idle: they are ended once the page has shown the outcome
    const finish = (result: ParseResult, bothAnswered = false) => {
      window.clearTimeout(timer);
      const end = () => {
        parser?.terminate();
        counter.terminate();
      };
      if (bothAnswered) whenIdle(end);
      else end();
      resolve(result);
    };
    const settle = () => {
      if (refusal) finish(refusal);
      else if (refusal === null && parsed) finish(parsed, true);
      else if (refusal === null && !parser) parse(startWorker());
    };
    const timer = window.setTimeout(() => finish({ ok: false, code: 'ERR_PARSE_TIMEOUT' }), timeLimitMs);
    const failed = (event: ErrorEvent) => finish({ ok: false, code: 'ERR_UNEXPECTED', detail: event.message });
    counter.onmessage = (event: MessageEvent<RowCountAnswer>) => {
      const answer = event.data;
      if (answer.stage === 'declared') {
        // more rows declared than allowed: the count goes on alone, and the parse only if it belies the claim
        if (answer.lastRow - 1 > definition.maxRows && parser) {
          parser.terminate();
          parser = null;
        }
        return;
      }
      markImport(answer.timings, 'scan-answered');
      refusal = answer.scan ? scanRefusal(answer.scan, definition.maxRows) : null;
      settle();
    };
    counter.onerror = failed;
    const parse = (worker: Worker) => {
      parser = worker;
      worker.onmessage = (event: MessageEvent<SpreadsheetAnswer>) => {
        const answer = event.data;
        if (answer.stage === 'validating') return onValidating();
        if (answer.stage === 'done') {
          markImport(answer.timings, 'answered');
          parsed = answer.outcome;
          return settle();
        }
        const rows = JSON.parse(answer.json) as ImportRow[];
        markImport(answer.timings, 'decoded');
        parsed = { ok: true, rows };
        settle();
      };
      worker.onerror = failed;
      const message: SpreadsheetMessage = { file, definition, scanHere: false, columnMapping };
      worker.postMessage(message);
    };
    performance.mark(IMPORT_MARK + 'posted');
    parse(started.parser);
    counter.postMessage({ file, limit: definition.maxRows } satisfies RowCountMessage);
  });
}
