import { describe, expect, it } from 'vitest';
import type { ImportRow } from '../../../../domain/import';
import { filterLanguages, filterRows, pageOf, rowColumns, showsExpiry, visibleWindow } from './rowsView';

const row = (ID: string, Language: string, Email: string, extra: Record<string, string> = {}): ImportRow => ({
  ID,
  Language,
  Email,
  ...extra,
});
const rows = [
  row('1', 'en', 'ada@example.org', { firstName: 'Ada' }),
  row('1', 'fr', 'ada@example.org', { firstName: 'Ada' }),
  row('2', 'all', 'bob@example.org', { firstName: 'Bob', score: 'A+' }),
];

describe('the rows table', () => {
  it('filters by language and by text in any column, whatever its case', () => {
    expect(filterRows(rows, { language: 'fr', search: '' }).map((r) => r.index)).toEqual([1]);
    expect(filterRows(rows, { language: '', search: 'BOB' }).map((r) => r.index)).toEqual([2]);
    expect(filterRows(rows, { language: 'en', search: 'bob' })).toEqual([]);
    expect(filterRows(rows, { language: '', search: '  ' })).toHaveLength(3);
  });

  it('pages by 25, 50, 75, 100 or All', () => {
    const many = Array.from({ length: 130 }, (_, i) => i);
    expect(pageOf(many, 25, 0)).toHaveLength(25);
    expect(pageOf(many, 100, 1)).toEqual(many.slice(100));
    expect(pageOf(many, 'All', 3)).toHaveLength(130);
  });

  it('shows every column once, and the languages the rows use', () => {
    expect(rowColumns(rows)).toEqual(['ID', 'Language', 'Email', 'firstName', 'score']);
    expect(filterLanguages(rows, ['en', 'fr', 'es'])).toEqual(['en', 'fr', 'all']);
  });
});

describe('the rows of a long "All" view', () => {
  it('renders the rows in view and a few around them', () => {
    expect(visibleWindow(10_000, 0, 660, 33, 15)).toEqual({ start: 0, end: 35 });
    expect(visibleWindow(10_000, 33_000, 660, 33, 15)).toEqual({ start: 985, end: 1035 });
    expect(visibleWindow(10_000, 400_000, 660, 33, 15)).toEqual({ start: 9985, end: 10_000 });
    expect(visibleWindow(0, 0, 660, 33)).toEqual({ start: 0, end: 0 });
  });
});

describe('the expiry column', () => {
  const row = (values: Record<string, string>): ImportRow => ({ Language: 'all', Email: 'a@example.org', ...values });
  it('shows when the template gives a validity or a row its own ExpirationDate, not otherwise', () => {
    expect(showsExpiry([row({})], { amount: 1, unit: 'years' })).toBe(true);
    expect(showsExpiry([row({}), row({ ExpirationDate: '2030-01-01' })], null)).toBe(true);
    expect(showsExpiry([row({ ExpirationDate: ' ' })], null)).toBe(false);
    expect(showsExpiry([], null)).toBe(false);
  });
});
