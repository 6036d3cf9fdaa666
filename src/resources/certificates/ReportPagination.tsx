import { useCallback } from 'react';
import { Pagination, useListContext, useTranslate } from 'react-admin';
import { pageSizes } from './reportFilters';

/**
 * The report's pagination. A search that more rows match than the server counted (`countBounded`, 1,000 rows past
 * the page) shows "1-20 of more than 1,000"; paging on counts further.
 */
export function ReportPagination() {
  const { total, meta } = useListContext();
  const translate = useTranslate();
  const bounded = (meta as { countBounded?: boolean } | undefined)?.countBounded === true;
  // the message formats its numbers (numberFormat.test.ts holds every count to it)
  const label = useCallback(
    ({ from, to, count }: { from: number; to: number; count: number }) =>
      translate('reports.range_more_than', { from, to, total: count }),
    [translate],
  );
  return bounded ? (
    // react-admin's Pagination hands its other props to MUI's TablePagination, after its own label
    <Pagination rowsPerPageOptions={pageSizes(total ?? 0)} {...({ labelDisplayedRows: label } as object)} />
  ) : (
    <Pagination rowsPerPageOptions={pageSizes(total ?? 0)} />
  );
}
