/**
 * Reading the cells of an imported spreadsheet as text. The browser passes SheetJS cells: the worker reads
 * the workbook with `cellNF: true`, so that number formats reach `z`, and keeps the default
 * `cellDates: false`, so that dates arrive as serial numbers with their date format. The server passes the
 * plain strings of the rows it received.
 */
export type CellType = 's' | 'n' | 'b' | 'e' | 'd' | 'z';

/** A SheetJS cell: t type, v raw value, w formatted text, z number format (a string or a built-in format id). */
export interface SheetCell {
  t: CellType;
  v?: unknown;
  w?: string;
  z?: string | number;
}

export type Cell = SheetCell | string | number | boolean | null | undefined;

/** Rows of cells; the first row holds the headers and `sheet[0][0]` is cell A1. Rows may be sparse. */
export type Sheet = readonly (readonly Cell[] | null | undefined)[];

/** What spreadsheet programs show instead of a formula's result when the formula fails. */
export const FORMULA_ERROR_TEXTS: ReadonlySet<string> = new Set([
  '#NULL!',
  '#DIV/0!',
  '#VALUE!',
  '#REF!',
  '#NAME?',
  '#NUM!',
  '#N/A',
  '#GETTING_DATA',
  '#SPILL!',
  '#CALC!',
]);

/** SheetJS stores an error cell's value as the file format's error number. */
const ERROR_NUMBER_TEXTS: Readonly<Record<number, string>> = {
  0x00: '#NULL!',
  0x07: '#DIV/0!',
  0x0f: '#VALUE!',
  0x17: '#REF!',
  0x1d: '#NAME?',
  0x24: '#NUM!',
  0x2a: '#N/A',
  0x2b: '#GETTING_DATA',
};

export type CellFault = 'ERR_BOOLEAN' | 'ERR_FORMULA_ERROR';

/** Column letters of a 0-based column index: 0 → A, 25 → Z, 26 → AA. */
export function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

/** A1 reference of a 0-based column and row. */
export function cellRef(column: number, row: number): string {
  return columnName(column) + (row + 1);
}

/** YYYY-MM-DD of a date in the local time zone (the day the user sees). */
export function localIsoDate(date: Date): string {
  const month = String(date.getMonth() + 1).padStart(2, '0');
  const day = String(date.getDate()).padStart(2, '0');
  return `${String(date.getFullYear()).padStart(4, '0')}-${month}-${day}`;
}

const DAY_MS = 86_400_000;
const EPOCH_1900_MS = Date.UTC(1899, 11, 30);
const EPOCH_1904_MS = Date.UTC(1904, 0, 1);
const LAST_SERIAL_DAY = 2_958_465; // 9999-12-31

const DATE_CACHE_LIMIT = 4096;
const isoDateCache = new Map<number, string>();

/**
 * YYYY-MM-DD of a spreadsheet date serial (the time of day is dropped), or null when the number is no date.
 * Serials below 61 step over the 29 February 1900 that Excel believes in.
 */
export function serialToIsoDate(serial: number, date1904 = false): string | null {
  if (!Number.isFinite(serial) || serial < 0) return null;
  const day = Math.floor(Math.round(serial * DAY_MS) / DAY_MS);
  if (day > LAST_SERIAL_DAY) return null;
  const ms = date1904 ? EPOCH_1904_MS + day * DAY_MS : EPOCH_1900_MS + (day < 61 ? day + 1 : day) * DAY_MS;
  // A sheet repeats a few dates over thousands of rows: format each day once.
  let iso = isoDateCache.get(ms);
  if (iso === undefined) {
    if (isoDateCache.size >= DATE_CACHE_LIMIT) isoDateCache.clear();
    iso = new Date(ms).toISOString().slice(0, 10);
    isoDateCache.set(ms, iso);
  }
  return iso;
}

type FormatKind = 'general' | 'percent' | 'date' | 'other';
interface NumberFormat {
  kind: FormatKind;
  /** digits after the decimal point of a percent format */
  decimals: number;
}

/** The built-in format ids SheetJS may leave in `z` that change how we read a number. */
const BUILT_IN_FORMATS: Readonly<Record<number, string>> = {
  0: 'General',
  9: '0%',
  10: '0.00%',
  14: 'm/d/yy',
  15: 'd-mmm-yy',
  16: 'd-mmm',
  17: 'mmm-yy',
  18: 'h:mm AM/PM',
  19: 'h:mm:ss AM/PM',
  20: 'h:mm',
  21: 'h:mm:ss',
  22: 'm/d/yy h:mm',
  45: 'mm:ss',
  46: '[h]:mm:ss',
  47: 'mmss.0',
};

/** Quoted text, escaped characters, and the character after a padding (_) or fill (*) mark: all literal. */
const LITERALS = /"[^"]*"|\\.|[_*]./g;
const ELAPSED_TIME = /\[(h+|m+|s+)\]/gi;
const BRACKETS = /\[[^\]]*\]/g;
const DAY_OR_YEAR = /[dy]/;
const HOUR_OR_SECOND = /[hs]/;
const DECIMALS = /\.([0#?]+)/;

const GENERAL: NumberFormat = { kind: 'general', decimals: 0 };
const OTHER: NumberFormat = { kind: 'other', decimals: 0 };
const FORMAT_CACHE_LIMIT = 256;
const formatCache = new Map<string, NumberFormat>();

function analyseFormat(format: string): NumberFormat {
  const section = format
    .replace(LITERALS, '')
    .replace(ELAPSED_TIME, '$1')
    .replace(BRACKETS, '')
    .split(';')[0]
    .trim()
    .toLowerCase();
  if (section === '' || section === 'general') return GENERAL;
  if (section.includes('%'))
    return { kind: 'percent', decimals: Math.min(20, DECIMALS.exec(section)?.[1].length ?? 0) };
  // m is a month beside a day or a year, or with no hour or second; otherwise it is minutes.
  const isDate = DAY_OR_YEAR.test(section) || (section.includes('m') && !HOUR_OR_SECOND.test(section));
  return isDate ? { kind: 'date', decimals: 0 } : OTHER;
}

/** Workbooks repeat a handful of formats over thousands of cells: analyse each once. */
function numberFormat(z: string | number | undefined): NumberFormat {
  if (z === undefined) return GENERAL;
  const format = typeof z === 'number' ? BUILT_IN_FORMATS[z] : z;
  if (format === undefined) return OTHER;
  let analysed = formatCache.get(format);
  if (!analysed) {
    if (formatCache.size >= FORMAT_CACHE_LIMIT) formatCache.clear();
    analysed = analyseFormat(format);
    formatCache.set(format, analysed);
  }
  return analysed;
}

/**
 * A number as the spreadsheet stores it: 15 significant digits, so 0.1 + 0.2 reads 0.3. A text of 15
 * characters or fewer has no more digits than that; only longer ones pay for toPrecision, which is slow.
 */
function plainNumber(value: number): string {
  const text = String(value);
  return text.length <= 15 || !Number.isFinite(value) ? text : String(Number(value.toPrecision(15)));
}

/** An integer count of 10^-decimals units, written with its decimals: (8550, 2) → '85.50'. */
function withDecimals(units: number, decimals: number): string {
  if (decimals === 0) return String(units);
  const digits = String(Math.abs(units)).padStart(decimals + 1, '0');
  return `${units < 0 ? '-' : ''}${digits.slice(0, -decimals)}.${digits.slice(-decimals)}`;
}

/**
 * value × 100 rounded as the spreadsheet shows it. Integer arithmetic answers unless the value sits on a
 * rounding midpoint, where binary noise (0.855 × 100 = 85.49999…) needs the 15-digit decimal reading.
 */
function percentText(value: number, decimals: number): string {
  const scaled = value * 100 * 10 ** decimals;
  const units = Math.round(scaled);
  if (Math.abs(units) < 1e15 && Math.abs(Math.abs(scaled - units) - 0.5) > 1e-7)
    return `${withDecimals(units, decimals)}%`;
  return `${Number((value * 100).toPrecision(15)).toFixed(decimals)}%`;
}

function numberCellText(cell: SheetCell & { v: number }, date1904: boolean): string {
  const format = numberFormat(cell.z);
  switch (format.kind) {
    case 'percent':
      return percentText(cell.v, format.decimals);
    case 'date':
      return serialToIsoDate(cell.v, date1904) ?? plainNumber(cell.v);
    case 'other':
      return cell.w?.trim() || plainNumber(cell.v);
    case 'general':
      // Without cellNF the format is lost, but a percent still shows in the formatted text.
      if (cell.z === undefined && cell.w?.endsWith('%')) return cell.w.trim();
      return plainNumber(cell.v);
  }
}

const ISO_DATE_START = /^\d{4}-\d{2}-\d{2}/;

function dateCellText(cell: SheetCell): string {
  if (cell.v instanceof Date && !Number.isNaN(cell.v.getTime())) return localIsoDate(cell.v);
  const text = typeof cell.v === 'string' ? cell.v.trim() : (cell.w?.trim() ?? '');
  return ISO_DATE_START.test(text) ? text.slice(0, 10) : text;
}

function otherCellText(cell: SheetCell): string {
  if (typeof cell.v === 'string') return cell.v.trim();
  if (cell.w !== undefined) return cell.w.trim();
  return cell.v === undefined || cell.v === null ? '' : String(cell.v).trim();
}

/**
 * The trimmed text a cell stands for: numbers with a percent format as '85%', numbers with a date format as
 * YYYY-MM-DD, other formatted numbers as shown, general numbers as stored; '' for an empty cell. Booleans
 * read TRUE or FALSE and formula errors their error text, for the detail lines that reject them.
 */
export function cellText(cell: Cell, date1904 = false): string {
  if (cell === null || cell === undefined) return '';
  if (typeof cell === 'string') return cell.trim();
  if (typeof cell === 'number') return plainNumber(cell);
  if (typeof cell === 'boolean') return cell ? 'TRUE' : 'FALSE';
  switch (cell.t) {
    case 'n':
      return typeof cell.v === 'number'
        ? numberCellText(cell as SheetCell & { v: number }, date1904)
        : otherCellText(cell);
    case 'b':
      return cell.v ? 'TRUE' : 'FALSE';
    case 'e':
      return cell.w?.trim() || (typeof cell.v === 'number' ? ERROR_NUMBER_TEXTS[cell.v] : undefined) || '#N/A';
    case 'd':
      return dateCellText(cell);
    case 'z':
      return '';
    default:
      return otherCellText(cell);
  }
}

/** The number format given to plain numbers of a date column. */
export const ISO_DATE_FORMAT = 'yyyy-mm-dd';

/**
 * A cell of a date column (recipientData.ts): a number without a format of its own (General) is the date
 * serial a spreadsheet keeps when the cell lost its date format, so it reads as that date; any other cell,
 * a text '46203' included, is left as it is and the recipient-data check judges its text.
 */
export function asDateColumnCell(cell: Cell): Cell {
  if (typeof cell === 'number') return { t: 'n', v: cell, z: ISO_DATE_FORMAT };
  if (cell === null || typeof cell !== 'object' || cell.t !== 'n' || typeof cell.v !== 'number') return cell;
  if (numberFormat(cell.z).kind !== 'general' || (cell.z === undefined && cell.w?.endsWith('%'))) return cell;
  return { ...cell, z: ISO_DATE_FORMAT };
}

export function isBlankCell(cell: Cell): boolean {
  return cellText(cell) === '';
}

/** Why a cell cannot be imported: a boolean, or a formula error (typed as such or left as its text). */
export function cellFault(cell: Cell, text: string): CellFault | null {
  if (typeof cell === 'boolean') return 'ERR_BOOLEAN';
  if (typeof cell === 'object' && cell !== null) {
    if (cell.t === 'b') return 'ERR_BOOLEAN';
    if (cell.t === 'e') return 'ERR_FORMULA_ERROR';
  }
  return text.startsWith('#') && FORMULA_ERROR_TEXTS.has(text.toUpperCase()) ? 'ERR_FORMULA_ERROR' : null;
}
