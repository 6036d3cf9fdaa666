/** The library page's own rules (spec 002 sections 2.5 and 4): sort cycle, name filter and the selection. */

export type LibrarySort = 'date' | 'az' | 'za';

/** Date order, A-Z, Z-A, back to date. */
export function nextSort(sort: LibrarySort): LibrarySort {
  return sort === 'date' ? 'az' : sort === 'az' ? 'za' : 'date';
}

export interface LibraryItem {
  id: number;
  name: string;
  createdAt?: string;
}

/** Images whose name contains the text (any case), in the chosen order; date order is newest first. */
export function visibleImages<T extends LibraryItem>(images: readonly T[], filter: string, sort: LibrarySort): T[] {
  const text = filter.trim().toLocaleLowerCase();
  const kept = text ? images.filter((image) => image.name.toLocaleLowerCase().includes(text)) : [...images];
  const byName = (a: T, b: T) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base', numeric: true });
  if (sort === 'az') return kept.sort(byName);
  if (sort === 'za') return kept.sort((a, b) => byName(b, a));
  return kept.sort((a, b) => (b.createdAt ?? '').localeCompare(a.createdAt ?? '') || b.id - a.id);
}

/** Page mode toggles a tile in the selection; dialog mode keeps at most the one tile clicked. */
export function toggleSelection(selection: readonly number[], id: number, single: boolean): number[] {
  if (single) return selection.includes(id) ? [] : [id];
  return selection.includes(id) ? selection.filter((s) => s !== id) : [...selection, id];
}
