import { describe, expect, it } from 'vitest';
import {
  checkCorrection,
  correctableFields,
  CORRECTION_VALUE_MAX_LENGTH,
  isSmallNameChange,
  letterDistance,
  onlyNamesChange,
} from './correctionRequests';

const template = {
  technicalFields: ['ID'],
  fieldsToCertified: ['Email', 'firstName', 'lastName', 'obtentionDate', 'speciality', 'diploma', 'linkURL'],
  fileFields: ['diploma'],
};

describe('correctableFields', () => {
  it('offers the names and the template text columns, never the address, key, dates, links or files', () => {
    expect(correctableFields(template)).toEqual(['firstName', 'lastName', 'speciality']);
  });
  it('always offers the names, even when the template does not list them', () => {
    expect(correctableFields({ technicalFields: [], fieldsToCertified: [], fileFields: [] })).toEqual([
      'firstName',
      'lastName',
    ]);
  });
  it('drops a technical field whatever its case', () => {
    expect(
      correctableFields({ technicalFields: ['matricule'], fieldsToCertified: ['Matricule'], fileFields: [] }),
    ).toEqual(['firstName', 'lastName']);
  });
});

describe('checkCorrection', () => {
  const current = { firstName: 'Jhon', lastName: 'Smith', speciality: 'Welding' };
  it('keeps only the fields that change, cleaned', () => {
    const result = checkCorrection(template, current, { firstName: ' John ', lastName: 'Smith' }, '  typo ');
    expect(result).toEqual({ ok: true, changes: { firstName: { from: 'Jhon', to: 'John' } }, message: 'typo' });
  });
  it('refuses a request that changes nothing', () => {
    expect(checkCorrection(template, current, { firstName: 'Jhon' }, '')).toEqual({
      ok: false,
      error: 'nothing_changed',
    });
  });
  it('refuses a field that may not be corrected', () => {
    expect(checkCorrection(template, current, { Email: 'x@example.org' }, '')).toMatchObject({
      error: 'field_not_allowed',
      field: 'Email',
    });
    expect(checkCorrection(template, current, { obtentionDate: '2020-01-01' }, '')).toMatchObject({
      error: 'field_not_allowed',
    });
  });
  it('refuses a name emptied and a value too long', () => {
    expect(checkCorrection(template, current, { lastName: '  ' }, '')).toMatchObject({ error: 'value_empty' });
    expect(
      checkCorrection(template, current, { speciality: 'x'.repeat(CORRECTION_VALUE_MAX_LENGTH + 1) }, ''),
    ).toMatchObject({ error: 'value_too_long', field: 'speciality' });
  });
  it('allows emptying another field', () => {
    expect(checkCorrection(template, current, { speciality: '' }, '')).toMatchObject({ ok: true });
  });
  it('refuses a message too long', () => {
    expect(checkCorrection(template, current, { firstName: 'John' }, 'x'.repeat(1001))).toMatchObject({
      error: 'message_too_long',
    });
  });
});

describe('letterDistance', () => {
  it('counts letters, with a swap of neighbours as one', () => {
    expect(letterDistance('Jhon', 'John')).toBe(1);
    expect(letterDistance('Smith', 'Smyth')).toBe(1);
    expect(letterDistance('Ann', 'Anne')).toBe(1);
    expect(letterDistance('', 'abc')).toBe(3);
    expect(letterDistance('Zoë', 'Zoe')).toBe(1);
  });
});

describe('isSmallNameChange', () => {
  const before = { firstName: 'Jhon', lastName: 'Smith' };
  it('accepts one or two letters in total', () => {
    expect(isSmallNameChange(before, { firstName: 'John', lastName: 'Smith' })).toBe(true);
    expect(isSmallNameChange(before, { firstName: 'John', lastName: 'Smyth' })).toBe(true);
  });
  it('refuses three letters, or no change', () => {
    expect(isSmallNameChange(before, { firstName: 'John', lastName: 'Smythe' })).toBe(false);
    expect(isSmallNameChange(before, before)).toBe(false);
  });
  it('counts case and accents as letters', () => {
    expect(
      isSmallNameChange({ firstName: 'helene', lastName: 'Dupont' }, { firstName: 'Hélène', lastName: 'Dupont' }),
    ).toBe(false);
    expect(
      isSmallNameChange({ firstName: 'Helene', lastName: 'Dupont' }, { firstName: 'Hélène', lastName: 'Dupont' }),
    ).toBe(true);
    expect(isSmallNameChange({ firstName: 'Ana', lastName: 'dupont' }, { firstName: 'Ana', lastName: 'Dupont' })).toBe(
      true,
    );
  });
  it('treats the same letter typed two ways (NFC/NFD) as the same', () => {
    expect(isSmallNameChange({ firstName: 'Zoe\u0301', lastName: 'X' }, { firstName: 'Zoé', lastName: 'Y' })).toBe(
      true,
    );
  });
  it('refuses swapped or emptied names', () => {
    expect(isSmallNameChange({ firstName: 'Li', lastName: 'Wu' }, { firstName: 'Wu', lastName: 'Li' })).toBe(false);
    expect(isSmallNameChange({ firstName: 'A', lastName: 'Wu' }, { firstName: '', lastName: 'Wu' })).toBe(false);
  });
});

describe('onlyNamesChange', () => {
  it('is true for names only', () => {
    expect(onlyNamesChange({ firstName: { from: 'a', to: 'b' } })).toBe(true);
    expect(onlyNamesChange({ firstName: { from: 'a', to: 'b' }, speciality: { from: 'x', to: 'y' } })).toBe(false);
    expect(onlyNamesChange({})).toBe(false);
  });
});
