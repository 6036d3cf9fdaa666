import { describe, expect, it } from 'vitest';
import type { ReportRow } from '../../../domain/reports';
import {
  canSearch,
  nextSearchSort,
  restoreSearch,
  saveSearch,
  SEARCH_STORAGE_KEY,
  sortResults,
  uniqueByKey,
} from './searchState';

const result = (key: string, change: Partial<ReportRow> = {}) =>
  ({
    key,
    TemplateID: 1,
    PublicationDate: '2026-11-20T10:00:00.000Z',
    StatusID: 1,
    email: 'ada@example.org',
    ...change,
  }) as ReportRow;

describe('certificate search', () => {
  it('cycles a sort ascending, descending, none', () => {
    const asc = nextSearchSort(null, 'email');
    expect(asc).toEqual({ field: 'email', direction: 'asc' });
    const desc = nextSearchSort(asc, 'email');
    expect(desc).toEqual({ field: 'email', direction: 'desc' });
    expect(nextSearchSort(desc, 'email')).toBeNull();
    expect(nextSearchSort(desc, 'StatusID')).toEqual({ field: 'StatusID', direction: 'asc' });
  });

  it('sorts by template label, date, status and email; none keeps the server order', () => {
    const rows = [
      result('a', { TemplateID: 2, StatusID: 9, email: 'b@x.org', PublicationDate: '2026-01-02' }),
      result('b', { TemplateID: 1, StatusID: 1, email: 'C@x.org', PublicationDate: '2026-01-03' }),
      result('c', { TemplateID: 3, StatusID: 3, email: 'a@x.org', PublicationDate: '2026-01-01' }),
    ];
    const labels: Record<number, string> = { 1: 'Zoology', 2: 'algebra', 3: 'Botany' };
    const keys = (field: 'template' | 'PublicationDate' | 'StatusID' | 'email', direction: 'asc' | 'desc') =>
      sortResults(rows, { field, direction }, (id) => labels[id]).map((row) => row.key);
    expect(keys('template', 'asc')).toEqual(['a', 'c', 'b']);
    expect(keys('PublicationDate', 'desc')).toEqual(['b', 'a', 'c']);
    expect(keys('StatusID', 'asc')).toEqual(['b', 'c', 'a']);
    expect(keys('email', 'asc')).toEqual(['c', 'a', 'b']);
    expect(sortResults(rows, null, () => '').map((row) => row.key)).toEqual(['a', 'b', 'c']);
  });

  it('keeps one result per key', () => {
    expect(uniqueByKey([result('a'), result('b'), result('a', { StatusID: 9 })]).map((row) => row.key)).toEqual([
      'a',
      'b',
    ]);
  });

  it('keeps the last search for the session and ignores a broken one', () => {
    saveSearch(sessionStorage, { mode: 'key', text: 'abc', results: [result('a')] });
    expect(restoreSearch(sessionStorage)).toEqual({ mode: 'key', text: 'abc', results: [result('a')] });
    sessionStorage.setItem(SEARCH_STORAGE_KEY, '{"mode":"phone","text":"1"}');
    expect(restoreSearch(sessionStorage)).toBeNull();
    sessionStorage.setItem(SEARCH_STORAGE_KEY, 'not json');
    expect(restoreSearch(sessionStorage)).toBeNull();
    sessionStorage.clear();
  });

  it('disables the button with empty text, while searching and during the cooldown', () => {
    expect(canSearch({ text: 'a@b.org', searching: false, coolingDown: false })).toBe(true);
    expect(canSearch({ text: '  ', searching: false, coolingDown: false })).toBe(false);
    expect(canSearch({ text: 'a@b.org', searching: true, coolingDown: false })).toBe(false);
    expect(canSearch({ text: 'a@b.org', searching: false, coolingDown: true })).toBe(false);
  });
});
