import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkImportFileContent, validateImport, type ImportDefinition } from '../../domain/import';
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

/** The good and errors files carry a score column: a field of their template. */
const scored: ImportDefinition = { ...definition, fieldsToCertify: ['Email', 'score'] };

function validate(name: string, importDefinition: ImportDefinition = definition, recipientData = false) {
  const workbook = readWorkbook(read(name), name);
  if (!workbook.ok) throw new Error(`${name}: ${workbook.code}`);
  return validateImport(workbook.sheet, importDefinition, { date1904: workbook.date1904, recipientData });
}

describe('files saved by LibreOffice', () => {
  it.each(['good.xlsx', 'good.ods', 'good.xlsm'])(
    'reads %s: dates as YYYY-MM-DD, percentages, lowercased languages and addresses',
    (name) => {
      expect(validate(name, scored)).toEqual({
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
    expect(validate(name, scored)).toEqual({
      ok: false,
      errors: [
        { code: 'ERR_INVALID_LANGUAGE', details: ['A2: xx'], more: 0 },
        { code: 'ERR_BOOLEAN', details: ['D3: TRUE'], more: 0 },
        { code: 'ERR_FORMULA_ERROR', details: ['E3: #DIV/0!'], more: 0 },
        { code: 'ERR_INVALID_EMAILS', details: ['C2: ada-at-example.org'], more: 0 },
      ],
    });
  });

  describe('a bilingual file: ten people, one row per language', () => {
    const bilingual: ImportDefinition = {
      ...definition,
      technicalFields: ['ID'],
      fieldsToCertify: ['firstName', 'mention'],
    };
    const people = [
      ['P-01', 'Ada', 'Lovelace'],
      ['P-02', 'Émilie', 'du Châtelet'],
      ['P-03', 'Grace', 'Hopper'],
      ['P-04', 'Софья', 'Ковалевская'],
      ['P-05', 'Maria', 'Skłodowska-Curie'],
      ['P-06', 'Ángela', 'Ruiz Robles'],
      ['P-07', 'Hedy', 'Lamarr'],
      ['P-08', 'Katherine', 'Johnson'],
      ['P-09', 'Søren', 'Lund'],
      ['P-10', 'Thị Lan', 'Nguyễn'],
    ];

    it.each(['bilingual.xlsx', 'bilingual.ods'])(
      'reads %s as 20 rows for 10 recipients on an EN+FR template',
      (name) => {
        const result = validate(name, bilingual);
        if (!result.ok) throw new Error(JSON.stringify(result.errors));
        expect(result.rows).toHaveLength(20);
        expect(new Set(result.rows.map((row) => row.ID)).size).toBe(10);
        expect(result.rows.map((row) => [row.ID, row.Language, row.firstName, row.lastName])).toEqual(
          people.flatMap(([id, first, last]) => [
            [id, 'en', first, last],
            [id, 'fr', first, last],
          ]),
        );
        expect(result.rows[0]).toEqual({
          ID: 'P-01',
          Language: 'en',
          Email: 'ada.lovelace@example.org',
          firstName: 'Ada',
          lastName: 'Lovelace',
          obtentionDate: '2026-06-30',
          mention: 'With distinction',
        });
        expect(result.rows[3]).toMatchObject({ ID: 'P-02', Language: 'fr', mention: 'Avec mention très bien' });
      },
    );

    it.each(['bilingual.xlsx', 'bilingual.ods'])(
      'refuses %s on an EN+FR+ES template: every recipient lacks Spanish',
      (name) => {
        expect(validate(name, { ...bilingual, languages: ['en', 'fr', 'es'] })).toEqual({
          ok: false,
          errors: [
            {
              code: 'ERR_MISSING_LANGUAGE',
              details: people.map(([id], i) => `A${2 + 2 * i} (${id}): es`),
              more: 0,
            },
          ],
        });
      },
    );
  });

  it.each(['dates.xlsx', 'dates.ods'])(
    'reads the date cells of %s (serial numbers with a date format, or none) as YYYY-MM-DD',
    (name) => {
      // dateNaissance is a register column: a registry template's file
      expect(validate(name, { ...definition, register: true }, true)).toEqual({
        ok: true,
        rows: [
          {
            Language: 'en',
            ID: 'D-01',
            Email: 'ada@example.org',
            firstName: 'Ada',
            lastName: 'Lovelace',
            obtentionDate: '2026-06-30',
            ExpirationDate: '2031-06-30',
            dateNaissance: '2000-01-01',
          },
          {
            Language: 'fr',
            ID: 'D-02',
            Email: 'grace@example.org',
            firstName: 'Grace',
            lastName: 'Hopper',
            obtentionDate: '2026-02-28',
            ExpirationDate: '2029-12-31',
            dateNaissance: '1992-01-01',
          },
        ],
      });
    },
  );

  it.each([
    ['csv-saved-renamed.xlsx', 'a CSV'],
    ['fods-saved-renamed.ods', 'a flat-XML spreadsheet'],
  ])('refuses %s (%s saved by LibreOffice, renamed) as ERR_BAD_FILE_TYPE', (name) => {
    const bytes = read(name);
    expect(checkImportFileContent(name, bytes)).toEqual({ code: 'ERR_BAD_FILE_TYPE', details: [name], more: 0 });
    expect(readWorkbook(bytes, name)).toEqual({ ok: false, code: 'ERR_BAD_FILE_TYPE' });
    // without the name check SheetJS would read the content as its real format
    const sheet = readWorkbook(bytes);
    expect(sheet.ok && sheet.sheet.length).toBe(21);
  });

  it('reports a password-protected OpenDocument file as locked', () => {
    expect(isEncryptedOpenDocument(read('locked.ods'))).toBe(true);
    expect(isEncryptedOpenDocument(read('good.ods'))).toBe(false);
    expect(isEncryptedOpenDocument(read('good.xlsx'))).toBe(false);
    expect(readWorkbook(read('locked.ods'))).toEqual({ ok: false, code: 'ERR_LOCKED_FILE' });
  });
});
