import { describe, expect, it } from 'vitest';
import { cellFault, cellRef, cellText, columnName, isBlankCell, localIsoDate, serialToIsoDate } from './cells';

describe('cell references', () => {
  it('names columns with letters and cells in A1 notation', () => {
    expect([0, 1, 25, 26, 27, 51, 52, 701, 702].map(columnName)).toEqual([
      'A',
      'B',
      'Z',
      'AA',
      'AB',
      'AZ',
      'BA',
      'ZZ',
      'AAA',
    ]);
    expect(cellRef(2, 3)).toBe('C4');
  });
});

describe('date serials', () => {
  it('reads the 1900 date system, including its invented 29 February', () => {
    expect(serialToIsoDate(45658)).toBe('2025-01-01');
    expect(serialToIsoDate(45658.75)).toBe('2025-01-01');
    expect(serialToIsoDate(45658.99999999999)).toBe('2025-01-02');
    expect(serialToIsoDate(1)).toBe('1900-01-01');
    expect(serialToIsoDate(59)).toBe('1900-02-28');
    expect(serialToIsoDate(61)).toBe('1900-03-01');
    expect(serialToIsoDate(2958465)).toBe('9999-12-31');
  });

  it('reads the 1904 date system', () => {
    expect(serialToIsoDate(0, true)).toBe('1904-01-01');
    expect(serialToIsoDate(44196, true)).toBe('2025-01-01');
  });

  it('refuses numbers that are no date', () => {
    for (const serial of [-1, 2958466, Number.NaN, Number.POSITIVE_INFINITY])
      expect(serialToIsoDate(serial)).toBeNull();
  });

  it('writes local dates as YYYY-MM-DD', () => {
    expect(localIsoDate(new Date(2025, 0, 5, 23, 59))).toBe('2025-01-05');
  });
});

describe('cell text', () => {
  it('trims strings and reads empty cells as empty', () => {
    expect(cellText('  Ada ')).toBe('Ada');
    expect(cellText({ t: 's', v: ' Ada ', w: ' Ada ' })).toBe('Ada');
    for (const cell of [null, undefined, '', '   ', { t: 'z' } as const, { t: 's', v: '' } as const])
      expect(isBlankCell(cell)).toBe(true);
    expect(isBlankCell({ t: 'n', v: 0 })).toBe(false);
  });

  it('reads general numbers as stored, without float noise or exponent display', () => {
    expect(cellText(42)).toBe('42');
    expect(cellText({ t: 'n', v: 0.1 + 0.2, w: '0.3' })).toBe('0.3');
    expect(cellText({ t: 'n', v: 123456789012, w: '1.23457E+11', z: 'General' })).toBe('123456789012');
    expect(cellText({ t: 'n', v: 15.5 })).toBe('15.5');
  });

  it('converts percent cells to text like 85%', () => {
    expect(cellText({ t: 'n', v: 0.85, w: '85%', z: '0%' })).toBe('85%');
    expect(cellText({ t: 'n', v: 0.855, z: '0.0%' })).toBe('85.5%');
    expect(cellText({ t: 'n', v: 0.855, z: '0%' })).toBe('86%');
    expect(cellText({ t: 'n', v: 0.07, z: '0.00%' })).toBe('7.00%');
    expect(cellText({ t: 'n', v: -0.5, z: '0%;[Red]-0%' })).toBe('-50%');
    expect(cellText({ t: 'n', v: 0.85, z: 9 })).toBe('85%');
    // Without cellNF the format is lost; the formatted text still says it is a percent.
    expect(cellText({ t: 'n', v: 0.85, w: '85%' })).toBe('85%');
  });

  it('does not take a quoted or escaped % sign for a percent format', () => {
    expect(cellText({ t: 'n', v: 85, w: '85 %', z: '0" %"' })).toBe('85 %');
    expect(cellText({ t: 'n', v: 85, w: '85%', z: '0\\%' })).toBe('85%');
  });

  it('converts numeric dates to YYYY-MM-DD, whatever their display format', () => {
    for (const z of ['dd/mm/yyyy', 'm/d/yy', 'yyyy-mm-dd hh:mm', '[$-409]mmmm d, yyyy;@', 'mmm-yy', 'd-mmm', 14, 22])
      expect(cellText({ t: 'n', v: 45658, z })).toBe('2025-01-01');
    expect(cellText({ t: 'n', v: 45658, z: 'dd/mm/yyyy' }, true)).toBe('2029-01-02');
    expect(cellText({ t: 'n', v: -3, w: '-3', z: 'dd/mm/yyyy' })).toBe('-3');
  });

  it('keeps other formatted numbers as shown: times, padded codes, currencies', () => {
    expect(cellText({ t: 'n', v: 0.5, w: '12:00', z: 'hh:mm' })).toBe('12:00');
    expect(cellText({ t: 'n', v: 0.5, w: '12:00:00', z: '[h]:mm:ss' })).toBe('12:00:00');
    expect(cellText({ t: 'n', v: 0.0208, w: '30:00', z: 'mm:ss' })).toBe('30:00');
    expect(cellText({ t: 'n', v: 123, w: '000123', z: '000000' })).toBe('000123');
    expect(cellText({ t: 'n', v: 1234.5, w: '1,234.50 €', z: '#,##0.00 "€"' })).toBe('1,234.50 €');
    expect(cellText({ t: 'n', v: 7, z: 3 })).toBe('7');
  });

  it('reads date cells as YYYY-MM-DD', () => {
    expect(cellText({ t: 'd', v: new Date(2025, 5, 30) })).toBe('2025-06-30');
    expect(cellText({ t: 'd', v: '2025-06-30T00:00:00.000Z' })).toBe('2025-06-30');
    expect(cellText({ t: 'd', w: '30/06/2025' })).toBe('30/06/2025');
  });

  it('shows booleans and formula errors as the spreadsheet does', () => {
    expect(cellText(true)).toBe('TRUE');
    expect(cellText({ t: 'b', v: false, w: 'FALSE' })).toBe('FALSE');
    expect(cellText({ t: 'e', v: 0x2a, w: '#N/A' })).toBe('#N/A');
    expect(cellText({ t: 'e', v: 0x07 })).toBe('#DIV/0!');
    expect(cellText({ t: 'e', v: 0x17 })).toBe('#REF!');
    expect(cellText({ t: 'e' })).toBe('#N/A');
  });
});

describe('cell faults', () => {
  it('rejects boolean cells', () => {
    expect(cellFault(true, 'TRUE')).toBe('ERR_BOOLEAN');
    expect(cellFault({ t: 'b', v: false }, 'FALSE')).toBe('ERR_BOOLEAN');
    expect(cellFault('TRUE', 'TRUE')).toBeNull();
  });

  it('rejects formula errors, typed or left as text, whatever their case', () => {
    expect(cellFault({ t: 'e', v: 0x0f }, '#VALUE!')).toBe('ERR_FORMULA_ERROR');
    for (const text of ['#N/A', '#DIV/0!', '#REF!', '#VALUE!', '#NAME?', '#NUM!', '#NULL!', '#n/a'])
      expect(cellFault(text, text)).toBe('ERR_FORMULA_ERROR');
    for (const text of ['#1', '# N/A', 'N/A', '#hashtag']) expect(cellFault(text, text)).toBeNull();
  });
});
