import {
  checkImportFileContent,
  importError,
  validateImport,
  type ImportDefinition,
  type ImportResult,
} from '../../domain/import';
import { readWorkbook, type ReadWorkbookResult } from './readWorkbook';
import { scanSpreadsheetZip } from './sheetRowCount';

/** A file the workbook reader refused (wrong content, locked, empty, unreadable). */
export type ReadFailure = Exclude<ReadWorkbookResult, { ok: true }>;

/** What the import of one file answers: the checked rows, the import errors, or why the file could not be read. */
export type WorkbookImport = ImportResult | ReadFailure;

/** The steps of one import, in order, as the bench splits its time: zip scanned, SheetJS read, rows checked. */
export type ImportStage = 'scanned' | 'read' | 'validated';

/**
 * The whole import of one spreadsheet, as the spreadsheet worker runs it: a file over the row limit is refused
 * from its zip before any parse, as is one declaring a document type (scanSpreadsheetZip), then SheetJS reads it and domain/import checks its rows, both
 * off the page's thread. `onValidating` tells when the cells are read.
 */
export async function importWorkbook(
  bytes: Uint8Array,
  fileName: string,
  definition: ImportDefinition,
  onValidating: () => void = () => undefined,
  onStage: (stage: ImportStage) => void = () => undefined,
): Promise<WorkbookImport> {
  if (!checkImportFileContent(fileName, bytes)) {
    const scan = await scanSpreadsheetZip(bytes, definition.maxRows);
    if (scan.declaresDocumentType) return { ok: false, code: 'ERR_UNEXPECTED', detail: 'document type declaration' };
    if (scan.rowsOver !== null)
      return {
        ok: false,
        errors: [importError('ERR_TOO_MANY_ROWS', [`${scan.rowsOver} > ${definition.maxRows}`])],
      };
  }
  onStage('scanned');
  const read = readWorkbook(bytes, fileName);
  if (!read.ok) return read;
  onStage('read');
  onValidating();
  const result = validateImport(read.sheet, definition, { date1904: read.date1904, recipientData: true });
  onStage('validated');
  return result;
}
