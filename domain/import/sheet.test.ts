import { describe, expect, it } from 'vitest';
import type { Cell, Sheet } from './cells';
import type { ImportErrorCode } from './errors';
import { importRowsToSheet, requiredHeaders, validateImport, type ImportDefinition, type ImportResult } from './sheet';

const definition: ImportDefinition = {
  languages: ['en', 'fr'],
  defaultLanguage: 'en',
  technicalFields: ['ID'],
  fieldsToCertify: ['firstName', 'lastName'],
  fileFields: [],
  openbadge: false,
  maxRows: 100,
};

const HEADERS = ['language', 'ID', 'Email', 'firstName', 'lastName'];

function sheetOf(...rows: Cell[][]): Cell[][] {
  return [HEADERS, ...rows];
}

function errorsOf(result: ImportResult) {
  if (result.ok) throw new Error('expected errors, got rows');
  return result.errors;
}

function errorOf(result: ImportResult, code: ImportErrorCode) {
  const error = errorsOf(result).find((candidate) => candidate.code === code);
  if (!error) throw new Error(`expected ${code} among ${errorsOf(result).map((e) => e.code)}`);
  return error;
}

function rowsOf(result: ImportResult) {
  if (!result.ok) throw new Error(`expected rows, got ${JSON.stringify(result.errors)}`);
  return result.rows;
}

describe('a valid import', () => {
  it('reads every row: technical fields, Language, Email, then the data fields, as trimmed text', () => {
    const rows = rowsOf(
      validateImport(
        sheetOf(
          ['EN', { t: 'n', v: 1 }, ' Ada@Example.org ', 'Ada', 'Lovelace'],
          ['fr', '1', 'ada@example.org', 'Ada', 'Lovelace'],
        ),
        definition,
      ),
    );
    expect(rows).toEqual([
      { ID: '1', Language: 'en', Email: 'ada@example.org', firstName: 'Ada', lastName: 'Lovelace' },
      { ID: '1', Language: 'fr', Email: 'ada@example.org', firstName: 'Ada', lastName: 'Lovelace' },
    ]);
    expect(Object.keys(rows[0])).toEqual(['ID', 'Language', 'Email', 'firstName', 'lastName']);
  });

  it('matches headers without regard to case and writes the template’s spelling', () => {
    const rows = rowsOf(
      validateImport(
        [
          ['FIRSTNAME', 'Id', 'LANGUAGE', 'lastname', 'Grade', 'linkurl'],
          ['Ada', '7', 'all', 'L', '18', 'https://x.org'],
        ],
        { ...definition, fieldsToCertify: ['firstName', 'lastName', 'grade'] },
      ),
    );
    expect(rows).toEqual([
      { ID: '7', Language: 'all', Email: '', firstName: 'Ada', lastName: 'L', grade: '18', linkURL: 'https://x.org' },
    ]);
    expect(Object.keys(rows[0])).toEqual(['ID', 'Language', 'Email', 'firstName', 'lastName', 'grade', 'linkURL']);
  });

  it('gives a blank language the default language', () => {
    const rows = rowsOf(
      validateImport(sheetOf(['', '1', '', 'A', 'B'], [null, '2', '', 'C', 'D']), {
        ...definition,
        languages: ['fr'],
        defaultLanguage: 'FR',
      }),
    );
    expect(rows.map((row) => row.Language)).toEqual(['fr', 'fr']);
  });

  it('accepts one row with all, in any case, for every language', () => {
    expect(rowsOf(validateImport(sheetOf(['ALL', '1', '', 'A', 'B']), definition))[0].Language).toBe('all');
  });

  it('skips blank rows, ignores columns without a header, and names cells by their place in the sheet', () => {
    const result = validateImport(
      [
        [...HEADERS, null, ''],
        [],
        ['en', '1', '', 'A', 'B', 'stray', 'notes'],
        ['  ', null, '', '', '', 'only in a headerless column'],
        ['fr', '1', 'nope', 'A', 'B'],
      ],
      definition,
    );
    expect(errorsOf(result)).toEqual([{ code: 'ERR_INVALID_EMAILS', details: ['C5: nope'], more: 0 }]);
    const rows = rowsOf(
      validateImport(
        [
          [...HEADERS, null],
          ['all', '1', '', 'A', 'B', 'stray'],
          [null, null, null],
        ],
        definition,
      ),
    );
    expect(rows).toEqual([{ ID: '1', Language: 'all', Email: '', firstName: 'A', lastName: 'B' }]);
  });

  it('converts percent and date cells in data fields', () => {
    const rows = rowsOf(
      validateImport(
        [
          [...HEADERS, 'score', 'obtentionDate'],
          ['all', '1', '', 'A', 'B', { t: 'n', v: 0.85, w: '85%', z: '0%' }, { t: 'n', v: 45658, z: 'dd/mm/yyyy' }],
        ],
        { ...definition, fieldsToCertify: ['score'] },
      ),
    );
    expect(rows[0]).toMatchObject({ score: '85%', obtentionDate: '2025-01-01' });
    const in1904 = rowsOf(
      validateImport(
        [
          [...HEADERS, 'obtentionDate'],
          ['all', '1', '', 'A', 'B', { t: 'n', v: 44196, z: 'yyyy-mm-dd' }],
        ],
        definition,
        { date1904: true },
      ),
    );
    expect(in1904[0].obtentionDate).toBe('2025-01-01');
  });

  it('keys recipients on several technical fields together', () => {
    const twoKeys = { ...definition, technicalFields: ['ID', 'session'] };
    const headers = [...HEADERS, 'session'];
    expect(
      rowsOf(
        validateImport(
          [headers, ['en', '1', '', 'A', 'B', 'S1'], ['fr', '1', '', 'A', 'B', 'S1'], ['all', '1', '', 'A', 'B', 'S2']],
          twoKeys,
        ),
      ),
    ).toHaveLength(3);
    expect(
      errorOf(
        validateImport([headers, ['en', '1', '', 'A', 'B', 'S1'], ['fr', '1', '', 'A', 'B', 'S2']], twoKeys),
        'ERR_MISSING_LANGUAGE',
      ).details,
    ).toEqual(['B2 (1 / S1): fr', 'B3 (1 / S2): en']);
  });

  it('lets an Email technical field both name the recipient and be checked as an address', () => {
    const byEmail = { ...definition, technicalFields: ['Email'] };
    const rows = rowsOf(
      validateImport(
        sheetOf(['en', '', 'Ada@Example.org', 'A', 'B'], ['fr', '', 'ada@example.org', 'A', 'B']),
        byEmail,
      ),
    );
    expect(rows.map((row) => row.Email)).toEqual(['ada@example.org', 'ada@example.org']);
    expect(
      errorOf(validateImport(sheetOf(['en', '', 'nope', 'A', 'B']), byEmail), 'ERR_INVALID_EMAILS').details,
    ).toEqual(['C2: nope']);
  });

  it('treats every row as its own recipient, in its own language, when the template names no technical field', () => {
    const noKey = { ...definition, technicalFields: [] };
    expect(rowsOf(validateImport(sheetOf(['all', '', '', 'A', 'B'], ['all', '', '', 'A', 'B']), noKey))).toHaveLength(
      2,
    );
    expect(rowsOf(validateImport(sheetOf(['en', '', '', 'A', 'B'], ['fr', '', '', 'C', 'D']), noKey))).toHaveLength(2);
  });
});

describe('file and header rules', () => {
  it('rejects an empty file: no cells, blank cells only, or headers without data', () => {
    for (const sheet of [[], [[]], [[null, '  '], [undefined]], [HEADERS], [HEADERS, [], [null, '']]] as Sheet[])
      expect(errorsOf(validateImport(sheet, definition))).toEqual([{ code: 'ERR_EMPTY_FILE', details: [], more: 0 }]);
  });

  it('rejects a header given twice, whatever its case', () => {
    const result = validateImport(
      [
        ['language', 'ID', 'email', 'firstName', 'lastName', 'Email', 'ID'],
        ['all', '1'],
      ],
      definition,
    );
    expect(errorsOf(result)).toEqual([
      { code: 'ERR_DUPLICATE_HEADERS', details: ['B1, G1: ID', 'C1, F1: email'], more: 0 },
    ]);
  });

  it('lists the missing headers: language, technical fields, the recipient’s name, the template’s fields, Email when openbadge', () => {
    expect(
      errorOf(validateImport([['Email', 'firstName'], ['all']], definition), 'ERR_MISSING_HEADERS').details,
    ).toEqual(['language', 'ID', 'lastName']);
    expect(
      errorOf(
        validateImport(
          [
            ['language', 'ID'],
            ['all', '1'],
          ],
          { ...definition, fieldsToCertify: ['Email'] },
        ),
        'ERR_MISSING_HEADERS',
      ).details,
    ).toEqual(['firstName', 'lastName', 'Email']);
    const openbadge = { ...definition, openbadge: true, fileFields: ['diploma'] };
    expect(
      errorOf(
        validateImport(
          [
            ['language', 'ID', 'firstName', 'lastName'],
            ['all', '1'],
          ],
          openbadge,
        ),
        'ERR_MISSING_HEADERS',
      ).details,
    ).toEqual(['Email', 'diploma']);
    expect(requiredHeaders({ ...openbadge, fieldsToCertify: ['firstName', 'ID', 'diploma'] })).toEqual([
      'language',
      'ID',
      'Email',
      'firstName',
      'lastName',
      'diploma',
    ]);
  });

  it('reports duplicate and missing headers together, and stops there', () => {
    const result = validateImport(
      [
        ['language', 'Language', 'ID'],
        ['xx', '1', true],
      ],
      definition,
    );
    expect(errorsOf(result).map((error) => error.code)).toEqual(['ERR_DUPLICATE_HEADERS', 'ERR_MISSING_HEADERS']);
  });

  it('requires the default language to be one of the template’s languages', () => {
    const result = validateImport(sheetOf(['en', '1', '', 'A', 'B']), { ...definition, defaultLanguage: 'de' });
    expect(errorsOf(result)).toEqual([{ code: 'ERR_INVALID_LANGUAGE', details: ['de'], more: 0 }]);
    expect(
      errorOf(validateImport(sheetOf(['all', '1']), { ...definition, defaultLanguage: ' ' }), 'ERR_INVALID_LANGUAGE')
        .details,
    ).toEqual(['""']);
  });

  it('rejects more rows than the maximum before reading them', () => {
    const rows = Array.from({ length: 4 }, (_, i): Cell[] => ['all', String(i), 'not an email', 'A', 'B']);
    expect(errorsOf(validateImport(sheetOf(...rows), { ...definition, maxRows: 3 }))).toEqual([
      { code: 'ERR_TOO_MANY_ROWS', details: ['4 > 3'], more: 0 },
    ]);
    expect(
      errorOf(validateImport(sheetOf(...rows), { ...definition, maxRows: 4 }), 'ERR_INVALID_EMAILS').details,
    ).toHaveLength(4);
  });
});

describe('cell rules', () => {
  it('rejects boolean cells', () => {
    const result = validateImport(sheetOf(['all', '1', '', { t: 'b', v: true, w: 'TRUE' }, false]), definition);
    expect(errorsOf(result)).toEqual([{ code: 'ERR_BOOLEAN', details: ['D2: TRUE', 'E2: FALSE'], more: 0 }]);
  });

  it('rejects formula errors, typed or as text', () => {
    const result = validateImport(
      sheetOf(
        ['all', '1', '', { t: 'e', v: 0x2a, w: '#N/A' }, '#DIV/0!'],
        ['all', '2', '', { t: 'e', v: 0x17 }, '#name?'],
      ),
      definition,
    );
    expect(errorsOf(result)).toEqual([
      { code: 'ERR_FORMULA_ERROR', details: ['D2: #N/A', 'E2: #DIV/0!', 'D3: #REF!', 'E3: #name?'], more: 0 },
    ]);
  });

  it('reports a faulty language, email or technical cell once, under its fault', () => {
    const result = validateImport(sheetOf([true, { t: 'e', v: 7 }, { t: 'e', v: 0 }, 'A', 'B']), {
      ...definition,
      openbadge: true,
    });
    expect(errorsOf(result)).toEqual([
      { code: 'ERR_BOOLEAN', details: ['A2: TRUE'], more: 0 },
      { code: 'ERR_FORMULA_ERROR', details: ['B2: #DIV/0!', 'C2: #NULL!'], more: 0 },
    ]);
  });

  it('rejects unknown languages, showing the value as typed', () => {
    const result = validateImport(
      sheetOf(['DE', '1', '', 'A', 'B'], ['en-GB', '2', '', 'A', 'B'], ['all', '3', '', 'A', 'B']),
      definition,
    );
    expect(errorsOf(result)).toEqual([{ code: 'ERR_INVALID_LANGUAGE', details: ['A2: DE', 'A3: en-GB'], more: 0 }]);
  });

  it('rejects invalid emails', () => {
    const result = validateImport(
      sheetOf(
        ['all', '1', 'ada@', 'A', 'B'],
        ['all', '2', 'a b@c.org', 'A', 'B'],
        ['all', '3', 'x\u200b@y.org', 'A', 'B'],
      ),
      definition,
    );
    expect(errorOf(result, 'ERR_INVALID_EMAILS').details).toEqual(['C2: ada@', 'C3: a b@c.org']);
    expect(errorsOf(result)).toHaveLength(1);
  });

  it('requires an Email on every row of an openbadge template, and only there', () => {
    const sheet = sheetOf(['all', '1', '', 'A', 'B'], ['all', '2', 'b@c.org', 'A', 'B'], ['all', '3', ' ', 'A', 'B']);
    expect(errorsOf(validateImport(sheet, { ...definition, openbadge: true }))).toEqual([
      { code: 'ERR_MISSING_EMAILS', details: ['C2', 'C4'], more: 0 },
    ]);
    expect(rowsOf(validateImport(sheet, definition))).toHaveLength(3);
  });

  it('rejects rows with no technical data, naming the empty cells', () => {
    expect(
      errorsOf(validateImport(sheetOf(['all', '', '', 'A', 'B'], ['all', '2', '', 'A', 'B']), definition)),
    ).toEqual([{ code: 'ERR_NO_TECH_DATA', details: ['B2'], more: 0 }]);
    const twoKeys = { ...definition, technicalFields: ['ID', 'session'] };
    const result = validateImport(
      [
        [...HEADERS, 'session'],
        ['all', '', '', 'A', 'B', ''],
        ['all', '3', '', 'A', 'B', ''],
      ],
      twoKeys,
    );
    expect(errorOf(result, 'ERR_NO_TECH_DATA').details).toEqual(['B2, F2', 'F3']);
  });

  it('accepts only png, svg, jpg, pdf, zip, txt, json and xlsx in file fields, and lets them be empty', () => {
    const withFiles = { ...definition, fieldsToCertify: ['firstName', 'lastName', 'diploma'], fileFields: ['diploma'] };
    const result = validateImport(
      [
        [...HEADERS, 'Diploma', 'assessment'],
        ['all', '1', '', 'A', 'B', 'ada.PDF', 'a.gif'],
        ['all', '2', '', 'A', 'B', 'bob.gif'],
        ['all', '3', '', 'A', 'B', ''],
        ['all', '4', '', 'A', 'B', 'scan'],
      ],
      withFiles,
    );
    expect(errorsOf(result)).toEqual([{ code: 'ERR_FILE_TYPE', details: ['F3: bob.gif', 'F5: scan'], more: 0 }]);
  });
});

describe('languages of a recipient', () => {
  it('needs one row per template language', () => {
    const result = validateImport(
      sheetOf(
        ['en', '1', '', 'A', 'B'],
        ['fr', '1', '', 'A', 'B'],
        ['fr', '2', '', 'A', 'B'],
        ['en', '3', '', 'A', 'B'],
      ),
      { ...definition, languages: ['en', 'fr', 'es'], defaultLanguage: 'en' },
    );
    expect(errorsOf(result)).toEqual([
      { code: 'ERR_MISSING_LANGUAGE', details: ['B2 (1): es', 'B4 (2): en, es', 'B5 (3): fr, es'], more: 0 },
    ]);
  });

  it('refuses a recipient given twice in one language, pointing at the second row and the first', () => {
    const result = validateImport(
      sheetOf(
        ['en', '1', '', 'A', 'B'],
        ['fr', '1', '', 'A', 'B'],
        ['EN', '1', '', 'A', 'B'],
        ['all', '2', '', 'A', 'B'],
        ['all', '2', '', 'A', 'B'],
      ),
      definition,
    );
    expect(errorsOf(result)).toEqual([
      { code: 'ERR_DUPLICATE_RECIPIENT', details: ['B4 = B2 (1): en', 'B6 = B5 (2): all'], more: 0 },
    ]);
  });

  it('does not mix all with other languages for the same key', () => {
    const result = validateImport(
      sheetOf(
        ['en', '1', '', 'A', 'B'],
        ['all', '1', '', 'A', 'B'],
        ['all', '2', '', 'A', 'B'],
        ['fr', '3', '', 'A', 'B'],
        ['en', '3', '', 'A', 'B'],
      ),
      definition,
    );
    expect(errorsOf(result)).toEqual([{ code: 'ERR_ALL_MISUSED', details: ['A3 (1): en, all'], more: 0 }]);
  });

  it('trims keys but keeps their case', () => {
    expect(
      rowsOf(validateImport(sheetOf(['en', ' A1 ', '', 'A', 'B'], ['fr', 'A1', '', 'A', 'B']), definition)),
    ).toHaveLength(2);
    expect(
      errorOf(
        validateImport(sheetOf(['en', 'A1', '', 'A', 'B'], ['fr', 'a1', '', 'A', 'B']), definition),
        'ERR_MISSING_LANGUAGE',
      ).details,
    ).toEqual(['B2 (A1): fr', 'B3 (a1): en']);
  });
});

describe('reporting', () => {
  it('returns every error of the rows together, in catalogue order, 10 lines each with a count of the others', () => {
    const rows: Cell[][] = Array.from({ length: 25 }, (_, i) => ['all', String(i), `bad${i}`, 'A', 'B']);
    rows.push(['xx', '99', '', true, 'B']);
    const errors = errorsOf(validateImport(sheetOf(...rows), definition));
    expect(errors.map((error) => error.code)).toEqual(['ERR_INVALID_LANGUAGE', 'ERR_BOOLEAN', 'ERR_INVALID_EMAILS']);
    const emails = errors[2];
    expect(emails.details).toHaveLength(10);
    expect(emails.details[0]).toBe('C2: bad0');
    expect(emails.more).toBe(15);
  });
});

describe('server re-validation', () => {
  it('turns rows back into a sheet that validates to the same rows', () => {
    const withScore = { ...definition, fieldsToCertify: ['score', 'notes'] };
    const first = rowsOf(
      validateImport(
        [
          [...HEADERS, 'score', 'notes'],
          ['EN', { t: 'n', v: 1 }, 'Ada@Example.org', 'Ada', 'L', { t: 'n', v: 0.5, z: '0%' }, ''],
          ['fr', '1', '', 'Ada', 'L', '', 'x'],
        ],
        withScore,
      ),
    );
    const sheet = importRowsToSheet(first);
    expect(sheet[0]).toEqual(['ID', 'Language', 'Email', 'firstName', 'lastName', 'score', 'notes']);
    expect(rowsOf(validateImport(sheet, withScore))).toEqual(first);
  });

  it('rejects what a tampered request sends', () => {
    const sheet = importRowsToSheet([
      { ID: '1', Language: 'en', Email: 'not-an-email', firstName: 'A', lastName: 'B' },
      { ID: '1', Language: 'fr', Email: '', firstName: '#REF!', lastName: 'B', extra: 'x' },
    ]);
    expect(sheet[0]).toContain('extra');
    expect(errorsOf(validateImport(sheet, definition))).toEqual([
      { code: 'ERR_UNKNOWN_COLUMNS', details: ['F1: extra'], more: 0 },
    ]);
    expect(
      errorsOf(validateImport(sheet, definition, { columnMapping: { extra: null } })).map((error) => error.code),
    ).toEqual(['ERR_FORMULA_ERROR', 'ERR_INVALID_EMAILS']);
  });
});

describe('a large import', () => {
  it('validates 10,000 rows of SheetJS cells', () => {
    const languages = ['en', 'fr'];
    const wide = { ...definition, fieldsToCertify: ['firstName', 'lastName', 'score', 'obtentionDate', 'grade'] };
    const sheet: Cell[][] = [[...HEADERS, 'score', 'obtentionDate', 'grade', 'assessment', 'linkLabel']];
    for (let i = 0; i < 10_000; i++) {
      const id = Math.floor(i / 2);
      sheet.push([
        { t: 's', v: languages[i % 2] },
        { t: 'n', v: id, w: String(id) },
        { t: 's', v: `person${id}@example.org` },
        { t: 's', v: `First${id}` },
        { t: 's', v: `Last${id}` },
        { t: 'n', v: (id % 100) / 100, z: '0%' },
        { t: 'n', v: 45658 + (id % 365), z: 'dd/mm/yyyy' },
        { t: 'n', v: id % 20, w: String(id % 20) },
        { t: 's', v: 'Passed the final exam' },
        { t: 's', v: 'Public page' },
      ]);
    }
    const rows = rowsOf(validateImport(sheet, { ...wide, maxRows: 10_000 }));
    expect(rows).toHaveLength(10_000);
    expect(rows[9_999]).toEqual({
      ID: '4999',
      Language: 'fr',
      Email: 'person4999@example.org',
      firstName: 'First4999',
      lastName: 'Last4999',
      score: '99%',
      obtentionDate: '2025-09-12',
      grade: '19',
      assessment: 'Passed the final exam',
      linkLabel: 'Public page',
    });

    sheet[5_001] = [
      { t: 's', v: 'fr' },
      { t: 'n', v: 2_500 },
      { t: 's', v: 'x' },
    ];
    const errors = errorsOf(validateImport(sheet, { ...wide, maxRows: 10_000 }));
    expect(errors).toEqual([
      { code: 'ERR_MISSING_VALUES', details: ['D5002 (firstName)', 'E5002 (lastName)'], more: 0 },
      { code: 'ERR_INVALID_EMAILS', details: ['C5002: x'], more: 0 },
      { code: 'ERR_DUPLICATE_RECIPIENT', details: ['B5003 = B5002 (2500): fr'], more: 0 },
      { code: 'ERR_MISSING_LANGUAGE', details: ['B5002 (2500): en'], more: 0 },
    ]);
  });
});
