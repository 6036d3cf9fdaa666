import type { Kysely } from 'kysely';
import { CERTIFICATE_STATUS } from '../../domain/certificates';
import { nowIso } from '../db/clock';
import type { Database } from '../db/schema';
import { notFollowed } from './replacements';

/** A validated certificate with an expiration date in the reminder window, and the reminders it already had. */
export interface ExpiringCertificate {
  id: number;
  key: string;
  issuer_id: number;
  template_id: number;
  email: string;
  first_name: string;
  last_name: string;
  language: string;
  expiration_date: string;
  sent: number[];
}

/**
 * Validated certificates (not disabled, deleted, replaced, renewed, minting) with an address, expiring from `today` to
 * `until` (ISO days, both included), with the offsets already recorded for each.
 */
export async function listExpiringCertificates(
  db: Kysely<Database>,
  today: string,
  until: string,
): Promise<ExpiringCertificate[]> {
  const rows = await db
    .selectFrom('certificates')
    .select([
      'id',
      'key',
      'issuer_id',
      'template_id',
      'email',
      'first_name',
      'last_name',
      'language',
      'expiration_date',
    ])
    .where('status_id', '=', CERTIFICATE_STATUS.validated)
    .where('expiration_date', 'is not', null)
    .where('expiration_date', '>=', today)
    // an expiration stored with a time still sorts before the next day
    .where('expiration_date', '<', `${until}~`)
    .where('email', '!=', '')
    // a renewed certificate (issue 28) stays valid until its expiry, but its recipient holds the renewal: no reminder
    .where(notFollowed)
    .orderBy('id')
    .execute();
  if (rows.length === 0) return [];
  const sent = await db
    .selectFrom('expiry_reminders')
    .select(['certificate_id', 'offset_days'])
    .where(
      'certificate_id',
      'in',
      rows.map((row) => row.id),
    )
    .execute();
  const byCertificate = new Map<number, number[]>();
  for (const row of sent)
    byCertificate.set(row.certificate_id, [...(byCertificate.get(row.certificate_id) ?? []), row.offset_days]);
  return rows.map((row) => ({
    ...row,
    expiration_date: (row.expiration_date as string).slice(0, 10),
    sent: byCertificate.get(row.id) ?? [],
  }));
}

/**
 * Records a reminder of a certificate (sent, or skipped = passed over); false when it was recorded already (another
 * sweep took it): the caller then sends nothing.
 */
export async function recordExpiryReminder(
  db: Kysely<Database>,
  certificateId: number,
  offsetDays: number,
  skipped = false,
): Promise<boolean> {
  // ON CONFLICT DO NOTHING rather than a caught error: a failed insert would abort a PostgreSQL transaction
  const result = await db
    .insertInto('expiry_reminders')
    .values({ certificate_id: certificateId, offset_days: offsetDays, skipped: skipped ? 1 : 0, sent_at: nowIso() })
    .onConflict((oc) => oc.columns(['certificate_id', 'offset_days']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** The address of an issuer's first user, the issuer's contact when a template names none for its reminders. */
export async function findIssuerContactEmail(db: Kysely<Database>, issuerId: number): Promise<string | null> {
  const row = await db
    .selectFrom('users')
    .select('email')
    .where('issuer_id', '=', issuerId)
    .orderBy('id')
    .executeTakeFirst();
  return row?.email ?? null;
}
