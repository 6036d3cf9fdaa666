import { sql, type RawBuilder } from 'kysely';
import { VIEWED_FILTER } from '../../../domain/activity';

/**
 * The report's "viewed" filter on `certificates` rows (issue 31): the public page viewed by a person at least
 * once, never viewed, or both (no condition). Through certificate_activity's key (certificate_id, kind), one
 * probe per row.
 */
export function viewedCondition(values: readonly number[] | undefined): RawBuilder<boolean> | null {
  if (!values || values.length === 0) return null;
  const viewed = values.includes(VIEWED_FILTER.viewed);
  const never = values.includes(VIEWED_FILTER.neverViewed);
  if (viewed === never) return viewed ? null : sql<boolean>`1 = 0`;
  const seen = sql`exists (select 1 from certificate_activity where certificate_activity.certificate_id = certificates.id
    and certificate_activity.kind = 'view')`;
  return viewed ? sql<boolean>`${seen}` : sql<boolean>`not ${seen}`;
}
