import * as XLSX from 'xlsx';
import { describe, expect, it } from 'vitest';
import type { ImportDefinition } from '../../../../domain/import';
import { importWorkbook } from '../../../workers/importWorkbook';
import { importSpreadsheet, type ImportState, type ImportSteps } from './importState';

const definition: ImportDefinition = {
  languages: ['en', 'fr'],
  defaultLanguage: 'en',
  technicalFields: ['ID'],
  fieldsToCertify: ['score'],
  fileFields: [],
  openbadge: true,
  maxRows: 10_000,
};

function workbookFile(rows: unknown[][], name = 'recipients.xlsx'): File {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'Recipients');
  return new File([XLSX.write(book, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer], name);
}

/** The worker's work, on this thread. */
const parseHere: ImportSteps['parse'] = async (file, rules, onValidating, columnMapping) =>
  importWorkbook(new Uint8Array(await file.arrayBuffer()), file.name, rules, onValidating, undefined, columnMapping);

async function run(file: File, parse = parseHere) {
  const states: ImportState['status'][] = [];
  const final = await importSpreadsheet(file, definition, { parse, onState: (state) => states.push(state.status) });
  return { final, states };
}

describe('importing a spreadsheet', () => {
  it('reads, validates and answers the rows', async () => {
    const { final, states } = await run(
      workbookFile([
        ['language', 'ID', 'Email', 'score', 'firstName', 'lastName'],
        ['all', 'A-1', 'ada@example.org', '18/20', 'Ada', 'Lovelace'],
        ['en', 'A-2', 'bob@example.org', '15/20', 'Bob', 'Smith'],
        ['FR', 'A-2', 'bob@example.org', '15/20', 'Bob', 'Smith'],
      ]),
    );
    expect(states).toEqual(['parsing', 'validating', 'ready']);
    expect(final).toMatchObject({
      status: 'ready',
      fileName: 'recipients.xlsx',
      rows: [
        { ID: 'A-1', Language: 'all', Email: 'ada@example.org', score: '18/20' },
        { ID: 'A-2', Language: 'en' },
        { ID: 'A-2', Language: 'fr' },
      ],
    });
  });

  it('refuses another file type before reading it', async () => {
    const parse = () => Promise.reject(new Error('must not be called'));
    const { final, states } = await run(new File(['a,b'], 'recipients.csv'), parse);
    expect(states).toEqual(['error']);
    expect(final).toEqual({
      status: 'error',
      fileName: 'recipients.csv',
      errors: [{ code: 'ERR_BAD_FILE_TYPE', details: ['recipients.csv'], more: 0 }],
    });
  });

  it('shows the validation errors with the cells at fault', async () => {
    const { final } = await run(
      workbookFile([
        ['language', 'ID', 'Email', 'score', 'firstName', 'lastName'],
        ['en', 'A-1', 'not-an-address', 'x', 'Ada', 'L'],
        ['fr', 'A-1', 'ada@example.org', 'x', 'Ada', 'L'],
      ]),
    );
    expect(final).toMatchObject({
      status: 'error',
      errors: [{ code: 'ERR_INVALID_EMAILS', details: ['C2: not-an-address'], more: 0 }],
    });
  });

  it('answers the unknown headers with their suggestions, then reads the same file with the mapping', async () => {
    const file = workbookFile([
      ['language', 'ID', 'Email', 'score', 'Prénom', 'Nom', 'Remarque'],
      ['all', 'A-1', 'ada@example.org', '18/20', 'Ada', 'Lovelace', 'x'],
    ]);
    const refused = await run(file);
    expect(refused.final).toMatchObject({
      status: 'error',
      unknownColumns: [
        { header: 'Prénom', cell: 'E1', suggestion: 'firstName' },
        { header: 'Nom', cell: 'F1', suggestion: 'lastName' },
        { header: 'Remarque', cell: 'G1', suggestion: null },
      ],
    });
    const columnMapping = { Prénom: 'firstName', Nom: 'lastName', Remarque: null };
    const mapped = await importSpreadsheet(
      file,
      definition,
      { parse: parseHere, onState: () => undefined },
      columnMapping,
    );
    expect(mapped).toEqual({
      status: 'ready',
      fileName: 'recipients.xlsx',
      columnMapping,
      rows: [
        {
          ID: 'A-1',
          Language: 'all',
          Email: 'ada@example.org',
          score: '18/20',
          firstName: 'Ada',
          lastName: 'Lovelace',
        },
      ],
    });
  });

  it('refuses a file over the row limit from its zip, before its cells are read', async () => {
    const states: ImportState['status'][] = [];
    const people = Array.from({ length: 12 }, (_, i) => ['en', `A-${i}`, `p${i}@example.org`, 'x']);
    const final = await importSpreadsheet(
      workbookFile([['language', 'ID', 'Email', 'score'], ...people]),
      { ...definition, maxRows: 5 },
      { parse: parseHere, onState: (state) => states.push(state.status) },
    );
    expect(states).toEqual(['parsing', 'error']);
    expect(final).toMatchObject({ status: 'error', errors: [{ code: 'ERR_TOO_MANY_ROWS', details: ['12 > 5'] }] });
  });

  it("turns the worker's failures into alerts: time limit, locked file, a crash", async () => {
    const file = workbookFile([['language']]);
    expect((await run(file, () => Promise.resolve({ ok: false, code: 'ERR_PARSE_TIMEOUT' }))).final).toEqual({
      status: 'error',
      fileName: 'recipients.xlsx',
      errors: [{ code: 'ERR_PARSE_TIMEOUT', details: ['recipients.xlsx'], more: 0 }],
    });
    expect((await run(file, () => Promise.resolve({ ok: false, code: 'ERR_LOCKED_FILE' }))).final).toMatchObject({
      errors: [{ code: 'ERR_LOCKED_FILE' }],
    });
    expect((await run(file, () => Promise.reject(new Error('worker died')))).final).toMatchObject({
      errors: [{ code: 'ERR_UNEXPECTED' }],
    });
  });
});
