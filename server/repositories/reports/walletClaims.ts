import { sql, type Kysely, type RawBuilder } from 'kysely';
import { WALLET_FILTER } from '../../../domain/reports';
import type { Database } from '../../db/schema';
import { findWalletClaims, WALLET_OFFER_STATE } from '../walletOffers';

/** When and by which protocol a certificate was last taken into a wallet. */
export interface WalletClaim {
  claimedAt: string;
  protocol: string;
}

/** The last wallet claim of each of `certificateIds` (one query for a report's page: findWalletClaims). */
export async function walletClaimsOf(
  db: Kysely<Database>,
  certificateIds: readonly number[],
): Promise<Map<number, WalletClaim>> {
  const claims = await findWalletClaims(db, certificateIds);
  return new Map(
    claims.map((claim) => [claim.certificate_id, { claimedAt: claim.claimed_at, protocol: claim.protocol }]),
  );
}

/**
 * The report's wallet filter on `certificates` rows: taken into a wallet, not taken, or both (no condition).
 * Through wallet_offers' certificate index, one probe per row.
 */
export function walletCondition(values: readonly number[] | undefined): RawBuilder<boolean> | null {
  if (!values || values.length === 0) return null;
  const taken = values.includes(WALLET_FILTER.taken);
  const notTaken = values.includes(WALLET_FILTER.notTaken);
  if (taken === notTaken) return taken ? null : sql<boolean>`1 = 0`;
  const claimed = sql`exists (select 1 from wallet_offers where wallet_offers.certificate_id = certificates.id
    and wallet_offers.state = ${WALLET_OFFER_STATE.claimed})`;
  return taken ? sql<boolean>`${claimed}` : sql<boolean>`not ${claimed}`;
}
