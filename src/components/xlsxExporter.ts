import type { RaRecord } from 'react-admin';
import { todayIso } from '../../domain/import';
import { saveFile } from './saveFile';

/**
 * The spreadsheet exports of the lists (react-admin `exporter`s): records of named cells written as one xlsx sheet
 * and handed to the browser's downloads. SheetJS is loaded only when someone exports (not in the first load).
 */

/** The most rows one export reads (react-admin's ExportButton asks them in one getList, paged by the provider). */
export const EXPORT_MAX_ROWS = 100_000;

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** One line of a spreadsheet: its cells by column header, in column order. */
export type SheetRecord = Record<string, string | number>;

/** Characters a file name may not hold on common systems. */
const UNSAFE_IN_FILE_NAME = /[\\/:*?"<>|\p{Cc}]+/gu;

/** YYYY-MM-DD_name.xlsx (the report's naming, spec 002 section 7), without characters a file name may not hold. */
export function xlsxFileName(name: string, today: Date = new Date(), fallback = 'export'): string {
  const safe = name.replace(UNSAFE_IN_FILE_NAME, '_').trim() || fallback;
  return `${todayIso(today)}_${safe}.xlsx`;
}

const pad = (value: number) => String(value).padStart(2, '0');

/** A date-time as YYYY-MM-DD HH:mm in the user's time zone, '' when absent or unreadable. */
export function sheetDateTime(value: string | null | undefined, separator = ' '): string {
  if (!value) return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return `${todayIso(date)}${separator}${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** The workbook's bytes: one sheet (its name cut to Excel's 31 characters), a header row, then one row per record. */
export async function workbookBytes(records: readonly SheetRecord[], sheetName: string): Promise<ArrayBuffer> {
  const XLSX = await import('xlsx');
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.json_to_sheet([...records]), sheetName.slice(0, 31) || 'Sheet1');
  return XLSX.write(book, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer;
}

export interface XlsxExport<T> {
  /** the list's name: the file is YYYY-MM-DD_<name>.xlsx and the sheet is named after it */
  name: string;
  /** the spreadsheet's lines for the exported records */
  records: (rows: T[]) => SheetRecord[];
  /** told how many lines were written */
  onDone?: (count: number) => void;
}

/** react-admin's exporter writing the records of the list's current filter and sort as an xlsx download. */
export function xlsxExporter<T>({ name, records, onDone }: XlsxExport<T>) {
  return async (data: RaRecord[]) => {
    const rows = data as unknown as T[];
    const bytes = await workbookBytes(records(rows), name);
    saveFile(new Blob([bytes], { type: XLSX_TYPE }), xlsxFileName(name));
    onDone?.(rows.length);
  };
}
