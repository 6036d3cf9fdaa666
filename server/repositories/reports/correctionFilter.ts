import { sql, type RawBuilder } from 'kysely';

/**
 * The report's "Correction requested" filter on `certificates` rows (issue 28): only those with a pending correction
 * request of their recipient. Through correction_requests' certificate index, one probe per row.
 */
export function correctionCondition(only: boolean | undefined): RawBuilder<boolean> | null {
  if (!only) return null;
  return sql<boolean>`exists (select 1 from correction_requests where correction_requests.certificate_id = certificates.id
    and correction_requests.status = 'pending')`;
}
