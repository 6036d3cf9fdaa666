import { describe, expect, it } from 'vitest';
import { asDateColumnCell, cellText } from './cells';
import {
  isDateColumn,
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
    ]);
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
      ['language', 'ID', 'Email', 'obtentionDate', 'ExpirationDate', 'linkURL'],
      ['en', 'A', 'a@example.org', '2026-02-30', '', ''],
      ['en', 'B', 'b@example.org', '2026-03-01', '2026-02-01', 'ftp://files.example.org'],
      ['en', 'C', 'c@example.org', '2026-03-01', '2027-03-01', 'https://example.org'],
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
