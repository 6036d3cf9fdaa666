/// <reference lib="webworker" />
import type { ColumnMapping, ImportDefinition } from '../../domain/import';
import {
  importWorkbook,
  inflatedWorkbook,
  readAndValidate,
  type ImportStage,
  type WorkbookImport,
} from './importWorkbook';

/**
 * What the page sends: the chosen file (no copy of its bytes) and the template's import rules; `scanHere: false`
 * when the zip scan runs beside this worker (rowCountWorker.ts), which then only parses and checks.
 */
export interface SpreadsheetMessage {
  file: File;
  definition: ImportDefinition;
  scanHere?: boolean;
  /** headers the user mapped on the page (to a column, or null: ignored) */
  columnMapping?: ColumnMapping;
}

/** When each step of the worker ended, in milliseconds since the epoch (performance.timeOrigin + now). */
export type WorkerTimings = [WorkerStage, number][];
export type WorkerStage = 'received' | 'bytes' | ImportStage | 'encoded' | 'counted';

/**
 * What the worker answers: that the cells are read and being checked, then the outcome. Checked rows travel as
 * one JSON string (a string's copy is one block of memory, no TextEncoder/TextDecoder pass on either side); the
 * page's JSON.parse of it is quicker than the structured clone of 10,000 row objects on its thread. The last
 * answer carries the time of each step (for the bench).
 */
export type SpreadsheetAnswer =
  | { stage: 'validating' }
  | { stage: 'done'; outcome: Exclude<WorkbookImport, { ok: true }>; timings: WorkerTimings }
  | { stage: 'rows'; json: string; timings: WorkerTimings };

/** Reads and checks one spreadsheet off the main thread; the page terminates this worker if it takes too long. */
self.onmessage = async (event: MessageEvent<SpreadsheetMessage>) => {
  const timings: WorkerTimings = [];
  const mark = (stage: WorkerStage) => timings.push([stage, performance.timeOrigin + performance.now()]);
  mark('received');
  const { file, definition, scanHere = true, columnMapping } = event.data;
  const post = (answer: SpreadsheetAnswer) => self.postMessage(answer);
  const bytes = new Uint8Array(await file.arrayBuffer());
  mark('bytes');
  const onValidating = () => post({ stage: 'validating' });
  let outcome: WorkbookImport;
  if (scanHere) outcome = await importWorkbook(bytes, file.name, definition, onValidating, mark, columnMapping);
  else {
    const inflated = await inflatedWorkbook(bytes, file.name);
    mark('inflated');
    outcome = readAndValidate(bytes, file.name, definition, onValidating, mark, inflated, columnMapping);
  }
  if (!outcome.ok) return post({ stage: 'done', outcome, timings });
  const json = JSON.stringify(outcome.rows);
  mark('encoded');
  post({ stage: 'rows', json, timings });
};
