import { sql, type RawBuilder } from 'kysely';
import { DEFAULT_EXPIRING_WINDOW_DAYS } from '../../../domain/expiry';
import { todayIso } from '../../../domain/import/blankFile';

export type ExpiryFilter = 'expiring' | 'expired';

/**
 * The report's expiry filter on `certificates` rows (issue 28): expired (the expiration date has passed, whatever
 * the status says: a validated certificate is not marked expired until read, see domain/walletDelivery.ts), or
 * expiring within `days` from today (not yet passed). Dates compare as text: an ISO day, or a day with a time,
 * which still sorts before the next day ('~' follows every digit and 'T'). Renewed certificates are not expiring.
 */
export function expiryCondition(
  filter: ExpiryFilter | undefined,
  days = DEFAULT_EXPIRING_WINDOW_DAYS,
  today = todayIso(),
): RawBuilder<boolean> | null {
  if (!filter) return null;
  if (filter === 'expired') {
    return sql<boolean>`(certificates.expiration_date is not null and certificates.expiration_date <> ''
      and certificates.expiration_date < ${today})`;
  }
  const until = new Date(Date.parse(`${today}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
  // a renewed certificate (issue 28) is not "expiring": its recipient holds the renewal, and it gets no reminder
  return sql<boolean>`(certificates.expiration_date >= ${today} and certificates.expiration_date < ${`${until}~`}
    and not exists (select 1 from certificate_replacements renewals
      where renewals.old_certificate_id = certificates.id and renewals.kind = 'renewal'))`;
}
