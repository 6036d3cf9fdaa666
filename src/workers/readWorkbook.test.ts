import JSZip from 'jszip';
import * as XLSX from 'xlsx';
import { describe, expect, it } from 'vitest';
import { cellText, validateImport, type Cell, type Sheet } from '../../domain/import';
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
        ['language', 'ID', 'Email', 'score', 'obtentionDate', 'firstName', 'lastName'],
        ['en', 'A-1', 'ada@example.org', 0.855, 46348, 'Ada', 'Lovelace'],
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
      ['language', 'ID', 'Email', 'score', 'obtentionDate', 'ExpirationDate', 'firstName', 'lastName'],
      ['en', 'A-1', 'ada@example.org', 46203, 46203, '46203', 'Ada', 'Lovelace'],
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

  it('reads every cell as SheetJS formatting each cell would (it no longer formats them all), errors included', async () => {
    const formats = ['0%', '0.00%', 'yyyy-mm-dd', 'd/m/yy', '#,##0.00 "€"', '0.00', 'hh:mm', '# ?/?', '[h]:mm', '@'];
    const header = ['language', 'ID', 'Email', ...formats.map((_, i) => `f${i}`), 'firstName', 'lastName', 'error'];
    const values = [0.855, 46348.75, 1234.5, -0.25, 2.125];
    const rows = values.map((value, r) => [
      'en',
      `A-${r}`,
      `p${r}@example.org`,
      ...formats.map(() => value),
      'Ada',
      'Lovelace',
      'x',
    ]);
    const book = XLSX.utils.book_new();
    const sheet = XLSX.utils.aoa_to_sheet([header, ...rows]);
    values.forEach((_, r) => {
      formats.forEach((format, c) => (sheet[XLSX.utils.encode_cell({ r: r + 1, c: c + 3 })].z = format));
      // errors SheetJS knows as numbers, and one it does not (Excel 365's #SPILL!)
      sheet[XLSX.utils.encode_cell({ r: r + 1, c: header.length - 1 })] = {
        t: 'e',
        v: [0x07, 0x2a, 0x17, 0x0f, 0x1d][r],
      };
    });
    XLSX.utils.book_append_sheet(book, sheet, 'Recipients');
    const known = new Uint8Array(XLSX.write(book, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer);
    const zip = await JSZip.loadAsync(known);
    const xml = await zip.file('xl/worksheets/sheet1.xml')!.async('string');
    zip.file('xl/worksheets/sheet1.xml', xml.replace('<v>#N/A</v>', '<v>#SPILL!</v>'));
    const unknown = await zip.generateAsync({ type: 'uint8array', compression: 'DEFLATE' });
    const rules = { ...definition, fieldsToCertify: [...formats.map((_, i) => `f${i}`), 'error'] };

    for (const bytes of [known, unknown]) {
      // the former read: SheetJS's text of every cell
      const formatted = XLSX.read(bytes, { type: 'array', dense: true, cellNF: true });
      const former = formatted.Sheets.Recipients as unknown as Cell[][];
      const read = readWorkbook(bytes, 'recipients.xlsx');
      if (!read.ok) throw new Error(read.code);
      const texts = (sheet: Cell[][]) => sheet.map((row) => row.map((cell) => cellText(cell)));
      expect(texts(read.sheet as Cell[][])).toEqual(texts(former));
      expect(texts(read.sheet as Cell[][])[2]).toEqual(expect.arrayContaining(['46,348.75 €', '46348 3/4', '18:00']));
      expect(validateImport(read.sheet, rules, { date1904: false })).toEqual(
        validateImport(former as Sheet, rules, { date1904: false }),
      );
    }
    // the formula errors by their own text
    const read = readWorkbook(unknown, 'recipients.xlsx');
    if (!read.ok) throw new Error(read.code);
    expect(JSON.stringify(validateImport(read.sheet, rules, { date1904: false }))).toContain('#SPILL!');
  });

  it('reads only the first sheet', () => {
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(
      book,
      XLSX.utils.aoa_to_sheet([
        ['language', 'ID', 'Email'],
        ['en', '1', 'a@b.org'],
      ]),
      'A',
    );
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([['other'], ['x']]), 'B');
    const read = readWorkbook(new Uint8Array(XLSX.write(book, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer));
    if (!read.ok) throw new Error(read.code);
    expect((read.sheet as Cell[][]).map((row) => row.map((cell) => cellText(cell)))).toEqual([
      ['language', 'ID', 'Email'],
      ['en', '1', 'a@b.org'],
    ]);
  });
});
