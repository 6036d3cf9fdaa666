import type { Kysely } from 'kysely';
import { activityColumns } from '../../../domain/activity';
import type { ReportRow, SearchSortField } from '../../../domain/reports';
import type { Database } from '../../db/schema';
import { activityOf } from '../certificateActivity';
import { renewalsOf } from '../replacements';
import { reportRow } from './reportRows';

/** The most results one search page answers. */
export const SEARCH_LIMIT = 500;

const SEARCH_SORT_COLUMNS = {
  // ids grow with publication
  PublicationDate: 'id',
  StatusID: 'status_id',
  email: 'email',
  TemplateID: 'template_id',
} as const satisfies Record<SearchSortField, string>;

export interface SearchPage {
  offset: number;
  limit: number;
  sort?: SearchSortField;
  order?: 'ASC' | 'DESC';
}

/**
 * GET /api/admin/data: the issuer's certificates with this recipient address or this key (a URL search is a
 * key search on the key the URL holds), newest first or in the asked order, one page with the total, over the
 * (issuer_id, email) and key indexes. Keys are unique, so the rows are one per key. Each row carries what its
 * recipient did (issue 31: views, downloads, LinkedIn, verifications) as the report's rows do: one query for the page.
 */
export async function searchCertificates(
  db: Kysely<Database>,
  issuerId: number,
  search: { mode: 'email' | 'key'; value: string },
  options: { publicUrl: string; tracking: boolean },
  page: SearchPage = { offset: 0, limit: SEARCH_LIMIT },
): Promise<{ data: ReportRow[]; total: number }> {
  const base = db
    .selectFrom('certificates')
    .where('issuer_id', '=', issuerId)
    .where(search.mode === 'email' ? 'email' : 'key', '=', search.value);
  let rows = base.selectAll();
  if (page.sort) rows = rows.orderBy(SEARCH_SORT_COLUMNS[page.sort], page.order === 'DESC' ? 'desc' : 'asc');
  const [count, found] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    rows.orderBy('id', 'desc').offset(page.offset).limit(page.limit).execute(),
  ]);
  const ids = found.map((row) => row.id);
  const [activity, renewals] = await Promise.all([activityOf(db, ids), renewalsOf(db, ids)]);
  return {
    data: found.map((row) => ({
      ...reportRow(row, options.publicUrl, options.tracking),
      ...activityColumns(activity.get(row.id) ?? {}),
      RenewedBy: renewals.get(row.id) ?? null,
    })),
    total: Number(count.n),
  };
}
