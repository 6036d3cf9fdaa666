import { describe, expect, it } from 'vitest';
import { importColumns, mappedHeader, normalisedHeader, suggestHeaderMapping, type ColumnDefinition } from './columns';
import { requiredHeaders, validateImport, type ImportDefinition, type ImportResult } from './sheet';

const badge: ColumnDefinition = { technicalFields: ['ID'], fieldsToCertify: ['Email'], fileFields: [] };

const definition: ImportDefinition = {
  ...badge,
  languages: ['en', 'fr'],
  defaultLanguage: 'en',
  openbadge: true,
  maxRows: 100,
};

function errorsOf(result: ImportResult) {
  if (result.ok) throw new Error('expected errors, got rows');
  return result.errors;
}

describe('header names', () => {
  it('compares headers without case, spaces, punctuation or accents', () => {
    expect(normalisedHeader('First name')).toBe('firstname');
    expect(normalisedHeader("  Date d'obtention ")).toBe('datedobtention');
    expect(normalisedHeader('Fecha de obtención')).toBe('fechadeobtencion');
    expect(normalisedHeader('E-MAIL')).toBe('email');
    expect(normalisedHeader('first_name.')).toBe('firstname');
  });

  it('knows the standard columns, the template’s own, and the register’s for a registry template only', () => {
    const columns = importColumns({ ...badge, fieldsToCertify: ['score', 'EMAIL'], fileFields: ['diploma'] });
    expect(columns.slice(0, 10)).toEqual([
      'language',
      'ID',
      'Email',
      'firstName',
      'lastName',
      'obtentionDate',
      'ExpirationDate',
      'assessment',
      'linkLabel',
      'linkURL',
    ]);
    expect(columns.slice(10)).toEqual(['score', 'diploma']);
    expect(importColumns(badge)).not.toContain('sexe');
    expect(importColumns({ ...badge, register: true })).toEqual(
      expect.arrayContaining(['sexe', 'dateNaissance', 'prenom2', 'dateInscription', 'idDossier']),
    );
  });
});

describe('suggestHeaderMapping', () => {
  it('suggests the column a header names in English, French or Spanish', () => {
    const cases: [string, string][] = [
      ['First name', 'firstName'],
      ['Last name', 'lastName'],
      ['Obtention date', 'obtentionDate'],
      ['Prénom', 'firstName'],
      ['NOM', 'lastName'],
      ["Date d'obtention", 'obtentionDate'],
      ['Nombre', 'firstName'],
      ['Apellidos', 'lastName'],
      ['Fecha de obtención', 'obtentionDate'],
      ['Courriel', 'Email'],
      ['Langue', 'language'],
      ['first_name', 'firstName'],
      ['Expiry date', 'ExpirationDate'],
      ['Lien', 'linkURL'],
    ];
    for (const [header, column] of cases)
      expect(suggestHeaderMapping(['ID', header], badge).get(header), header).toBe(column);
  });

  it('forgives a typo or two in longer names, never in short ones', () => {
    const suggestions = suggestHeaderMapping(['Fisrt name', 'lastnme', 'Obtentoin dat', 'Nam', 'Xyz'], badge);
    expect(Object.fromEntries(suggestions)).toEqual({
      'Fisrt name': 'firstName',
      lastnme: 'lastName',
      'Obtentoin dat': 'obtentionDate',
      Nam: null,
      Xyz: null,
    });
  });

  it('leaves out headers that are columns, suggests only columns the file lacks, each once, exact names first', () => {
    const suggestions = suggestHeaderMapping(['firstname', 'First name', 'Nom', 'Last name', 'Notes'], badge);
    expect(Object.fromEntries(suggestions)).toEqual({
      // firstName is in the file already: following the suggestion would make two firstName columns
      'First name': null,
      // both name lastName exactly: the first one takes it
      Nom: 'lastName',
      'Last name': null,
      Notes: null,
    });
    // an exact name wins over an earlier typo
    expect(Object.fromEntries(suggestHeaderMapping(['Lastnme', 'Surname'], badge))).toEqual({
      Lastnme: null,
      Surname: 'lastName',
    });
  });

  it('matches the template’s own fields by their name', () => {
    const withScore = { ...badge, fieldsToCertify: ['finalScore'] };
    expect(suggestHeaderMapping(['Final score'], withScore).get('Final score')).toBe('finalScore');
    expect(suggestHeaderMapping(['Final score'], badge).get('Final score')).toBeNull();
  });

  it('renames a header by the mapping, ignores it with null, leaves the others', () => {
    const mapping = { 'First name': 'firstName', Notes: null };
    expect(mappedHeader(' First name ', mapping)).toBe('firstName');
    expect(mappedHeader('Notes', mapping)).toBe('');
    expect(mappedHeader('ID', mapping)).toBe('ID');
    expect(mappedHeader('toString', mapping)).toBe('toString');
    expect(mappedHeader('First name', undefined)).toBe('First name');
  });
});

describe('an import with headers that are not the template’s columns', () => {
  const renamed = [
    ['language', 'ID', 'Email', 'First name', 'Last name', 'Obtention date', 'Notes'],
    ['all', '1', 'ada@example.org', 'Ada', 'Lovelace', '2026-03-01', 'front row'],
    ['all', '2', 'bob@example.org', 'Bob', 'Smith', '2026-03-02', ''],
  ];

  it('is refused, naming each unknown header, its cell and the column it most likely meant', () => {
    const result = validateImport(renamed, definition);
    expect(result).toEqual({
      ok: false,
      errors: [
        {
          code: 'ERR_UNKNOWN_COLUMNS',
          details: [
            'D1: First name → firstName',
            'E1: Last name → lastName',
            'F1: Obtention date → obtentionDate',
            'G1: Notes',
          ],
          more: 0,
        },
        { code: 'ERR_MISSING_HEADERS', details: ['firstName', 'lastName'], more: 0 },
      ],
      unknownColumns: [
        { header: 'First name', cell: 'D1', suggestion: 'firstName' },
        { header: 'Last name', cell: 'E1', suggestion: 'lastName' },
        { header: 'Obtention date', cell: 'F1', suggestion: 'obtentionDate' },
        { header: 'Notes', cell: 'G1', suggestion: null },
      ],
    });
  });

  it('reads the names and the date once mapped, and drops an ignored column', () => {
    const result = validateImport(renamed, definition, {
      columnMapping: {
        'First name': 'firstName',
        'Last name': 'lastName',
        'Obtention date': 'obtentionDate',
        Notes: null,
      },
    });
    expect(result).toEqual({
      ok: true,
      rows: [
        {
          ID: '1',
          Language: 'all',
          Email: 'ada@example.org',
          firstName: 'Ada',
          lastName: 'Lovelace',
          obtentionDate: '2026-03-01',
        },
        {
          ID: '2',
          Language: 'all',
          Email: 'bob@example.org',
          firstName: 'Bob',
          lastName: 'Smith',
          obtentionDate: '2026-03-02',
        },
      ],
    });
  });

  it('stays refused while a header is left unmapped, or mapped to a column the template does not have', () => {
    const partly = validateImport(renamed, definition, {
      columnMapping: { 'First name': 'firstName', 'Last name': 'lastName', 'Obtention date': 'obtentionDate' },
    });
    expect(errorsOf(partly)).toEqual([{ code: 'ERR_UNKNOWN_COLUMNS', details: ['G1: Notes'], more: 0 }]);
    const wrong = validateImport(renamed, definition, {
      columnMapping: { 'First name': 'firstName', 'Last name': 'lastName', 'Obtention date': 'obtained', Notes: null },
    });
    expect(errorsOf(wrong)).toEqual([{ code: 'ERR_UNKNOWN_COLUMNS', details: ['F1: obtained'], more: 0 }]);
  });

  it('finds duplicate headers that the mapping makes', () => {
    const result = validateImport(
      [
        ['language', 'ID', 'Email', 'firstName', 'Prénom', 'lastName'],
        ['all', '1', 'a@example.org', 'Ada', 'Ada', 'L'],
      ],
      definition,
      { columnMapping: { Prénom: 'firstName' } },
    );
    expect(errorsOf(result)).toEqual([{ code: 'ERR_DUPLICATE_HEADERS', details: ['D1, E1: firstName'], more: 0 }]);
  });
});

describe('required recipient fields', () => {
  it('refuses an empty first or last name, naming its cell', () => {
    const result = validateImport(
      [
        ['language', 'ID', 'Email', 'firstName', 'lastName'],
        ['all', '1', 'a@example.org', 'Ada', 'Lovelace'],
        ['all', '2', 'b@example.org', '', 'Smith'],
        ['all', '3', 'c@example.org', 'Cy', '  '],
        ['all', '4', 'd@example.org', '', ''],
      ],
      definition,
    );
    expect(errorsOf(result)).toEqual([
      {
        code: 'ERR_MISSING_VALUES',
        details: ['D3 (firstName)', 'E4 (lastName)', 'D5 (firstName)', 'E5 (lastName)'],
        more: 0,
      },
    ]);
  });

  it('asks for neither the columns nor their cells when the template makes the names optional', () => {
    const optional = { ...definition, namesOptional: true };
    expect(requiredHeaders(optional)).not.toContain('firstName');
    expect(requiredHeaders(optional)).not.toContain('lastName');
    expect(requiredHeaders(definition)).toEqual(expect.arrayContaining(['firstName', 'lastName']));
    const without = validateImport(
      [
        ['language', 'ID', 'Email'],
        ['all', '1', 'a@example.org'],
      ],
      optional,
    );
    expect(without).toEqual({ ok: true, rows: [expect.objectContaining({ ID: '1', Email: 'a@example.org' })] });
    const someEmpty = validateImport(
      [
        ['language', 'ID', 'Email', 'firstName', 'lastName'],
        ['all', '1', 'a@example.org', 'Ada', 'Lovelace'],
        ['all', '2', 'b@example.org', '', ''],
      ],
      optional,
    );
    expect(someEmpty.ok).toBe(true);
    expect(
      errorsOf(
        validateImport(
          [
            ['language', 'ID', 'Email'],
            ['all', '1', 'a@example.org'],
          ],
          definition,
        ),
      ),
    ).toEqual([{ code: 'ERR_MISSING_HEADERS', details: ['firstName', 'lastName'], more: 0 }]);
  });

  it('refuses an unreadable date with its cell, never reading it as today', () => {
    const result = validateImport(
      [
        ['language', 'ID', 'Email', 'firstName', 'lastName', 'obtentionDate'],
        ['all', '1', 'a@example.org', 'Ada', 'Lovelace', '31/02/2026'],
        ['all', '2', 'b@example.org', 'Bob', 'Smith', 'last spring'],
        ['all', '3', 'c@example.org', 'Cy', 'Young', { t: 'n', v: 46082, z: 'dd/mm/yyyy' }],
      ],
      definition,
      { recipientData: true },
    );
    expect(errorsOf(result)).toEqual([
      { code: 'ERR_CPF_INCORRECT_DATA', details: ['F2: 31/02/2026', 'F3: last spring'], more: 0 },
    ]);
  });
});
