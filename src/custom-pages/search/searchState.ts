import type { ReportRow, SearchMode } from '../../../domain/reports';

/**
 * The certificate search page's pure parts (spec 002 sections 2.4, 4 and 5): sorting that cycles ascending,
 * descending, none; results one per key; the last search kept for the session.
 */
export const SEARCH_MODES: readonly SearchMode[] = ['email', 'key', 'url'];

export type SearchSortField = 'template' | 'PublicationDate' | 'StatusID' | 'email';
export interface SearchSort {
  field: SearchSortField;
  direction: 'asc' | 'desc';
}

export function nextSearchSort(current: SearchSort | null, field: SearchSortField): SearchSort | null {
  if (!current || current.field !== field) return { field, direction: 'asc' };
  return current.direction === 'asc' ? { field, direction: 'desc' } : null;
}

/** The rows in the sort's order (the server's order, newest first, when there is none). */
export function sortResults(
  rows: readonly ReportRow[],
  sort: SearchSort | null,
  templateLabel: (templateId: number) => string,
): ReportRow[] {
  if (!sort) return [...rows];
  const value = (row: ReportRow): string | number => {
    switch (sort.field) {
      case 'template':
        return templateLabel(row.TemplateID).toLowerCase();
      case 'PublicationDate':
        return row.PublicationDate;
      case 'StatusID':
        return row.StatusID;
      case 'email':
        return row.email.toLowerCase();
    }
  };
  const factor = sort.direction === 'asc' ? 1 : -1;
  return [...rows].sort((a, b) => {
    const left = value(a);
    const right = value(b);
    return (left < right ? -1 : left > right ? 1 : 0) * factor;
  });
}

export function uniqueByKey<T extends { key: string }>(rows: readonly T[]): T[] {
  const seen = new Set<string>();
  return rows.filter((row) => !seen.has(row.key) && Boolean(seen.add(row.key)));
}

export interface SavedSearch {
  mode: SearchMode;
  text: string;
  /** null until a search answered */
  results: ReportRow[] | null;
}

export const SEARCH_STORAGE_KEY = 'laurel.search';

export function saveSearch(storage: Storage, search: SavedSearch): void {
  try {
    storage.setItem(SEARCH_STORAGE_KEY, JSON.stringify(search));
  } catch {
    // a full storage only loses the restoring
  }
}

export function restoreSearch(storage: Storage): SavedSearch | null {
  try {
    const value = JSON.parse(storage.getItem(SEARCH_STORAGE_KEY) ?? 'null') as SavedSearch | null;
    if (
      value &&
      SEARCH_MODES.includes(value.mode) &&
      typeof value.text === 'string' &&
      (value.results === null || Array.isArray(value.results))
    )
      return value;
  } catch {
    return null;
  }
  return null;
}

/** The search button: disabled with empty text, while searching and during the cooldown. */
export function canSearch(state: { text: string; searching: boolean; coolingDown: boolean }): boolean {
  return state.text.trim() !== '' && !state.searching && !state.coolingDown;
}
