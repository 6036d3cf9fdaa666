import * as XLSX from 'xlsx';
import type { Sheet, SheetCell } from '../../domain/import';

export type ReadWorkbookResult =
  | { ok: true; sheet: Sheet; date1904: boolean }
  | { ok: false; code: 'ERR_LOCKED_FILE' | 'ERR_EMPTY_FILE' | 'ERR_UNEXPECTED'; detail?: string };

/**
 * Reads the first sheet of an .xlsx, .xlsm or .ods file into the cell matrix that domain/import validates
 * (A1 at [0][0]). Number formats are kept (cellNF) and dates stay serial numbers, as the validation expects.
 * Runs in a Web Worker in the browser (xlsx has advisories for crafted files) and in Node for the bench.
 */
export function readWorkbook(data: ArrayBuffer | Uint8Array): ReadWorkbookResult {
  let workbook: XLSX.WorkBook;
  try {
    workbook = XLSX.read(data, { type: 'array', cellNF: true, cellDates: false, cellHTML: false, cellStyles: false });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (/password|encrypt/i.test(message)) return { ok: false, code: 'ERR_LOCKED_FILE' };
    return { ok: false, code: 'ERR_UNEXPECTED', detail: message.slice(0, 200) };
  }
  const name = workbook.SheetNames[0];
  const worksheet = name ? workbook.Sheets[name] : undefined;
  if (!worksheet || !worksheet['!ref']) return { ok: false, code: 'ERR_EMPTY_FILE' };
  const range = XLSX.utils.decode_range(worksheet['!ref']);
  const sheet: (SheetCell | null)[][] = [];
  for (let r = 0; r <= range.e.r; r += 1) {
    const row: (SheetCell | null)[] = [];
    for (let c = 0; c <= range.e.c; c += 1) {
      const cell = worksheet[XLSX.utils.encode_cell({ r, c })] as XLSX.CellObject | undefined;
      row.push(cell ? { t: cell.t, v: cell.v, w: cell.w, z: cell.z as string | number | undefined } : null);
    }
    sheet.push(row);
  }
  const date1904 = Boolean(workbook.Workbook?.WBProps?.date1904);
  return { ok: true, sheet, date1904 };
}
