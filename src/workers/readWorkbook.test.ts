import * as XLSX from 'xlsx';
import { describe, expect, it } from 'vitest';
import { validateImport } from '../../domain/import';
import { readWorkbook } from './readWorkbook';

function workbookBytes(
  rows: unknown[][],
  bookType: XLSX.BookType = 'xlsx',
  edit?: (ws: XLSX.WorkSheet) => void,
): Uint8Array {
  const worksheet = XLSX.utils.aoa_to_sheet(rows);
  edit?.(worksheet);
  const workbook = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(workbook, worksheet, 'Recipients');
  return new Uint8Array(XLSX.write(workbook, { type: 'array', bookType }) as ArrayBuffer);
}

const definition = {
  languages: ['en'],
  defaultLanguage: 'en',
  technicalFields: ['ID'],
  fieldsToCertify: ['score'],
  fileFields: [],
  openbadge: true,
  maxRows: 1000,
};

describe('reading a workbook for the import', () => {
  it('keeps number formats so percent and date cells are converted by the validation', () => {
    const bytes = workbookBytes(
      [
        ['language', 'ID', 'Email', 'score', 'obtentionDate'],
        ['en', 'A-1', 'ada@example.org', 0.855, 46348],
      ],
      'xlsx',
      (ws) => {
        ws.D2.z = '0%';
        ws.E2.z = 'yyyy-mm-dd';
      },
    );
    const read = readWorkbook(bytes);
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    const result = validateImport(read.sheet, definition, { date1904: read.date1904 });
    expect(result).toMatchObject({
      ok: true,
      rows: [{ ID: 'A-1', Email: 'ada@example.org', score: '86%', obtentionDate: '2026-11-22' }],
    });
  });

  it('reads a plain number of a date column as the date serial it stands for (a cell that lost its format)', () => {
    const bytes = workbookBytes([
      ['language', 'ID', 'Email', 'score', 'obtentionDate', 'ExpirationDate'],
      ['en', 'A-1', 'ada@example.org', 46203, 46203, '46203'],
    ]);
    const read = readWorkbook(bytes, 'recipients.xlsx');
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    // a number elsewhere stays a number; a text of digits is no date cell and is flagged on import
    expect(validateImport(read.sheet, definition, { date1904: read.date1904, recipientData: true })).toEqual({
      ok: false,
      errors: [{ code: 'ERR_CPF_INCORRECT_DATA', details: ['F2: 46203'], more: 0 }],
    });
    expect(validateImport(read.sheet, definition, { date1904: read.date1904 })).toMatchObject({
      ok: true,
      rows: [{ score: '46203', obtentionDate: '2026-06-30', ExpirationDate: '46203' }],
    });
  });

  it('refuses bytes that are not what the file name says before reading them', () => {
    const csv = new TextEncoder().encode('language,ID,Email,score\nen,1,a@b.org,x\n');
    expect(readWorkbook(csv, 'list.xlsx')).toEqual({ ok: false, code: 'ERR_BAD_FILE_TYPE' });
    expect(readWorkbook(workbookBytes([['language']], 'ods'), 'list.xlsx')).toEqual({
      ok: false,
      code: 'ERR_BAD_FILE_TYPE',
    });
  });

  it('reads .ods files too', () => {
    const read = readWorkbook(
      workbookBytes(
        [
          ['language', 'ID', 'Email', 'score'],
          ['en', '1', 'a@b.org', 'x'],
        ],
        'ods',
      ),
    );
    expect(read).toMatchObject({ ok: true });
  });

  it('answers ERR_UNEXPECTED for bytes that are no spreadsheet and ERR_EMPTY_FILE for an empty sheet', () => {
    expect(readWorkbook(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]))).toMatchObject({ ok: false });
    expect(readWorkbook(workbookBytes([]))).toMatchObject({ ok: false, code: 'ERR_EMPTY_FILE' });
  });
});
