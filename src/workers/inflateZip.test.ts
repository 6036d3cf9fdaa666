import fs from 'node:fs';
import path from 'node:path';
import JSZip from 'jszip';
import * as XLSX from 'xlsx';
import { describe, expect, it } from 'vitest';
import { validateImport } from '../../domain/import';
import { hostileSpreadsheets } from '../../tests/fixtures/hostile/corpus';
import { inflatedWorkbook } from './importWorkbook';
import { inflateZip } from './inflateZip';
import { readWorkbook } from './readWorkbook';

const definition = {
  languages: ['en', 'fr'],
  defaultLanguage: 'en',
  technicalFields: ['ID'],
  fieldsToCertify: ['score'],
  fileFields: [],
  openbadge: true,
  maxRows: 1000,
};

/** A workbook with a percent, a date, a currency, a boolean, a formula error and text with accents. */
function workbook(): Uint8Array {
  const sheet = XLSX.utils.aoa_to_sheet([
    ['language', 'ID', 'Email', 'score', 'obtentionDate', 'price', 'note'],
    ['en', 'A-1', 'ada@example.org', 0.855, 46348, 12.5, 'Élodie – ok'],
    ['fr', 'A-1', 'ada@example.org', 0.1, 46349, 3, true],
    ['', 'B-2', 'not an email', 0.2, 46350, 4, { t: 'e', v: 0x07 }],
  ]);
  for (const row of [2, 3, 4]) {
    sheet[`D${row}`].z = '0%';
    sheet[`E${row}`].z = 'yyyy-mm-dd';
    sheet[`F${row}`].z = '"$"#,##0.00';
  }
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, 'Recipients');
  return new Uint8Array(XLSX.write(book, { type: 'array', bookType: 'xlsx', compression: true }) as ArrayBuffer);
}

describe('the zip inflated natively for SheetJS', () => {
  it('reads the same cells and gives the same import outcome as SheetJS own inflate', async () => {
    const bytes = workbook();
    const inflated = await inflateZip(bytes);
    expect(inflated).not.toBeNull();
    // every part is stored now: the zip is larger than the deflated one
    expect((inflated as Uint8Array).length).toBeGreaterThan(bytes.length);
    const direct = readWorkbook(bytes, 'recipients.xlsx');
    const native = readWorkbook(bytes, 'recipients.xlsx', inflated);
    expect(native).toEqual(direct);
    if (!direct.ok || !native.ok) throw new Error('unreadable');
    const outcome = validateImport(native.sheet, definition, { recipientData: true });
    expect(outcome).toEqual(validateImport(direct.sheet, definition, { recipientData: true }));
    expect(outcome.ok).toBe(false);
  });

  it('gives the same parts, names and contents once unzipped', async () => {
    const bytes = workbook();
    const original = await JSZip.loadAsync(bytes);
    const stored = await JSZip.loadAsync((await inflateZip(bytes)) as Uint8Array);
    expect(Object.keys(stored.files)).toEqual(Object.keys(original.files));
    for (const name of Object.keys(original.files))
      expect(await stored.file(name)?.async('string')).toBe(await original.file(name)?.async('string'));
  });

  it('leaves to SheetJS a zip whose sizes disagree, a broken deflate stream, bytes that are no zip', async () => {
    const bytes = workbook();
    // the first part's declared size (central directory) one byte larger than what it inflates to
    const view = new DataView(bytes.buffer.slice(0));
    const changed = new Uint8Array(view.buffer);
    let end = changed.length - 22;
    while (view.getUint32(end, true) !== 0x06054b50) end--;
    const directory = view.getUint32(end + 16, true);
    const local = view.getUint32(directory + 42, true);
    view.setUint32(directory + 24, view.getUint32(directory + 24, true) + 1, true);
    view.setUint32(local + 22, view.getUint32(local + 22, true) + 1, true);
    expect(await inflateZip(changed)).toBeNull();
    // the data of every deflated part overwritten
    const broken = bytes.slice();
    broken.fill(0xff, 40, Math.min(broken.length - 2000, 400));
    expect(await inflateZip(broken)).toBeNull();
    expect(await inflateZip(new TextEncoder().encode('language,ID\nen,1\n'))).toBeNull();
  });

  it('is only used for an .xlsx or .xlsm file the import accepts', async () => {
    const bytes = workbook();
    expect(await inflatedWorkbook(bytes, 'recipients.xlsx')).not.toBeNull();
    expect(await inflatedWorkbook(bytes, 'recipients.XLSM')).not.toBeNull();
    expect(await inflatedWorkbook(bytes, 'recipients.ods')).toBeNull();
    expect(await inflatedWorkbook(new TextEncoder().encode('a,b\n'), 'recipients.xlsx')).toBeNull();
  });
});

describe('the import fixtures and the hostile spreadsheets', () => {
  it('reads every .xlsx and .xlsm of them exactly as SheetJS alone does', async () => {
    const folder = path.join(import.meta.dirname, '..', '..', 'tests', 'fixtures', 'import');
    const files = fs
      .readdirSync(folder)
      .filter((name) => /\.xls[xm]$/i.test(name))
      .map((name) => ({ name, bytes: new Uint8Array(fs.readFileSync(path.join(folder, name))) }));
    // those over the row limit never reach SheetJS (the zip scan refuses them first)
    const hostile = (await hostileSpreadsheets()).filter(
      (file) => /\.xls[xm]$/i.test(file.name) && file.expected !== 'ERR_TOO_MANY_ROWS',
    );
    expect(files.length).toBeGreaterThan(3);
    expect(hostile.length).toBeGreaterThan(3);
    for (const { name, bytes } of [...files, ...hostile]) {
      const inflated = await inflatedWorkbook(bytes, name);
      expect(readWorkbook(bytes, name, inflated), name).toEqual(readWorkbook(bytes, name));
    }
  }, 180_000);
});
