import type { Kysely } from 'kysely';
import { CERTIFICATE_STATUS } from '../../../domain/certificates';
import type { Database } from '../../db/schema';
import { AppError, notFound } from '../../errors';
import {
  findOfferableCertificate,
  findWalletOfferByCode,
  insertWalletOffer,
  WALLET_OFFER_STATE,
  type WalletOffer,
} from '../../repositories/walletOffers';
import { hashSecret, hashTxCode, newSecret, newTxCode } from './secrets';
import { isExpired } from '../../../domain/certificates';
import { todayIso } from '../../../domain/import';

/**
 * The wallet offer core (issue 30), shared by the protocols: a one-time, expiring offer of one certificate's
 * credential, its secrets stored hashed. One offer serves any wallet: OID4VCI (./oid4vci.ts) and the VC-API
 * exchange of the Learner Credential Wallet (./vcapi.ts) take the same offer, and the first to claim it wins
 * (the row records which: `claimed_protocol`). Its addresses are in ./links.ts.
 */
export const WALLET_PROTOCOLS = ['oid4vci', 'vcapi'] as const;
export type WalletProtocol = (typeof WALLET_PROTOCOLS)[number];
/** what an offer's `protocol` says since offers serve any wallet */
export const ANY_WALLET = 'any';

export const TX_CODE_LENGTH = 6;
/** wrong transaction codes an offer takes before it stops answering */
export const WALLET_OFFER_MAX_ATTEMPTS = 5;

/** Statuses whose certificate can no longer go into a wallet (a disabled one can: its copy reads suspended). */
const NOT_OFFERABLE: readonly number[] = [CERTIFICATE_STATUS.deleted, CERTIFICATE_STATUS.replaced];

export interface CreatedWalletOffer {
  id: number;
  protocol: typeof ANY_WALLET;
  /** the pre-authorized code, in clear: only in this answer (and in the offer document it leads to) */
  code: string;
  /** the transaction code to send to the recipient by another channel, when the offer asks for one */
  txCode: string | null;
  expiresAt: string;
}

/**
 * Makes an offer of the certificate `certificateKey` of issuer `issuerId` (another issuer's certificate is not
 * found, as an unknown one). Runs no transaction of its own.
 */
export async function createWalletOffer(
  db: Kysely<Database>,
  input: {
    issuerId: number;
    certificateKey: string;
    /** @deprecated every offer serves any wallet: ignored (the protocol that takes it is recorded then) */
    protocol?: WalletProtocol;
    ttlSeconds: number;
    withTxCode: boolean;
    userId: number | null;
    now?: Date;
  },
): Promise<CreatedWalletOffer> {
  const certificate = await findOfferableCertificate(db, input.certificateKey);
  if (!certificate || certificate.issuer_id !== input.issuerId) {
    throw notFound('CERTIFICATE_NOT_FOUND', 'No certificate with this key');
  }
  if (NOT_OFFERABLE.includes(certificate.status_id) || isExpired(certificate.expiration_date, todayIso())) {
    throw new AppError(
      409,
      'CERTIFICATE_NOT_VALID',
      'A deleted, replaced or expired certificate cannot go into a wallet',
    );
  }
  if (!certificate.credential) {
    throw new AppError(
      409,
      'CREDENTIAL_NOT_READY',
      'This certificate has no signed credential yet: try again in a moment',
    );
  }
  const now = input.now ?? new Date();
  const code = newSecret();
  const codeHash = hashSecret(code);
  const txCode = input.withTxCode ? newTxCode(TX_CODE_LENGTH) : null;
  const expiresAt = new Date(now.getTime() + input.ttlSeconds * 1000).toISOString();
  const id = await insertWalletOffer(db, {
    issuer_id: input.issuerId,
    certificate_id: certificate.id,
    protocol: ANY_WALLET,
    code_hash: codeHash,
    tx_code_hash: txCode ? hashTxCode(codeHash, txCode) : null,
    access_token_hash: null,
    c_nonce_hash: null,
    state: WALLET_OFFER_STATE.offered,
    holder_did: null,
    user_id: input.userId,
    created_at: now.toISOString(),
    expires_at: expiresAt,
    token_expires_at: null,
    claimed_at: null,
    claimed_protocol: null,
    challenge_hash: null,
  });
  return { id, protocol: ANY_WALLET, code, txCode, expiresAt };
}

/**
 * The offer of `code` at issuer `issuerId` while it can still be taken or is being taken (any state but expired):
 * null when the code is unknown, another issuer's, or expired. Callers check the state their step needs.
 */
export async function findLiveOffer(
  db: Kysely<Database>,
  issuerId: number,
  code: unknown,
  now: Date,
): Promise<WalletOffer | null> {
  if (typeof code !== 'string' || code.length === 0 || code.length > 200) return null;
  const offer = await findWalletOfferByCode(db, hashSecret(code));
  if (!offer || offer.issuer_id !== issuerId) return null;
  return new Date(offer.expires_at).getTime() > now.getTime() ? offer : null;
}
