import { startTransition } from 'react';
import {
  checkImportFileName,
  importError,
  type ColumnMapping,
  type ImportDefinition,
  type ImportError,
  type ImportRow,
  type UnknownColumn,
} from '../../../../domain/import';
import type { ParseResult } from '../../../workers/parseSpreadsheet';

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
  | { status: 'ready'; fileName: string; rows: ImportRow[]; columnMapping?: ColumnMapping }
  | {
      status: 'error';
      fileName: string;
      errors: ImportAlert[];
      /** headers that are none of the template's columns, to map on the page (issue 28) */
      unknownColumns?: UnknownColumn[];
      columnMapping?: ColumnMapping;
    };

export const IDLE_IMPORT: ImportState = { status: 'idle' };

export interface ImportSteps {
  /** reads and checks the workbook off the main thread (the spreadsheet worker); onValidating once its cells are read */
  parse: (
    file: File,
    definition: ImportDefinition,
    onValidating: () => void,
    columnMapping?: ColumnMapping,
  ) => Promise<ParseResult>;
  /** called on each change of state, the last one being ready or error */
  onState: (state: ImportState) => void;
}

type ParseFailure = Extract<ParseResult, { code: string }>;

function parseFailure(result: ParseFailure, fileName: string): ImportAlert {
  if (result.code === 'ERR_PARSE_TIMEOUT') return { code: 'ERR_PARSE_TIMEOUT', details: [fileName], more: 0 };
  return importError(result.code, [fileName]);
}

/**
 * Checks the file's name, then has the worker read the file and check its rows against the template (a file over
 * the row limit is refused from its zip before it is read). Any failure along the way ends in the error state;
 * the returned promise never rejects.
 */
export async function importSpreadsheet(
  file: File,
  definition: ImportDefinition,
  { parse, onState }: ImportSteps,
  /** the headers the user mapped on the page: the same file is read again with them */
  columnMapping?: ColumnMapping,
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
    parsed = await parse(file, definition, () => onState({ status: 'validating', fileName }), columnMapping);
  } catch {
    return finish({ status: 'error', fileName, errors: [importError('ERR_UNEXPECTED', [fileName])] });
  }
  if ('code' in parsed) return finish({ status: 'error', fileName, errors: [parseFailure(parsed, fileName)] });
  if (!parsed.ok) {
    const { errors, unknownColumns } = parsed;
    return finish(
      unknownColumns
        ? { status: 'error', fileName, errors, unknownColumns, columnMapping }
        : { status: 'error', fileName, errors, columnMapping },
    );
  }
  const ready: ImportState = { status: 'ready', fileName, rows: parsed.rows, columnMapping };
  // The ready state renders the table and the counts over every row: as a transition, React renders it in slices
  // between which the page stays responsive (no task over 100 ms for 10,000 rows, issue 16 point 3).
  startTransition(() => onState(ready));
  return ready;
}
