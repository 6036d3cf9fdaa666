import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { validateImport, type ImportDefinition } from '../../domain/import';
import { isEncryptedOpenDocument, readWorkbook } from '../../src/workers/readWorkbook';

const dir = path.join(import.meta.dirname, '..', 'fixtures', 'import');
const read = (name: string) => new Uint8Array(fs.readFileSync(path.join(dir, name)));

const definition: ImportDefinition = {
  languages: ['en', 'fr'],
  defaultLanguage: 'en',
  technicalFields: [],
  fieldsToCertify: ['Email'],
  fileFields: [],
  openbadge: true,
  maxRows: 100,
};

function validate(name: string) {
  const workbook = readWorkbook(read(name));
  if (!workbook.ok) throw new Error(`${name}: ${workbook.code}`);
  return validateImport(workbook.sheet, definition, { date1904: workbook.date1904 });
}

describe('files saved by LibreOffice', () => {
  it.each(['good.xlsx', 'good.ods', 'good.xlsm'])(
    'reads %s: dates as YYYY-MM-DD, percentages, lowercased languages and addresses',
    (name) => {
      expect(validate(name)).toEqual({
        ok: true,
        rows: [
          {
            Language: 'en',
            Email: 'ada@example.org',
            ID: 'S-001',
            firstName: 'Ada',
            lastName: 'Lovelace',
            obtentionDate: '2026-06-30',
            score: '87%',
          },
          {
            Language: 'fr',
            Email: 'grace.hopper@example.org',
            ID: 'S-002',
            firstName: 'Grace',
            lastName: 'Hopper',
            obtentionDate: '2026-07-01',
            score: '100%',
          },
        ],
      });
    },
  );

  it.each(['errors.xlsx', 'errors.ods'])('names the faulty cells of %s', (name) => {
    expect(validate(name)).toEqual({
      ok: false,
      errors: [
        { code: 'ERR_INVALID_LANGUAGE', details: ['A2: xx'], more: 0 },
        { code: 'ERR_BOOLEAN', details: ['D3: TRUE'], more: 0 },
        { code: 'ERR_FORMULA_ERROR', details: ['E3: #DIV/0!'], more: 0 },
        { code: 'ERR_INVALID_EMAILS', details: ['C2: ada-at-example.org'], more: 0 },
      ],
    });
  });

  it('reports a password-protected OpenDocument file as locked', () => {
    expect(isEncryptedOpenDocument(read('locked.ods'))).toBe(true);
    expect(isEncryptedOpenDocument(read('good.ods'))).toBe(false);
    expect(isEncryptedOpenDocument(read('good.xlsx'))).toBe(false);
    expect(readWorkbook(read('locked.ods'))).toEqual({ ok: false, code: 'ERR_LOCKED_FILE' });
  });
});
