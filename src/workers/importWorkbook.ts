import {
  checkImportFileContent,
  validateImport,
  type ColumnMapping,
  type ImportDefinition,
  type ImportResult,
} from '../../domain/import';
import { inflateZip } from './inflateZip';
import { readWorkbook, type ReadWorkbookResult } from './readWorkbook';
import { scanRefusal, scanSpreadsheetZip } from './sheetRowCount';

/** A file the workbook reader refused (wrong content, locked, empty, unreadable). */
export type ReadFailure = Exclude<ReadWorkbookResult, { ok: true }>;

/** What the import of one file answers: the checked rows, the import errors, or why the file could not be read. */
export type WorkbookImport = ImportResult | ReadFailure;

/** The steps of one import, in order, as the bench splits its time: zip scanned, parts inflated, SheetJS read, rows checked. */
export type ImportStage = 'scanned' | 'inflated' | 'read' | 'validated';

/**
 * What the zip of a file says against its import before any parse (sheetRowCount): over the row limit, or a
 * document type declared; null when nothing (a file whose bytes are not what its name says is left to
 * readWorkbook, which refuses it with its own code).
 */
export async function zipRefusal(
  bytes: Uint8Array,
  fileName: string,
  maxRows: number,
): Promise<Exclude<WorkbookImport, { ok: true }> | null> {
  if (checkImportFileContent(fileName, bytes)) return null;
  return scanRefusal(await scanSpreadsheetZip(bytes, maxRows), maxRows);
}

/**
 * An .xlsx or .xlsm file's zip with its parts inflated by the platform (inflateZip: SheetJS's JavaScript inflate was
 * half of its read in a fresh worker), or null: another file, a zip the import refuses (its bounds are checked
 * first), or anything unusual, which SheetJS then reads as it is. OpenDocument files are left to SheetJS.
 */
export async function inflatedWorkbook(bytes: Uint8Array, fileName: string): Promise<Uint8Array | null> {
  if (!/\.xlsx$|\.xlsm$/i.test(fileName) || checkImportFileContent(fileName, bytes)) return null;
  return inflateZip(bytes);
}

/**
 * SheetJS reads the file and domain/import checks its rows (no zip scan: see importWorkbook). `onValidating`
 * tells when the cells are read; `inflated` is the zip as inflatedWorkbook gives it.
 */
export function readAndValidate(
  bytes: Uint8Array,
  fileName: string,
  definition: ImportDefinition,
  onValidating: () => void = () => undefined,
  onStage: (stage: ImportStage) => void = () => undefined,
  inflated: Uint8Array | null = null,
  columnMapping?: ColumnMapping,
): WorkbookImport {
  const read = readWorkbook(bytes, fileName, inflated, columnMapping);
  if (!read.ok) return read;
  onStage('read');
  onValidating();
  const result = validateImport(read.sheet, definition, {
    date1904: read.date1904,
    recipientData: true,
    columnMapping,
  });
  onStage('validated');
  return result;
}

/**
 * The whole import of one spreadsheet, one step after the other: a file over the row limit is refused from its
 * zip before any parse, as is one declaring a document type (zipRefusal), then SheetJS reads it and domain/import
 * checks its rows. The browser runs the same steps in two workers at once (src/workers/parseSpreadsheet.ts): the
 * zip scan beside the parse, which it stops when the file is refused.
 */
export async function importWorkbook(
  bytes: Uint8Array,
  fileName: string,
  definition: ImportDefinition,
  onValidating: () => void = () => undefined,
  onStage: (stage: ImportStage) => void = () => undefined,
  columnMapping?: ColumnMapping,
): Promise<WorkbookImport> {
  const refusal = await zipRefusal(bytes, fileName, definition.maxRows);
  if (refusal) return refusal;
  onStage('scanned');
  const inflated = await inflatedWorkbook(bytes, fileName);
  onStage('inflated');
  return readAndValidate(bytes, fileName, definition, onValidating, onStage, inflated, columnMapping);
}
