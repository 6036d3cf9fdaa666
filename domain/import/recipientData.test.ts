import { describe, expect, it } from 'vitest';
import { asDateColumnCell, cellText, type Sheet } from './cells';
import {
  forbiddenCharacter,
  isDateColumn,
  isDateInRange,
  isIsoDate,
  recipientDataFaults,
  recipientDataLine,
  recipientDataMessages,
} from './recipientData';
import { validateImport, type ImportDefinition } from './sheet';

const definition: ImportDefinition = {
  languages: ['en'],
  defaultLanguage: 'en',
  technicalFields: ['ID'],
  fieldsToCertify: [],
  fileFields: [],
  openbadge: true,
  maxRows: 100,
};

describe('recipient data', () => {
  it('knows real dates and the date columns', () => {
    expect(isIsoDate('2026-02-28')).toBe(true);
    expect(isIsoDate('2026-02-30')).toBe(false);
    expect(isIsoDate('46203')).toBe(false);
    // the same answers as a Date round trip, every day of 1896–1904 and 2096–2104 and the edges of the years
    const byDate = (text: string) => {
      const [year, month, day] = text.split('-').map(Number);
      return new Date(Date.UTC(year, month - 1, day)).toISOString().slice(0, 10) === text;
    };
    const pad = (value: number, length: number) => String(value).padStart(length, '0');
    for (const year of [0, 4, 99, 100, 1600, 1896, 1899, 1900, 1904, 2000, 2024, 2096, 2100, 2104, 9999])
      for (let month = 0; month <= 13; month++)
        for (let day = 0; day <= 32; day++) {
          const text = `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`;
          expect(isIsoDate(text), text).toBe(byDate(text));
        }
    expect(isDateColumn(' OBTENTIONdate ')).toBe(true);
    expect(isDateColumn('dateNaissance')).toBe(true);
    expect(isDateColumn('score')).toBe(false);
  });

  it('finds wrong dates, an expiry before the obtention and links off the web; empty cells are fine', () => {
    expect(recipientDataFaults({ obtentionDate: '', ExpirationDate: '', linkURL: '' })).toEqual([]);
    expect(
      recipientDataFaults({ obtentionDate: '2026-01-10', ExpirationDate: '2027-01-10', linkURL: 'https://a.org/x' }),
    ).toEqual([]);
    expect(
      recipientDataFaults({ obtentionDate: '46203', ExpirationDate: 'soon', linkURL: 'javascript:alert(1)' }),
    ).toEqual([
      { field: 'obtentionDate', value: '46203', fault: 'not_a_date' },
      { field: 'ExpirationDate', value: 'soon', fault: 'not_a_date' },
      { field: 'linkURL', value: 'javascript:alert(1)', fault: 'not_a_link' },
    ]);
    expect(recipientDataFaults({ obtentionDate: '2026-01-10', ExpirationDate: '2025-12-31' })).toEqual([
      { field: 'ExpirationDate', value: '2025-12-31', fault: 'before_obtention', obtention: '2026-01-10' },
    ]); // without an obtention date, the certificate starts on the publication day: an expiry before it is refused
    expect(recipientDataFaults({ obtentionDate: '', ExpirationDate: '2025-01-31' }, '2026-11-29')).toEqual([
      { field: 'ExpirationDate', value: '2025-01-31', fault: 'before_obtention', obtention: '2026-11-29' },
    ]);
    expect(recipientDataFaults({ obtentionDate: '', ExpirationDate: '2026-11-29' }, '2026-11-29')).toEqual([]);
    expect(recipientDataFaults({ obtentionDate: '2024-01-31', ExpirationDate: '2025-01-31' }, '2026-11-29')).toEqual(
      [],
    );
  });

  it('writes detail lines by cell and the server map by row and field', () => {
    const letters: Record<string, string> = { obtentionDate: 'E', ExpirationDate: 'F' };
    const [fault] = recipientDataFaults({ obtentionDate: '2026-01-10', ExpirationDate: '2025-12-31' });
    expect(recipientDataLine(fault, 3, (field) => letters[field])).toBe('F3: 2025-12-31 < E3: 2026-01-10');
    expect(
      recipientDataMessages([{ obtentionDate: '2026-01-10' }, { obtentionDate: '2026-02-30', linkURL: 'www.a.org' }]),
    ).toEqual({
      'row 3 obtentionDate': 'not a date (YYYY-MM-DD)',
      'row 3 linkURL': 'not a web address (http or https)',
    });
    expect(recipientDataMessages([{ obtentionDate: '2026-01-10' }])).toBeNull();
  });

  it('is flagged on import as ERR_CPF_INCORRECT_DATA naming the cells, when asked', () => {
    const sheet = [
      ['language', 'ID', 'Email', 'obtentionDate', 'ExpirationDate', 'linkURL', 'firstName', 'lastName'],
      ['en', 'A', 'a@example.org', '2026-02-30', '', '', 'Ada', 'L'],
      ['en', 'B', 'b@example.org', '2026-03-01', '2026-02-01', 'ftp://files.example.org', 'Bob', 'M'],
      ['en', 'C', 'c@example.org', '2026-03-01', '2027-03-01', 'https://example.org', 'Cy', 'N'],
    ];
    expect(validateImport(sheet, definition, { recipientData: true })).toEqual({
      ok: false,
      errors: [
        {
          code: 'ERR_CPF_INCORRECT_DATA',
          details: ['D2: 2026-02-30', 'E3: 2026-02-01 < D3: 2026-03-01', 'F3: ftp://files.example.org'],
          more: 0,
        },
      ],
    });
    // the server validates the rows first and answers these as its own field map
    expect(validateImport(sheet, definition)).toMatchObject({ ok: true });
  });
});

describe('bounds and characters (issue 17)', () => {
  it('keeps dates within 1900-01-01 … 2100-12-31', () => {
    expect(isDateInRange('1900-01-01')).toBe(true);
    expect(isDateInRange('2100-12-31')).toBe(true);
    expect(isDateInRange('1899-12-31')).toBe(false);
    expect(isDateInRange('2101-01-01')).toBe(false);
    expect(isDateInRange('9999-12-31')).toBe(false);
  });

  it('names the first control, bidi-override or lone-surrogate character, and lets the rest through', () => {
    expect(forbiddenCharacter('Ada\u0000')).toBe('U+0000');
    expect(forbiddenCharacter('gpj.\u202Eexe')).toBe('U+202E');
    expect(forbiddenCharacter('\u2066x\u2069')).toBe('U+2066');
    expect(forbiddenCharacter('a\u007Fb')).toBe('U+007F');
    expect(forbiddenCharacter('a\u0085b')).toBe('U+0085');
    expect(forbiddenCharacter('a\u001Fb')).toBe('U+001F');
    expect(forbiddenCharacter('\uFFFE')).toBe('U+FFFE');
    expect(forbiddenCharacter('x\uD800')).toBe('U+D800');
    expect(forbiddenCharacter('\uDC00x')).toBe('U+DC00');
    // tabs and line breaks inside a cell, right-to-left text with its marks, accents, emoji: all fine
    expect(forbiddenCharacter('line one\nline two\r\n\tend')).toBeNull();
    expect(forbiddenCharacter('\u05E9\u05E8\u05D4 \u200F\u0645\u0631\u064A\u0645 \u061C')).toBeNull();
    expect(forbiddenCharacter('Zoë Ñúñez 🎓 李')).toBeNull();
  });

  it('refuses them on import with their own codes, naming the cell, for the web app and the server alike', () => {
    const sheet: Sheet = [
      ['language', 'ID', 'Email', 'firstName', 'obtentionDate', 'ExpirationDate', 'dateNaissance', 'lastName'],
      ['en', 'A', 'a@example.org', 'Ada\u0000', '9999-01-01', '', '', 'L'],
      ['en', 'B', 'b@example.org', '\u202Enivek', '2026-01-01', '2101-01-01', '1899-12-31', 'L'],
      ['en', 'C', 'c@example.org', 'Zoë', { t: 'n', v: 2_958_465, z: 'yyyy-mm-dd' }, '', '1950-05-05', 'L'],
      ['en', 'D', 'd@example.org', 'Dan', '2026-01-01', '2100-12-31', '', 'L'],
    ];
    const expected = {
      ok: false,
      errors: [
        { code: 'ERR_FORBIDDEN_CHARACTERS', details: ['D2: U+0000', 'D3: U+202E'], more: 0 },
        {
          code: 'ERR_DATE_OUT_OF_RANGE',
          details: ['E2: 9999-01-01', 'F3: 2101-01-01', 'G3: 1899-12-31', 'E4: 9999-12-31'],
          more: 0,
        },
      ],
    };
    // dateNaissance is a register column: the template is a registry one
    const registry = { ...definition, register: true };
    expect(validateImport(sheet, registry)).toEqual(expected);
    expect(validateImport(sheet, registry, { recipientData: true })).toEqual(expected);
  });

  it('refuses a header holding them', () => {
    expect(
      validateImport(
        [
          ['language', 'ID', 'Email', 'firstName', 'lastName', 'na\u202Eme'],
          ['en', 'A', 'a@example.org', 'Ada', 'L', 'x'],
        ],
        definition,
      ),
    ).toEqual({
      ok: false,
      errors: [{ code: 'ERR_FORBIDDEN_CHARACTERS', details: ['F1: U+202E'], more: 0 }],
    });
  });
});

describe('numeric dates', () => {
  it('reads a plain number of a date column as the date serial it is', () => {
    expect(cellText(asDateColumnCell({ t: 'n', v: 46203 }))).toBe('2026-06-30');
    expect(cellText(asDateColumnCell({ t: 'n', v: 46203, w: '46203', z: 'General' }))).toBe('2026-06-30');
    expect(cellText(asDateColumnCell({ t: 'n', v: 46203.75 }), true)).toBe('2030-07-01');
    expect(cellText(asDateColumnCell(46203))).toBe('2026-06-30');
  });

  it('leaves texts, dates, percentages and formatted numbers as they read', () => {
    expect(cellText(asDateColumnCell({ t: 's', v: '46203' }))).toBe('46203');
    expect(cellText(asDateColumnCell({ t: 'n', v: 46203, z: 'dd/mm/yyyy' }))).toBe('2026-06-30');
    expect(cellText(asDateColumnCell({ t: 'n', v: 0.5, z: '0%' }))).toBe('50%');
    expect(cellText(asDateColumnCell({ t: 'n', v: 12.5, z: '0.00', w: '12.50' }))).toBe('12.50');
    expect(asDateColumnCell(null)).toBeNull();
  });
});
