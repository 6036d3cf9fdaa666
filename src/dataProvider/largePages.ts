import type { DataProvider, GetListParams } from 'react-admin';

/**
 * A page larger than the server answers in one call — the spreadsheet exports ask every row of a list in one
 * getList — read as several calls of at most `maxRows` rows each and joined. Pages the server can answer go as
 * they are. The calls' pages line up with the asked page: their size divides its first row's index.
 */
export async function getListInPages<R, T extends number | undefined>(
  params: GetListParams,
  maxRows: number,
  getList: (params: GetListParams) => Promise<{ data: R[]; total: T }>,
): Promise<{ data: R[]; total: T }> {
  const { page, perPage } = params.pagination ?? { page: 1, perPage: maxRows };
  if (perPage <= maxRows) return getList(params);
  const start = (page - 1) * perPage;
  const size = start === 0 ? maxRows : greatestCommonDivisor(start, maxRows);
  const data: R[] = [];
  // set by the first call: the loop runs at least once
  let total!: T;
  for (let offset = start; offset < start + perPage; offset += size) {
    const answer = await getList({ ...params, pagination: { page: offset / size + 1, perPage: size } });
    data.push(...answer.data.slice(0, start + perPage - offset));
    total = answer.total;
    if (answer.data.length < size || (total !== undefined && offset + size >= total)) break;
  }
  return { data, total };
}

function greatestCommonDivisor(a: number, b: number): number {
  return b === 0 ? a : greatestCommonDivisor(b, a % b);
}

/** A data provider whose lists read a page larger than `maxRows` in several calls. */
export function withLargePages(provider: DataProvider, maxRows: number): DataProvider {
  return {
    ...provider,
    getList: (resource, params) =>
      getListInPages(params, maxRows, (slice) =>
        provider.getList(resource, slice).then((answer) => ({ ...answer, total: answer.total })),
      ),
  };
}
