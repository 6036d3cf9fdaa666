import type { SortPayload } from 'react-admin';

/**
 * The library page's own rules (spec 002 sections 2.5 and 4): the sort cycle and the selection. Filtering and
 * sorting themselves are the server's (GET /api/badge-images), so the page keeps them in the URL as react-admin does.
 */

export type LibrarySort = 'date' | 'az' | 'za';

/** Date order, A-Z, Z-A, back to date. */
export function nextSort(sort: LibrarySort): LibrarySort {
  return sort === 'date' ? 'az' : sort === 'az' ? 'za' : 'date';
}

/** The list's sort for a step of the cycle: date order is newest first. */
export function listSort(sort: LibrarySort): SortPayload {
  if (sort === 'az') return { field: 'name', order: 'ASC' };
  if (sort === 'za') return { field: 'name', order: 'DESC' };
  return { field: 'createdAt', order: 'DESC' };
}

/** The step of the cycle a list's sort stands for (any sort other than by name is the date order). */
export function librarySort(sort: SortPayload | undefined): LibrarySort {
  if (sort?.field !== 'name') return 'date';
  return sort.order === 'DESC' ? 'za' : 'az';
}

export const DEFAULT_LIBRARY_SORT = listSort('date');

/** Page mode toggles a tile in the selection; dialog mode keeps at most the one tile clicked. */
export function toggleSelection(selection: readonly number[], id: number, single: boolean): number[] {
  if (single) return selection.includes(id) ? [] : [id];
  return selection.includes(id) ? selection.filter((s) => s !== id) : [...selection, id];
}
