import { describe, expect, it } from 'vitest';
import {
  DEFAULT_TECHNICAL_FIELDS,
  formatTechnicalFields,
  parseTechnicalFields,
  validateTechnicalFields,
} from './technicalFields';

describe('technical fields', () => {
  it('name the recipient by the blank file’s ID column by default', () => {
    expect(DEFAULT_TECHNICAL_FIELDS).toEqual(['ID']);
    expect(validateTechnicalFields(DEFAULT_TECHNICAL_FIELDS)).toBeNull();
  });

  it('read the editors’ text as a list and write it back as a semicolon list', () => {
    expect(parseTechnicalFields(' ID ; Email,, studentNumber ;')).toEqual(['ID', 'Email', 'studentNumber']);
    expect(parseTechnicalFields('  ')).toEqual([]);
    expect(formatTechnicalFields(['ID', 'Email'])).toBe('ID;Email');
  });

  it('need one to five column names, none twice whatever its case', () => {
    expect(validateTechnicalFields([])).toBe('required');
    expect(validateTechnicalFields(['a', 'b', 'c', 'd', 'e'])).toBeNull();
    expect(validateTechnicalFields(['a', 'b', 'c', 'd', 'e', 'f'])).toBe('too_many');
    expect(validateTechnicalFields(['ID', 'id'])).toBe('duplicate');
    expect(validateTechnicalFields(['x'.repeat(51)])).toBe('too_long');
  });

  it('refuse the language column, separators and control characters', () => {
    expect(validateTechnicalFields(['Language'])).toBe('invalid');
    expect(validateTechnicalFields(['a;b'])).toBe('invalid');
    expect(validateTechnicalFields(['a\tb'])).toBe('invalid');
    expect(validateTechnicalFields(['__proto__'])).toBe('invalid');
    expect(validateTechnicalFields([' '])).toBe('invalid');
  });
});
