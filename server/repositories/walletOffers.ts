import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database, WalletOfferTable } from '../db/schema';

export type WalletOffer = Selectable<WalletOfferTable>;
export type NewWalletOffer = Insertable<WalletOfferTable>;

export const WALLET_OFFER_STATE = { offered: 'offered', tokenIssued: 'token_issued', claimed: 'claimed' } as const;

export async function insertWalletOffer(db: Kysely<Database>, offer: NewWalletOffer): Promise<number> {
  const row = await db.insertInto('wallet_offers').values(offer).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export function findWalletOfferByCode(db: Kysely<Database>, codeHash: string): Promise<WalletOffer | undefined> {
  return db.selectFrom('wallet_offers').selectAll().where('code_hash', '=', codeHash).executeTakeFirst();
}

export function findWalletOfferByAccessToken(
  db: Kysely<Database>,
  accessTokenHash: string,
): Promise<WalletOffer | undefined> {
  return db.selectFrom('wallet_offers').selectAll().where('access_token_hash', '=', accessTokenHash).executeTakeFirst();
}

/** Counts a wrong transaction code; answers the new count. */
export async function countFailedAttempt(db: Kysely<Database>, id: number): Promise<void> {
  await db
    .updateTable('wallet_offers')
    .set((eb) => ({ failed_attempts: eb('failed_attempts', '+', 1) }))
    .where('id', '=', id)
    .execute();
}

/**
 * Exchanges the code for an access token: only from 'offered', so that of two racing requests one wins. Answers
 * whether this call made the change.
 */
export async function issueWalletOfferToken(
  db: Kysely<Database>,
  id: number,
  values: { access_token_hash: string; c_nonce_hash: string; token_expires_at: string },
): Promise<boolean> {
  const result = await db
    .updateTable('wallet_offers')
    .set({ ...values, state: WALLET_OFFER_STATE.tokenIssued })
    .where('id', '=', id)
    .where('state', '=', WALLET_OFFER_STATE.offered)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Marks the offer claimed by `holderDid`, once: answers whether this call did it. */
export async function claimWalletOffer(
  db: Kysely<Database>,
  id: number,
  values: { holder_did: string; claimed_at: string },
): Promise<boolean> {
  const result = await db
    .updateTable('wallet_offers')
    .set({ ...values, state: WALLET_OFFER_STATE.claimed })
    .where('id', '=', id)
    .where('state', '=', WALLET_OFFER_STATE.tokenIssued)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The certificate an offer is made for, as the offer and the wallet copy read it. */
export function findOfferableCertificate(db: Kysely<Database>, key: string) {
  return db
    .selectFrom('certificates')
    .select(['id', 'key', 'issuer_id', 'status_id', 'credential'])
    .where('key', '=', key)
    .executeTakeFirst();
}

export function findCertificateCredential(db: Kysely<Database>, id: number) {
  return db
    .selectFrom('certificates')
    .select(['id', 'key', 'issuer_id', 'status_id', 'credential'])
    .where('id', '=', id)
    .executeTakeFirst();
}
