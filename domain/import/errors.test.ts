import { describe, expect, it } from 'vitest';
import { DETAIL_LINES, IMPORT_ERROR_CODES, importError, ImportErrorCollector, isImportErrorCode } from './errors';

describe('import error catalogue', () => {
  it('holds the twenty codes of spec 001 section 8, our two of issue 17, one of issue 20 and four of issue 28, once each', () => {
    expect(IMPORT_ERROR_CODES).toHaveLength(27);
    expect(new Set(IMPORT_ERROR_CODES).size).toBe(27);
    for (const code of [
      'ERR_MISSING_HEADERS',
      'ERR_FILE_TYPE',
      'ERR_INVALID_EMAILS',
      'ERR_CPF_INCORRECT_DATA',
      'ERR_PUBLICATION_ERROR',
      'ERR_BOOLEAN',
      'ERR_LOCKED_FILE',
      'ERR_UNEXPECTED',
      'ERR_EMPTY_FILE',
      'ERR_DUPLICATE_HEADERS',
      'ERR_INVALID_LANGUAGE',
      'ERR_FORMULA_ERROR',
      'ERR_NO_TECH_DATA',
      'ERR_ALL_MISUSED',
      'ERR_MISSING_LANGUAGE',
      'ERR_TOO_MANY_ROWS',
      'ERR_MISSING_EMAILS',
      'ERR_MISSING_FILES',
      'ERR_BAD_FILE_TYPE',
      'ERR_INVALID_ZIP',
      'ERR_FORBIDDEN_CHARACTERS',
      'ERR_DATE_OUT_OF_RANGE',
      'ERR_NFT_FUNDS',
      'ERR_ZERO_BYTE_FILE',
      'ERR_UNKNOWN_COLUMNS',
      'ERR_MISSING_VALUES',
      'ERR_DUPLICATE_RECIPIENT',
    ])
      expect(isImportErrorCode(code)).toBe(true);
    expect(isImportErrorCode('ERR_NOPE')).toBe(false);
    expect(isImportErrorCode(undefined)).toBe(false);
  });

  it('shows 10 detail lines and counts the others', () => {
    expect(DETAIL_LINES).toBe(10);
    const lines = Array.from({ length: 13 }, (_, i) => `A${i + 2}`);
    expect(importError('ERR_UNEXPECTED', lines)).toEqual({
      code: 'ERR_UNEXPECTED',
      details: lines.slice(0, 10),
      more: 3,
    });
    expect(importError('ERR_LOCKED_FILE')).toEqual({ code: 'ERR_LOCKED_FILE', details: [], more: 0 });
  });
});

describe('error collector', () => {
  it('keeps one entry per code, in catalogue order, capped at 10 lines', () => {
    const errors = new ImportErrorCollector();
    expect(errors.isEmpty).toBe(true);
    for (let row = 2; row < 14; row++) errors.add('ERR_INVALID_EMAILS', `C${row}: x`);
    errors.add('ERR_BOOLEAN', 'D2: TRUE');
    errors.add('ERR_EMPTY_FILE');
    expect(errors.isEmpty).toBe(false);
    const list = errors.list();
    expect(list.map((error) => error.code)).toEqual(['ERR_EMPTY_FILE', 'ERR_BOOLEAN', 'ERR_INVALID_EMAILS']);
    expect(list[2].details).toHaveLength(10);
    expect(list[2].more).toBe(2);
    expect(list[0]).toEqual({ code: 'ERR_EMPTY_FILE', details: [], more: 0 });
  });
});
