import type { Kysely } from 'kysely';
import type { ReportRow } from '../../../domain/reports';
import type { Database } from '../../db/schema';
import { reportRow } from './reportRows';

/** The most results one search answers. */
export const SEARCH_LIMIT = 500;

/**
 * GET /api/admin/data: the issuer's certificates with this recipient address or this key (a URL search is a
 * key search on the key the URL holds), newest first, one row per key, over the (issuer_id, email) and key
 * indexes.
 */
export async function searchCertificates(
  db: Kysely<Database>,
  issuerId: number,
  search: { mode: 'email' | 'key'; value: string },
  options: { publicUrl: string; tracking: boolean },
): Promise<{ data: ReportRow[] }> {
  const rows = await db
    .selectFrom('certificates')
    .selectAll()
    .where('issuer_id', '=', issuerId)
    .where(search.mode === 'email' ? 'email' : 'key', '=', search.value)
    .orderBy('id', 'desc')
    .limit(SEARCH_LIMIT)
    .execute();
  const seen = new Set<string>();
  const data: ReportRow[] = [];
  for (const row of rows) {
    if (seen.has(row.key)) continue;
    seen.add(row.key);
    data.push(reportRow(row, options.publicUrl, options.tracking));
  }
  return { data };
}
