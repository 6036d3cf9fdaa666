import { useCallback } from 'react';
import { useListContext, type SortPayload } from 'react-admin';

/**
 * The search results' header sort (spec 002 section 9, Search: "Sorting cycles ascending, descending, none"):
 * react-admin's DataTable toggles a column between ascending and descending; the click that would go from
 * descending back to ascending on the same column clears the sort instead (`none`: the server's own order).
 */
export function cycledSort(current: SortPayload | undefined, next: SortPayload, none: SortPayload): SortPayload {
  return current?.field === next.field && current.order === 'DESC' && next.order === 'ASC' ? none : next;
}

/** The list's setSort with that third state, for DataTable's setSort prop. */
export function useCycledSetSort(none: SortPayload): (next: SortPayload) => void {
  const { sort, setSort } = useListContext();
  return useCallback((next: SortPayload) => setSort(cycledSort(sort, next, none)), [sort, setSort, none]);
}
