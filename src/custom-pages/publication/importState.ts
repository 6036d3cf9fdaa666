import {
  checkImportFileName,
  importError,
  validateImport,
  type ImportDefinition,
  type ImportError,
  type ImportRow,
} from '../../../domain/import';
import type { ParseResult } from '../../workers/parseSpreadsheet';

/** An alert of the import panel: an import error, or the worker's time limit. */
export interface ImportAlert {
  code: ImportError['code'] | 'ERR_PARSE_TIMEOUT';
  details: string[];
  more: number;
}

/**
 * The import of one spreadsheet, as the page renders it: nothing chosen yet, the worker reading the file,
 * domain/import checking its rows, then the rows or the errors.
 */
export type ImportState =
  | { status: 'idle' }
  | { status: 'parsing'; fileName: string }
  | { status: 'validating'; fileName: string }
  | { status: 'ready'; fileName: string; rows: ImportRow[] }
  | { status: 'error'; fileName: string; errors: ImportAlert[] };

export const IDLE_IMPORT: ImportState = { status: 'idle' };

export interface ImportSteps {
  /** reads the workbook off the main thread (the spreadsheet worker) */
  parse: (file: File) => Promise<ParseResult>;
  /** called on each change of state, the last one being ready or error */
  onState: (state: ImportState) => void;
}

function parseFailure(result: Exclude<ParseResult, { ok: true }>, fileName: string): ImportAlert {
  if (result.code === 'ERR_PARSE_TIMEOUT') return { code: 'ERR_PARSE_TIMEOUT', details: [fileName], more: 0 };
  return importError(result.code, [fileName]);
}

/**
 * Checks the file's type, has the worker read it, then validates its cells against the template. Any failure
 * along the way ends in the error state; the returned promise never rejects.
 */
export async function importSpreadsheet(
  file: File,
  definition: ImportDefinition,
  { parse, onState }: ImportSteps,
): Promise<ImportState> {
  const fileName = file.name;
  const finish = (state: ImportState) => {
    onState(state);
    return state;
  };
  const badType = checkImportFileName(fileName);
  if (badType) return finish({ status: 'error', fileName, errors: [badType] });
  onState({ status: 'parsing', fileName });
  let parsed: ParseResult;
  try {
    parsed = await parse(file);
  } catch {
    return finish({ status: 'error', fileName, errors: [importError('ERR_UNEXPECTED', [fileName])] });
  }
  if (!parsed.ok) return finish({ status: 'error', fileName, errors: [parseFailure(parsed, fileName)] });
  onState({ status: 'validating', fileName });
  // let the page paint the validating state before the rows are checked on this thread
  await new Promise((resolve) => setTimeout(resolve, 0));
  const result = validateImport(parsed.sheet, definition, { date1904: parsed.date1904, recipientData: true });
  return finish(
    result.ok ? { status: 'ready', fileName, rows: result.rows } : { status: 'error', fileName, errors: result.errors },
  );
}
