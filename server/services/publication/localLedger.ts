import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import { CERTIFICATE_STATUS } from '../../../domain/certificates';
import { nowIso } from '../../db/clock';
import type { Database } from '../../db/schema';
import { recountCampaigns } from '../../repositories/certificates';

/**
 * The issuer's account on the local ledger, shown beside its issuer id (spec 000 section 2.9): an address in
 * the EVM form (0x and 40 hex digits), stable for the issuer. An EVM adapter would show the issuer wallet's
 * address instead.
 */
export function ledgerAddress(issuerId: number): string {
  return `0x${createHash('sha256').update(`laurel-local-ledger:issuer:${issuerId}`).digest('hex').slice(0, 40)}`;
}

/**
 * The local ledger adapter (ARCHITECTURE.md: NFT anchoring): it "mints" each certificate of a campaign still
 * minting by giving it a token id and a transaction hash derived from its key, and moves it to validated. An
 * EVM JSON-RPC adapter would submit real transactions here; the statuses it walks through are the same.
 */
export async function mintCampaign(db: Kysely<Database>, campaignId: number): Promise<number> {
  const minting = await db
    .selectFrom('certificates')
    .select(['id', 'key'])
    .where('campaign_id', '=', campaignId)
    .where('status_id', '=', CERTIFICATE_STATUS.minting)
    .execute();
  if (minting.length === 0) return 0;
  await db.transaction().execute(async (trx) => {
    const now = nowIso();
    for (const certificate of minting) {
      const transaction = `0x${createHash('sha256').update(`mint:${certificate.key}`).digest('hex')}`;
      await trx
        .updateTable('certificates')
        .set({
          status_id: CERTIFICATE_STATUS.validated,
          nft_token_id: String(certificate.id),
          nft_transaction: transaction,
          updated_at: now,
        })
        .where('id', '=', certificate.id)
        .where('status_id', '=', CERTIFICATE_STATUS.minting)
        .execute();
    }
    await recountCampaigns(trx, [campaignId]);
  });
  return minting.length;
}
