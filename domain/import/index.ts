/**
 * Validation of an imported spreadsheet (spec 001 section 5, "Spreadsheet import rules"), run by the web app
 * on the cells its worker parsed and again by the server on the rows it receives. Where the spec is open:
 * - Required headers: language, the technical fields, Email for openbadge templates, and every template
 *   field (file fields included); compared trimmed and without regard to case, as are duplicate headers.
 * - A blank language cell takes the template's default language, which must be one of its languages.
 * - A recipient is the trimmed, case-kept values of all its technical fields; every one must be filled
 *   (ERR_NO_TECH_DATA names the empty cells). With no technical field, each row is its own recipient, whose
 *   certificate is in the row's language (no other language is asked for).
 * - The rule is exactly one row per language and recipient: a language given twice (all included) is
 *   ERR_DUPLICATE_RECIPIENT, pointing at the second row and the first. 'all' beside any language is ERR_ALL_MISUSED.
 * - Blank rows are skipped; columns without a header are ignored. A header that is none of the template's columns
 *   (columns.ts) is ERR_UNKNOWN_COLUMNS, with the column it most likely meant, unless the mapping (the page's, or
 *   the API call's columnMapping) renames or ignores it: no column is silently dropped (issue 28).
 * - firstName and lastName are required headers and their cells must be filled (ERR_MISSING_VALUES names them).
 * - One recipient twice in one language is ERR_DUPLICATE_RECIPIENT (both rows named).
 * - An empty file, header errors, an unknown default language and too many rows stop before the rows are read;
 *   every other error is collected in one pass over the rows.
 */
export {
  DETAIL_LINES,
  IMPORT_ERROR_CODES,
  importError,
  isImportErrorCode,
  type ImportError,
  type ImportErrorCode,
} from './errors';
export {
  asDateColumnCell,
  cellText,
  columnName,
  FORMULA_ERROR_TEXTS,
  type Cell,
  type CellType,
  type Sheet,
  type SheetCell,
} from './cells';
export {
  COLUMN_LABELS,
  hasRegisterColumns,
  importColumns,
  mappedHeader,
  normalisedHeader,
  REGISTER_READ_COLUMNS,
  REQUIRED_RECIPIENT_FIELDS,
  suggestHeaderMapping,
  type ColumnDefinition,
  type ColumnMapping,
  type UnknownColumn,
} from './columns';
export {
  ALL_LANGUAGES,
  EMAIL_KEY,
  importRowsToSheet,
  LANGUAGE_HEADER,
  LANGUAGE_KEY,
  requiredHeaders,
  validateImport,
  validateImportSteps,
  type ImportDefinition,
  type ImportResult,
  type ImportRow,
  type ImportSheetOptions,
} from './sheet';
export {
  ARCHIVE_EXTENSION,
  ARCHIVE_ZIP_BOUNDS,
  checkArchive,
  checkImportFileContent,
  checkImportFileName,
  FILE_FIELD_EXTENSIONS,
  fileExtension,
  hasAllowedFileType,
  IMPORT_FILE_EXTENSIONS,
  listedFiles,
  spreadsheetContent,
  SPREADSHEET_ZIP_BOUNDS,
  type SpreadsheetContent,
  type ZipBounds,
  zipProblem,
  type ZipProblem,
} from './files';
export {
  BLANK_IMPORT_COLUMNS,
  blankImportColumns,
  REGISTER_IMPORT_COLUMNS,
  todayIso,
  type BlankImportColumn,
} from './blankFile';
export {
  DATE_COLUMNS,
  isDateColumn,
  isIsoDate,
  isWebAddress,
  recipientDataFaults,
  recipientDataLine,
  recipientDataMessages,
  type RecipientDataFault,
} from './recipientData';
