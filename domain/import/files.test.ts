import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  checkArchive,
  checkImportFileContent,
  checkImportFileName,
  fileExtension,
  hasAllowedFileType,
  listedFiles,
  spreadsheetContent,
} from './files';
import { importError } from './errors';

describe('import file name', () => {
  it('accepts .xlsx, .xlsm and .ods whatever their case', () => {
    for (const name of ['recipients.xlsx', 'RECIPIENTS.XLSM', 'list.Ods', 'my.list.v2.xlsx'])
      expect(checkImportFileName(name)).toBeNull();
  });

  it('refuses anything else with ERR_BAD_FILE_TYPE naming the file', () => {
    for (const name of ['recipients.csv', 'recipients.xls', 'xlsx', 'recipients.xlsx.exe', ''])
      expect(checkImportFileName(name)).toEqual({ code: 'ERR_BAD_FILE_TYPE', details: [name], more: 0 });
  });
});

describe('file fields', () => {
  it('reads extensions from names and paths', () => {
    expect(fileExtension('dir.v1/Photo.PNG')).toBe('png');
    expect(fileExtension('.hidden')).toBe('');
    expect(fileExtension('noext')).toBe('');
  });

  it('allows png, svg, jpg, pdf, zip, txt, json and xlsx only', () => {
    for (const name of ['a.png', 'a.SVG', 'a.jpg', 'a.pdf', 'a.zip', 'a.txt', 'a.json', 'a.xlsx', 'docs/a.pdf'])
      expect(hasAllowedFileType(name)).toBe(true);
    for (const name of ['a.gif', 'a.jpeg', 'a.exe', 'a', 'a.pdf.exe']) expect(hasAllowedFileType(name)).toBe(false);
  });

  it('lists the distinct files the rows name', () => {
    const rows = [
      { ID: '1', diploma: 'a.pdf', photo: 'a.png' },
      { ID: '2', diploma: 'b.pdf', photo: '' },
      { ID: '3', diploma: 'a.pdf', photo: 'c.png' },
    ];
    expect(listedFiles(rows, ['diploma', 'photo'])).toEqual(['a.pdf', 'a.png', 'b.pdf', 'c.png']);
  });
});

describe('archive', () => {
  it('passes when every listed file is in the archive, at its path or in any folder', () => {
    expect(checkArchive(['a.pdf', 'docs/b.pdf', 'c.png'], ['a.pdf', 'docs/b.pdf', 'export/c.png'])).toBeNull();
    expect(checkArchive([], [])).toBeNull();
  });

  it('names the missing files with ERR_MISSING_FILES', () => {
    expect(
      checkArchive(['a.pdf', 'b.pdf', 'docs/c.pdf', 'D.pdf'], ['a.pdf', 'other/c.pdf', 'd.pdf', 'b.pdf/']),
    ).toEqual({ code: 'ERR_MISSING_FILES', details: ['b.pdf', 'docs/c.pdf', 'D.pdf'], more: 0 });
  });

  it('reads Windows separators in archive entries', () => {
    expect(checkArchive(['docs/a.pdf'], ['docs\\a.pdf'])).toBeNull();
  });
});

describe('import file content', () => {
  const fixtures = path.join(import.meta.dirname, '..', '..', 'tests', 'fixtures', 'import');
  const read = (name: string) => new Uint8Array(fs.readFileSync(path.join(fixtures, name)));
  /** Bytes of a fixed pseudo-random sequence, so that the test is the same on every run. */
  const randomBytes = (length: number) => {
    const bytes = new Uint8Array(length);
    let state = 20261125;
    for (let i = 0; i < length; i++) {
      state = (state * 1103515245 + 12345) % 2 ** 31;
      bytes[i] = state >>> 16;
    }
    return bytes;
  };

  it('knows the workbooks LibreOffice writes', () => {
    expect(spreadsheetContent(read('good.xlsx'))).toBe('ooxml');
    expect(spreadsheetContent(read('good.xlsm'))).toBe('ooxml');
    expect(spreadsheetContent(read('good.ods'))).toBe('ods');
    expect(spreadsheetContent(read('locked.ods'))).toBe('ods');
    expect(checkImportFileContent('good.xlsx', read('good.xlsx'))).toBeNull();
    expect(checkImportFileContent('GOOD.XLSM', read('good.xlsm'))).toBeNull();
    expect(checkImportFileContent('good.ods', read('good.ods'))).toBeNull();
  });

  it('refuses a file that is not what its extension says with ERR_BAD_FILE_TYPE', () => {
    const bad = (name: string) => ({ code: 'ERR_BAD_FILE_TYPE', details: [name], more: 0 });
    expect(checkImportFileContent('csv-renamed.xlsx', read('csv-renamed.xlsx'))).toEqual(bad('csv-renamed.xlsx'));
    expect(checkImportFileContent('good.ods', read('good.fods'))).toEqual(bad('good.ods'));
    expect(checkImportFileContent('good.xlsx', read('good.ods'))).toEqual(bad('good.xlsx'));
    expect(checkImportFileContent('good.ods', read('good.xlsx'))).toEqual(bad('good.ods'));
    expect(checkImportFileContent('noise.xlsx', randomBytes(4096))).toEqual(bad('noise.xlsx'));
    expect(checkImportFileContent('noise.ods', randomBytes(100))).toEqual(bad('noise.ods'));
    // a file of 0 bytes says it is empty, whatever its name
    expect(checkImportFileContent('empty.xlsx', new Uint8Array(0))).toEqual(
      importError('ERR_ZERO_BYTE_FILE', ['empty.xlsx']),
    );
    expect(checkImportFileContent('empty.ods', new ArrayBuffer(0))).toEqual(
      importError('ERR_ZERO_BYTE_FILE', ['empty.ods']),
    );
    expect(checkImportFileContent('good.csv', read('csv-renamed.xlsx'))).toEqual(bad('good.csv'));
  });

  it('answers ERR_UNEXPECTED for a zip whose directory cannot be read', () => {
    const truncated = read('good.xlsx').subarray(0, 2000);
    expect(spreadsheetContent(truncated)).toBe('broken-zip');
    expect(checkImportFileContent('cut.xlsx', truncated)).toEqual({
      code: 'ERR_UNEXPECTED',
      details: ['cut.xlsx'],
      more: 0,
    });
  });
});
