import { checkImportFileContent, validateImport, type ImportDefinition, type ImportResult } from '../../domain/import';
import { readWorkbook, type ReadWorkbookResult } from './readWorkbook';
import { scanRefusal, scanSpreadsheetZip } from './sheetRowCount';

/** A file the workbook reader refused (wrong content, locked, empty, unreadable). */
export type ReadFailure = Exclude<ReadWorkbookResult, { ok: true }>;

/** What the import of one file answers: the checked rows, the import errors, or why the file could not be read. */
export type WorkbookImport = ImportResult | ReadFailure;

/** The steps of one import, in order, as the bench splits its time: zip scanned, SheetJS read, rows checked. */
export type ImportStage = 'scanned' | 'read' | 'validated';

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
 * SheetJS reads the file and domain/import checks its rows (no zip scan: see importWorkbook). `onValidating`
 * tells when the cells are read.
 */
export function readAndValidate(
  bytes: Uint8Array,
  fileName: string,
  definition: ImportDefinition,
  onValidating: () => void = () => undefined,
  onStage: (stage: ImportStage) => void = () => undefined,
): WorkbookImport {
  const read = readWorkbook(bytes, fileName);
  if (!read.ok) return read;
  onStage('read');
  onValidating();
  const result = validateImport(read.sheet, definition, { date1904: read.date1904, recipientData: true });
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
): Promise<WorkbookImport> {
  const refusal = await zipRefusal(bytes, fileName, definition.maxRows);
  if (refusal) return refusal;
  onStage('scanned');
  return readAndValidate(bytes, fileName, definition, onValidating, onStage);
}
