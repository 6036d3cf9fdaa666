import JSZip from 'jszip';
import * as XLSX from 'xlsx';
import { describe, expect, it } from 'vitest';
import { rowsOverLimit, scanRefusal, scanSpreadsheetZip } from './sheetRowCount';

const HEADERS = ['language', 'ID', 'Email'];
const people = (count: number) => Array.from({ length: count }, (_, i) => ['en', `ID-${i}`, `p${i}@example.org`]);

function workbookBytes(rows: unknown[][], bookType: XLSX.BookType = 'xlsx'): Uint8Array {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'Recipients');
  return new Uint8Array(XLSX.write(book, { type: 'array', bookType }) as ArrayBuffer);
}

/** The same xlsx with its first sheet's XML changed. */
async function withSheet(bytes: Uint8Array, change: (xml: string) => string): Promise<Uint8Array> {
  const zip = await JSZip.loadAsync(bytes);
  const xml = await zip.file('xl/worksheets/sheet1.xml')!.async('string');
  zip.file('xl/worksheets/sheet1.xml', change(xml));
  return zip.generateAsync({ type: 'uint8array', compression: 'DEFLATE' });
}

describe('rows over the limit, from the zip before any parse', () => {
  it('answers nothing for an xlsx whose dimension fits the limit', async () => {
    expect(await rowsOverLimit(workbookBytes([HEADERS, ...people(10)]), 10)).toBeNull();
  });

  it('counts the rows of an xlsx beyond the limit', async () => {
    expect(await rowsOverLimit(workbookBytes([HEADERS, ...people(30)]), 10)).toBe(30);
  });

  it('counts rows without a dimension, and leaves blank rows out', async () => {
    const bytes = workbookBytes([HEADERS, ...people(25)]);
    expect(await rowsOverLimit(await withSheet(bytes, (xml) => xml.replace(/<dimension[^>]*\/>/, '')), 10)).toBe(25);
    // a dimension that says 2,000 rows over rows mostly empty: the rows with a value decide
    const blanks = await withSheet(workbookBytes([HEADERS, ...people(5)]), (xml) =>
      xml
        .replace(/<dimension ref="[^"]*"/, '<dimension ref="A1:C2000"')
        .replace('</sheetData>', '<row r="1999"><c r="A1999" s="1"/></row><row r="2000"/></sheetData>'),
    );
    expect(await rowsOverLimit(blanks, 10)).toBeNull();
  });

  it('counts the rows when the dimension declares fewer than the sheet holds', async () => {
    const lying = (count: number) =>
      withSheet(workbookBytes([HEADERS, ...people(count)]), (xml) =>
        xml.replace(/<dimension ref="[^"]*"/, '<dimension ref="A1:C3"'),
      );
    // stops once past the limit: at least that many rows
    expect(await rowsOverLimit(await lying(30), 10)).toBeGreaterThan(10);
    expect(await rowsOverLimit(await lying(10), 10)).toBeNull();
    // a generated sheet of 200,000 rows declaring A1:C3, against the import's limit of 10,000
    const rows = Array.from({ length: 200_000 }, (_, i) => `<row r="${i + 2}"><c r="A${i + 2}"><v>${i}</v></c></row>`);
    const huge = await withSheet(workbookBytes([HEADERS]), (xml) =>
      xml
        .replace(/<dimension ref="[^"]*"/, '<dimension ref="A1:C3"')
        .replace(/<\/row>(<\/sheetData>)/, `</row>${rows.join('')}$1`),
    );
    const started = performance.now();
    expect(await rowsOverLimit(huge, 10_000)).toBeGreaterThan(10_000);
    expect(performance.now() - started).toBeLessThan(5000);
  });

  it('counts exactly over many inflated chunks, and with prefixed tags', async () => {
    // 30,000 rows: the sheet's XML comes in many chunks, tags cut between them
    const bytes = workbookBytes([HEADERS, ...people(30_000)]);
    expect(await rowsOverLimit(await withSheet(bytes, (xml) => xml.replace(/<dimension[^>]*\/>/, '')), 10)).toBe(
      30_000,
    );
    expect(await rowsOverLimit(bytes, 30_000)).toBeNull();
    // the same elements under a namespace prefix (x:row, x:v) count as well
    const prefixed = await withSheet(workbookBytes([HEADERS, ...people(30)]), (xml) =>
      xml
        .replace(/<(\/?)(row|c|v|sheetData|dimension)\b/g, '<$1x:$2')
        .replace('<worksheet ', '<worksheet xmlns:x="http://schemas.openxmlformats.org/spreadsheetml/2006/main" '),
    );
    expect(await rowsOverLimit(prefixed, 10)).toBe(30);
  });

  it('counts the rows of an OpenDocument spreadsheet', async () => {
    expect(await rowsOverLimit(workbookBytes([HEADERS, ...people(30)], 'ods'), 10)).toBe(30);
    expect(await rowsOverLimit(workbookBytes([HEADERS, ...people(8)], 'ods'), 10)).toBeNull();
  });

  it('answers nothing for bytes that are no zip', async () => {
    expect(await rowsOverLimit(new TextEncoder().encode('language,ID\nen,1\n'), 0)).toBeNull();
  });
});

describe('a document type declared in any part, from its prolog', () => {
  const declared = (xml: string) => xml.replace('?>', '?><!DOCTYPE x [<!ENTITY a "aaaa">]>');

  it('finds it in a sheet, behind a long comment, and in an OpenDocument content.xml', async () => {
    const bytes = workbookBytes([HEADERS, ...people(3)]);
    expect((await scanSpreadsheetZip(bytes, 10)).declaresDocumentType).toBe(false);
    expect((await scanSpreadsheetZip(await withSheet(bytes, declared), 10)).declaresDocumentType).toBe(true);
    const padded = (xml: string) => xml.replace('?>', `?><!--${' '.repeat(200_000)}--><!DOCTYPE x>`);
    expect((await scanSpreadsheetZip(await withSheet(bytes, padded), 10)).declaresDocumentType).toBe(true);
    const ods = await JSZip.loadAsync(workbookBytes([HEADERS, ...people(3)], 'ods'));
    ods.file('content.xml', declared(await ods.file('content.xml')!.async('string')));
    const odsBytes = await ods.generateAsync({ type: 'uint8array' });
    expect((await scanSpreadsheetZip(odsBytes, 10)).declaresDocumentType).toBe(true);
  });

  it('does not take the text of a cell for a declaration', async () => {
    const bytes = workbookBytes([HEADERS, ['en', '<!DOCTYPE x>', 'a@example.org']]);
    expect((await scanSpreadsheetZip(bytes, 10)).declaresDocumentType).toBe(false);
  });
});

describe('the refusal a zip scan calls for (what the page answers without waiting for the parse)', () => {
  it('refuses a document type, then rows over the limit, and nothing else', () => {
    expect(scanRefusal({ declaresDocumentType: true, rowsOver: 12 }, 10)).toEqual({
      ok: false,
      code: 'ERR_UNEXPECTED',
      detail: 'document type declaration',
    });
    expect(scanRefusal({ declaresDocumentType: false, rowsOver: 12 }, 10)).toEqual({
      ok: false,
      errors: [{ code: 'ERR_TOO_MANY_ROWS', details: ['12 > 10'], more: 0 }],
    });
    expect(scanRefusal({ declaresDocumentType: false, rowsOver: null }, 10)).toBeNull();
  });
});
