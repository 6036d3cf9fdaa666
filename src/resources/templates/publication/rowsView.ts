import { PUBLICATION_LINE_OPTIONS } from '../../../../domain/publication';
import type { ValidityPeriod } from '../../../../domain/expiry';
import type { ImportRow } from '../../../../domain/import';

export type LineOption = (typeof PUBLICATION_LINE_OPTIONS)[number];

export const DEFAULT_LINES = 25 satisfies LineOption;

/** '' stands for every language. */
export interface RowsFilter {
  language: string;
  search: string;
}

/** A row of the table with its place among all the imported rows (what the preview and warnings name). */
export interface IndexedRow {
  index: number;
  row: ImportRow;
}

/** The rows of one language (or all), whose values contain the search text, whatever its case. */
export function filterRows(rows: readonly ImportRow[], { language, search }: RowsFilter): IndexedRow[] {
  const needle = search.trim().toLowerCase();
  const shown: IndexedRow[] = [];
  rows.forEach((row, index) => {
    if (language !== '' && row.Language !== language) return;
    if (needle !== '' && !Object.values(row).some((value) => value.toLowerCase().includes(needle))) return;
    shown.push({ index, row });
  });
  return shown;
}

/** The rows of one page (0-based) with `lines` rows a page; All shows every row. */
export function pageOf<T>(rows: readonly T[], lines: LineOption, page: number): T[] {
  if (lines === 'All') return [...rows];
  return rows.slice(page * lines, (page + 1) * lines);
}

/** The table's columns: every key of the rows, in the order they first appear. */
export function rowColumns(rows: readonly ImportRow[]): string[] {
  const columns = new Set<string>();
  for (const row of rows) for (const key of Object.keys(row)) columns.add(key);
  return [...columns];
}

/** The languages the rows give, for the filter: the template's own, then 'all' when a row uses it. */
export function filterLanguages(rows: readonly ImportRow[], templateLanguages: readonly string[]): string[] {
  const used = new Set(rows.map((row) => row.Language));
  return [...templateLanguages.filter((language) => used.has(language)), ...(used.has('all') ? ['all'] : [])];
}

/** Beyond this many rows, "All" renders only the rows in view (10,000 table rows froze the page for 20 s). */
export const WINDOWED_FROM = 200;

/** Rows rendered above and below the visible ones, so that scrolling never shows a gap. */
export const OVERSCAN = 15;

/**
 * The rows [start, end) to render when the table scrolls over `total` rows of `rowHeight` pixels, `scrollTop`
 * pixels down in a view `viewHeight` high; the rest are stood for by two spacer rows.
 */
export function visibleWindow(
  total: number,
  scrollTop: number,
  viewHeight: number,
  rowHeight: number,
  overscan: number = OVERSCAN,
): { start: number; end: number } {
  const height = Math.max(1, rowHeight);
  const first = Math.floor(Math.max(0, scrollTop) / height);
  const start = Math.max(0, Math.min(first, total) - overscan);
  const end = Math.min(total, first + Math.ceil(Math.max(0, viewHeight) / height) + overscan);
  return { start, end: Math.max(start, end) };
}

/**
 * Whether the table shows each row's expiry (issue 28): when the template gives a validity or a row its own
 * ExpirationDate. The computed column then stands in for the file's ExpirationDate column.
 */
export function showsExpiry(rows: readonly ImportRow[], validity: ValidityPeriod | null): boolean {
  return validity !== null || rows.some((row) => (row.ExpirationDate ?? '').trim() !== '');
}
