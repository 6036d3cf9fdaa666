import { describe, expect, it } from 'vitest';
import { dateFormatOf, formatLocalDate, localDatePlaceholder, parseLocalDate } from './localDate';

describe('dates in the interface language', () => {
  it("writes a date in the language's order, whatever the browser's", () => {
    expect(formatLocalDate('2026-11-05', 'fr')).toBe('05/11/2026');
    expect(formatLocalDate('2026-11-05', 'es')).toBe('05/11/2026');
    expect(formatLocalDate('2026-11-05', 'en')).toBe('05/11/2026');
    expect(formatLocalDate('2026-11-05', 'en-US')).toBe('11/05/2026');
    expect(formatLocalDate('2026-11-05', 'de')).toBe('05.11.2026');
    expect(formatLocalDate('', 'fr')).toBe('');
    expect(dateFormatOf('ja').order).toEqual(['year', 'month', 'day']);
  });

  it('reads a typed date back, with any usual separator', () => {
    expect(parseLocalDate('05/11/2026', 'fr')).toBe('2026-11-05');
    expect(parseLocalDate('5.11.2026', 'es')).toBe('2026-11-05');
    expect(parseLocalDate(' 5-1-2026 ', 'en')).toBe('2026-01-05');
    expect(parseLocalDate('11/05/2026', 'en-US')).toBe('2026-11-05');
    expect(parseLocalDate('2026/11/05', 'ja')).toBe('2026-11-05');
    expect(parseLocalDate('', 'fr')).toBe('');
    expect(parseLocalDate('   ', 'fr')).toBe('');
  });

  it('reads eight digits in the language order and an ISO date in any language', () => {
    expect(parseLocalDate('05112026', 'fr')).toBe('2026-11-05');
    expect(parseLocalDate('11052026', 'en-US')).toBe('2026-11-05');
    expect(parseLocalDate('20261105', 'ja')).toBe('2026-11-05');
    expect(parseLocalDate('2026-11-05', 'fr')).toBe('2026-11-05');
    expect(parseLocalDate('2026-11-05', 'en')).toBe('2026-11-05');
    expect(parseLocalDate('0511202', 'fr')).toBeNull();
    expect(parseLocalDate('31022026', 'fr')).toBeNull();
    expect(parseLocalDate('2026-02-31', 'fr')).toBeNull();
  });

  it('refuses what is not a whole, existing date', () => {
    for (const text of [
      '31/02/2026',
      '29/02/2025',
      '05/13/2026',
      '05/11/26',
      '05/11',
      'demain',
      '5/11/2026/1',
      '0/11/2026',
    ])
      expect(parseLocalDate(text, 'fr'), text).toBeNull();
    expect(parseLocalDate('29/02/2028', 'fr')).toBe('2028-02-29');
  });

  it("shows the format with the language's letters", () => {
    expect(localDatePlaceholder('fr', { day: 'j', month: 'm', year: 'a' })).toBe('jj/mm/aaaa');
    expect(localDatePlaceholder('en', { day: 'd', month: 'm', year: 'y' })).toBe('dd/mm/yyyy');
  });
});
