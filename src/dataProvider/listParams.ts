import type { GetListParams } from 'react-admin';

/**
 * Filtering, sorting and paging of a small list the server answers whole (the issuer's templates).
 * Large lists (reports, campaigns, search) are paged by the server instead.
 */
export function applyListParams<T extends object>(
  rows: T[],
  params: Pick<GetListParams, 'pagination' | 'sort' | 'filter'>,
  searchText: (row: T) => string,
): { data: T[]; total: number } {
  const q = typeof params.filter?.q === 'string' ? params.filter.q.trim().toLowerCase() : '';
  const filtered = q ? rows.filter((row) => searchText(row).toLowerCase().includes(q)) : rows;
  const { field, order } = params.sort ?? { field: '', order: 'ASC' };
  const sorted = field
    ? [...filtered].sort((a, b) => {
        const x = (a as Record<string, unknown>)[field];
        const y = (b as Record<string, unknown>)[field];
        const compared = String(x ?? '').localeCompare(String(y ?? ''), undefined, {
          numeric: true,
          sensitivity: 'base',
        });
        return order === 'DESC' ? -compared : compared;
      })
    : filtered;
  const { page, perPage } = params.pagination ?? { page: 1, perPage: sorted.length };
  const start = (page - 1) * perPage;
  return { data: sorted.slice(start, start + perPage), total: sorted.length };
}
