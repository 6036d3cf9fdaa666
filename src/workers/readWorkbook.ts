import * as XLSX from 'xlsx';
import {
  asDateColumnCell,
  cellText,
  checkImportFileContent,
  isDateColumn,
  mappedHeader,
  type Cell,
  type ColumnMapping,
  type Sheet,
} from '../../domain/import';

/** A sheet SheetJS read with `dense: true`: rows of cells (both may have holes), and its !ref and other keys. */
type DenseSheet = Cell[][] & { '!ref'?: string };

export type ReadWorkbookResult =
  | { ok: true; sheet: Sheet; date1904: boolean }
  | {
      ok: false;
      code: 'ERR_BAD_FILE_TYPE' | 'ERR_LOCKED_FILE' | 'ERR_ZERO_BYTE_FILE' | 'ERR_EMPTY_FILE' | 'ERR_UNEXPECTED';
      detail?: string;
    };

/**
 * Whether a zip is an OpenDocument file saved with a password. LibreOffice stores each encrypted part without
 * compression (method 0), so its content.xml is there as bytes that are not XML; SheetJS only reports a
 * broken zip. Reads the zip's central directory; any doubt answers false.
 */
export function isEncryptedOpenDocument(data: ArrayBuffer | Uint8Array): boolean {
  const bytes = data instanceof Uint8Array ? data : new Uint8Array(data);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let end = bytes.length - 22;
  while (end >= 0 && view.getUint32(end, true) !== 0x06054b50) end--;
  if (end < 0) return false;
  const entries = view.getUint16(end + 10, true);
  let offset = view.getUint32(end + 16, true);
  for (let i = 0; i < entries && offset + 46 <= bytes.length; i++) {
    if (view.getUint32(offset, true) !== 0x02014b50) return false;
    const method = view.getUint16(offset + 10, true);
    const nameLength = view.getUint16(offset + 28, true);
    const skip = nameLength + view.getUint16(offset + 30, true) + view.getUint16(offset + 32, true);
    const name = new TextDecoder().decode(bytes.subarray(offset + 46, offset + 46 + nameLength));
    if (name === 'content.xml') {
      const local = view.getUint32(offset + 42, true);
      if (local + 30 > bytes.length) return false;
      const dataStart = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
      return method === 0 && dataStart < bytes.length && bytes[dataStart] !== 0x3c;
    }
    offset += 46 + skip;
  }
  return false;
}

/**
 * Reads the first sheet of an .xlsx, .xlsm or .ods file into the cell matrix that domain/import validates
 * (A1 at [0][0]). Number formats are kept (cellNF) and dates stay serial numbers, as the validation expects;
 * plain numbers of a date column read as the dates they stand for. With the file's name, bytes that are not
 * what its extension says are refused before SheetJS, which would read them as another format (a CSV, a
 * flat-XML file, random bytes as text). Runs in a Web Worker in the browser (xlsx has advisories for crafted
 * files) and in Node for the bench.
 */
export function readWorkbook(
  data: ArrayBuffer | Uint8Array,
  fileName?: string,
  /** the same zip with its parts inflated natively (inflateZip), which SheetJS reads in their place */
  inflated?: Uint8Array | null,
  /** the page's mapping of headers, so that a header mapped to a date column has its numbers read as dates */
  columnMapping?: ColumnMapping,
): ReadWorkbookResult {
  if (fileName !== undefined) {
    const wrongContent = checkImportFileContent(fileName, data);
    if (wrongContent)
      return { ok: false, code: wrongContent.code as 'ERR_BAD_FILE_TYPE' | 'ERR_ZERO_BYTE_FILE' | 'ERR_UNEXPECTED' };
  }
  // OpenDocument keeps no number format SheetJS can read back (no cellNF): a percent shows only in the cell's text
  const withTexts = fileName !== undefined && /\.ods$/i.test(fileName);
  let workbook: XLSX.WorkBook;
  const zip = inflated ?? data;
  try {
    workbook = parse(zip, withTexts);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (/password|encrypt/i.test(message) || isEncryptedOpenDocument(data))
      return { ok: false, code: 'ERR_LOCKED_FILE' };
    return { ok: false, code: 'ERR_UNEXPECTED', detail: message.slice(0, 200) };
  }
  let worksheet = firstSheet(workbook);
  if (!worksheet || !worksheet['!ref']) return { ok: false, code: 'ERR_EMPTY_FILE' };
  const date1904 = Boolean(workbook.Workbook?.WBProps?.date1904);
  // Without SheetJS's text of every cell, only a formula error SheetJS does not know (#SPILL!, #CALC!) loses
  // its text: such a file, rare, is read again with the texts.
  if (!withTexts && !addFormattedTexts(worksheet, date1904)) worksheet = firstSheet(parse(zip, true)) ?? worksheet;
  // The rows SheetJS found, as they are: only rows and cells that hold something are there. A sheet's stated
  // range (its <dimension>) is only a claim and is never walked: a file of a few kilobytes can state
  // A1:XFD1048576, 17 billion cells (issue 17, hostile files). Plain numbers of a date column read as dates.
  const sheet: Sheet = worksheet;
  const dateColumns: number[] = [];
  (worksheet[0] ?? []).forEach((header, column) => {
    if (isDateColumn(mappedHeader(cellText(header), columnMapping))) dateColumns.push(column);
  });
  if (dateColumns.length > 0)
    worksheet.forEach((row, r) => {
      if (r === 0) return;
      for (const column of dateColumns) if (row[column] !== undefined) row[column] = asDateColumnCell(row[column]);
    });
  return { ok: true, sheet, date1904 };
}

/**
 * SheetJS's read of the import: the first sheet only, as dense rows (each row an array of cells, no "A1" key per
 * cell to build and look up: a third quicker for 10,000 rows), number formats kept (cellNF) and dates left as
 * serial numbers. Without `cellText` SheetJS does not format every cell's text (w), a tenth of its parse: the
 * validation reads numbers from their value and format, and addFormattedTexts gives the few that need it theirs.
 */
function parse(data: ArrayBuffer | Uint8Array, cellText: boolean): XLSX.WorkBook {
  return XLSX.read(data, {
    type: 'array',
    dense: true,
    sheets: 0,
    cellNF: true,
    cellText,
    cellDates: false,
    cellHTML: false,
    cellStyles: false,
  });
}

function firstSheet(workbook: XLSX.WorkBook): DenseSheet | undefined {
  const name = workbook.SheetNames[0];
  return name ? (workbook.Sheets[name] as unknown as DenseSheet | undefined) : undefined;
}

// Whether the import's text of a number in a format reads the formatted text (w): formats other than general,
// percents and dates (cellText shows them as SheetJS formats them). Asked of cellText itself, once per format.
const MARK = '\u0000';
const readsFormattedText = new Map<string, boolean>();
function formatReadsText(format: string): boolean {
  let reads = readsFormattedText.get(format);
  if (reads === undefined) {
    reads = cellText({ t: 'n', v: 0.5, z: format, w: MARK }) === MARK;
    if (readsFormattedText.size >= 1000) readsFormattedText.clear();
    readsFormattedText.set(format, reads);
  }
  return reads;
}

/**
 * Gives the number cells whose import text is the formatted one (a currency, a fraction, a time) that text, as
 * SheetJS's cellText would have. False when a text is lost: a formula error SheetJS does not know (it keeps only
 * those it knows as numbers), or a number whose format it did not keep; the sheet must then be read with its texts.
 */
export function addFormattedTexts(sheet: Cell[][], date1904: boolean): boolean {
  for (const row of sheet) {
    if (!row) continue;
    for (const cell of row) {
      if (typeof cell !== 'object' || cell === null) continue;
      if (cell.t === 'e' && cell.v === undefined) return false;
      // a number whose format SheetJS did not keep (an OpenDocument file without its name): only a text shows it
      if (cell.t === 'n' && cell.z === undefined && cell.w === undefined) return false;
      if (cell.t !== 'n' || typeof cell.v !== 'number' || typeof cell.z !== 'string' || cell.w !== undefined) continue;
      if (cell.z === 'General' || !formatReadsText(cell.z)) continue;
      try {
        cell.w = XLSX.SSF.format(cell.z, cell.v, { date1904 });
      } catch {
        // a format SheetJS cannot apply: the plain number, as with cellText
      }
    }
  }
  return true;
}
