import { describe, expect, it } from 'vitest';
import { BLANK_IMPORT_COLUMNS, blankImportColumns, REGISTER_IMPORT_COLUMNS, todayIso } from './blankFile';

describe('blank import file', () => {
  it('has the standard columns of spec 000 section 9, then the template fields not already listed', () => {
    const columns = blankImportColumns(['firstName', 'grade', 'EMAIL', ' speciality ', 'Grade', ''], '2025-03-04');
    expect(columns.map((column) => column.header)).toEqual([...BLANK_IMPORT_COLUMNS, 'grade', 'speciality']);
    // the spec's list and order, stated once for every test that reads BLANK_IMPORT_COLUMNS
    expect(BLANK_IMPORT_COLUMNS.join(',')).toBe(
      'language,ID,Email,firstName,lastName,obtentionDate,ExpirationDate,assessment,linkLabel,linkURL',
    );
  });

  it('sets obtentionDate to today and leaves the others empty', () => {
    const columns = blankImportColumns([], '2025-03-04');
    expect(columns.find((column) => column.header === 'obtentionDate')?.defaultValue).toBe('2025-03-04');
    expect(columns.filter((column) => column.defaultValue === '')).toHaveLength(9);
    const before = todayIso();
    const obtentionDate = blankImportColumns([])[5].defaultValue;
    expect([before, todayIso()]).toContain(obtentionDate);
  });

  it("adds the register's columns for a registry template, before its own fields and without duplicates", () => {
    const headers = blankImportColumns(['Sexe', 'grade'], '2025-03-04', { register: true }).map((c) => c.header);
    expect(headers.slice(10)).toEqual([...REGISTER_IMPORT_COLUMNS, 'grade']);
    expect(headers).toContain('dateNaissance');
    expect(blankImportColumns(['grade'], '2025-03-04').map((c) => c.header)).not.toContain('sexe');
  });

  it('writes today as YYYY-MM-DD in the local time zone', () => {
    expect(todayIso(new Date(2025, 11, 31, 23, 30))).toBe('2025-12-31');
    expect(todayIso()).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});
