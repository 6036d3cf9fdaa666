import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

/** What the mail and the public page need to know of a certificate to offer it to a wallet. */
export function walletDeliveryCertificate(db: Kysely<Database>, where: { id: number } | { key: string }) {
  let query = db
    .selectFrom('certificates')
    .innerJoin('templates', 'templates.id', 'certificates.template_id')
    .select([
      'certificates.id',
      'certificates.key',
      'certificates.issuer_id',
      'certificates.status_id',
      'certificates.email',
      'certificates.language',
      'certificates.template_id',
      'certificates.expiration_date',
      'templates.is_nft',
    ])
    .select((eb) => eb('certificates.credential', 'is not', null).as('signed'));
  query =
    'id' in where ? query.where('certificates.id', '=', where.id) : query.where('certificates.key', '=', where.key);
  return query.executeTakeFirst();
}

export async function recordMailOffer(
  db: Kysely<Database>,
  values: { offer_id: number; certificate_id: number; created_at: string },
): Promise<void> {
  await db.insertInto('wallet_mail_offers').values(values).execute();
}

/**
 * Withdraws mail offers not yet taken: they expire now (a wallet that tries one is told `invalid_grant`), and are no
 * longer counted as the certificate's mail offers. `keep` leaves the newest ones of the certificate alone.
 */
export async function withdrawMailOffers(
  db: Kysely<Database>,
  where: { offerId: number } | { certificateId: number; keep: number },
  now: string,
): Promise<void> {
  const ids =
    'offerId' in where
      ? [where.offerId]
      : (
          await db
            .selectFrom('wallet_mail_offers')
            .select('offer_id')
            .where('certificate_id', '=', where.certificateId)
            .orderBy('offer_id', 'desc')
            .offset(where.keep)
            .limit(1000)
            .execute()
        ).map((row) => row.offer_id);
  if (ids.length === 0) return;
  await db
    .updateTable('wallet_offers')
    .set({ expires_at: now })
    .where('id', 'in', ids)
    .where('state', '=', 'offered')
    .where('expires_at', '>', now)
    .execute();
  await db.deleteFrom('wallet_mail_offers').where('offer_id', 'in', ids).execute();
}
