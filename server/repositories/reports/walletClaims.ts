import { sql, type Kysely, type RawBuilder } from 'kysely';
import { WALLET_FILTER } from '../../../domain/reports';
import type { Database } from '../../db/schema';
import { WALLET_OFFER_STATE } from '../walletOffers';

/** When and by which protocol a certificate was last taken into a wallet. */
export interface WalletClaim {
  claimedAt: string;
  protocol: string;
}

/** The last wallet claim of each of `certificateIds` (one query for a report's page). */
export async function walletClaimsOf(
  db: Kysely<Database>,
  certificateIds: readonly number[],
): Promise<Map<number, WalletClaim>> {
  const claims = new Map<number, WalletClaim>();
  if (certificateIds.length === 0) return claims;
  const rows = await db
    .selectFrom('wallet_offers')
    .select(['certificate_id', 'claimed_at', 'protocol', 'claimed_protocol'])
    .where('certificate_id', 'in', certificateIds)
    .where('state', '=', WALLET_OFFER_STATE.claimed)
    .orderBy('claimed_at', 'asc')
    .execute();
  for (const row of rows)
    // the protocol that took the offer (offers serve any wallet); offers claimed before it was recorded were OID4VCI's
    if (row.claimed_at) {
      claims.set(row.certificate_id, { claimedAt: row.claimed_at, protocol: row.claimed_protocol ?? row.protocol });
    }
  return claims;
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
