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
      'templates.is_nft',
    ])
    .select((eb) => eb('certificates.credential', 'is not', null).as('signed'));
  query =
    'id' in where ? query.where('certificates.id', '=', where.id) : query.where('certificates.key', '=', where.key);
  return query.executeTakeFirst();
}

/** A new mailed code for the certificate; the earlier ones are dropped (the latest mail is the one to use). */
export async function replaceDeliveryCode(
  db: Kysely<Database>,
  values: { certificate_id: number; code_hash: string; created_at: string; expires_at: string },
): Promise<void> {
  await db.deleteFrom('wallet_delivery_codes').where('certificate_id', '=', values.certificate_id).execute();
  await db.insertInto('wallet_delivery_codes').values(values).execute();
}

export function latestDeliveryCode(db: Kysely<Database>, certificateId: number) {
  return db
    .selectFrom('wallet_delivery_codes')
    .selectAll()
    .where('certificate_id', '=', certificateId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export async function countWrongDeliveryCode(db: Kysely<Database>, id: number): Promise<void> {
  await db
    .updateTable('wallet_delivery_codes')
    .set((eb) => ({ failed_attempts: eb('failed_attempts', '+', 1) }))
    .where('id', '=', id)
    .execute();
}

/** Marks the code used, once: answers whether this call did it (of two racing requests, one wins). */
export async function spendDeliveryCode(db: Kysely<Database>, id: number, now: string): Promise<boolean> {
  const result = await db
    .updateTable('wallet_delivery_codes')
    .set({ used_at: now })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
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
