import { describe, expect, it } from 'vitest';
import { checkArchive, checkImportFileName, fileExtension, hasAllowedFileType, listedFiles } from './files';

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
