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

/** The protocols that take offers: OpenID for VC issuance and the VC-API exchange. */
export type WalletClaimProtocol = 'oid4vci' | 'vcapi';

/**
 * Marks the offer claimed by `holderDid` through `protocol`, once in all protocols: only from the state that
 * protocol takes it from (OID4VCI: 'token_issued', after its token step; the VC-API exchange: 'offered'), so of
 * two racing claims, by one protocol or by both, one wins. Answers whether this call did it.
 */
export async function claimWalletOffer(
  db: Kysely<Database>,
  id: number,
  values: { holder_did: string; claimed_at: string; claimed_protocol: WalletClaimProtocol },
): Promise<boolean> {
  const from = values.claimed_protocol === 'oid4vci' ? WALLET_OFFER_STATE.tokenIssued : WALLET_OFFER_STATE.offered;
  const result = await db
    .updateTable('wallet_offers')
    .set({ ...values, state: WALLET_OFFER_STATE.claimed, challenge_hash: null })
    .where('id', '=', id)
    .where('state', '=', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Sets the VC-API exchange's challenge of an offer not taken yet (replacing an earlier one); answers whether it did. */
export async function setWalletOfferChallenge(
  db: Kysely<Database>,
  id: number,
  challengeHash: string,
): Promise<boolean> {
  const result = await db
    .updateTable('wallet_offers')
    .set({ challenge_hash: challengeHash })
    .where('id', '=', id)
    .where('state', '=', WALLET_OFFER_STATE.offered)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export interface WalletClaim {
  certificate_id: number;
  claimed_at: string;
  /** 'oid4vci' or 'vcapi' */
  protocol: string;
}

/** Certificate ids per query: below every database's limit on bound parameters. */
const CLAIMS_CHUNK = 500;

/**
 * When and by which protocol each of `certificateIds` was last taken into a wallet (certificates never taken are
 * absent): what the report shows.
 */
export async function findWalletClaims(
  db: Kysely<Database>,
  certificateIds: readonly number[],
): Promise<WalletClaim[]> {
  const latest = new Map<number, WalletClaim>();
  const ids = [...new Set(certificateIds)];
  for (let start = 0; start < ids.length; start += CLAIMS_CHUNK) {
    const rows = await db
      .selectFrom('wallet_offers')
      .select(['certificate_id', 'claimed_at', 'claimed_protocol', 'protocol'])
      .where('certificate_id', 'in', ids.slice(start, start + CLAIMS_CHUNK))
      .where('state', '=', WALLET_OFFER_STATE.claimed)
      .where('claimed_at', 'is not', null)
      .execute();
    for (const row of rows) {
      const claimedAt = row.claimed_at as string;
      const known = latest.get(row.certificate_id);
      if (known && known.claimed_at >= claimedAt) continue;
      // offers claimed before claimed_protocol existed were OID4VCI ones (their protocol says so)
      latest.set(row.certificate_id, {
        certificate_id: row.certificate_id,
        claimed_at: claimedAt,
        protocol: row.claimed_protocol ?? row.protocol,
      });
    }
  }
  return [...latest.values()].sort((a, b) => a.certificate_id - b.certificate_id);
}

/** The certificate an offer is made for, as the offer and the wallet copy read it. */
export function findOfferableCertificate(db: Kysely<Database>, key: string) {
  return db
    .selectFrom('certificates')
    .select(['id', 'key', 'issuer_id', 'status_id', 'expiration_date', 'credential'])
    .where('key', '=', key)
    .executeTakeFirst();
}

export function findCertificateCredential(db: Kysely<Database>, id: number) {
  return db
    .selectFrom('certificates')
    .select(['id', 'key', 'issuer_id', 'status_id', 'expiration_date', 'credential'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** The key of a certificate (where the interaction URL sends a browser). */
export async function findCertificateKey(db: Kysely<Database>, id: number): Promise<string | undefined> {
  const row = await db.selectFrom('certificates').select('key').where('id', '=', id).executeTakeFirst();
  return row?.key;
}
