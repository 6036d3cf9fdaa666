import type { Kysely } from 'kysely';
import { CERTIFICATE_STATUS } from '../../domain/certificates';
import { nowIso } from '../db/clock';
import type { Database } from '../db/schema';

/**
 * The EVM anchoring's records (services/ledger/evm/chainAnchoring.ts): a head's anchor transaction, and the
 * certificates its confirmation validates. The statements moved here unchanged from the service (issue 29).
 */

/** A head's anchoring transaction (migration 2026-11-26T0120_chain_transactions). */
export interface ChainTransactionTable {
  id: number;
  issuer_id: number;
  head_id: number;
  chain_id: number;
  nonce: number | null;
  tx_hash: string | null;
  /** the SentTransaction, JSON: every hash broadcast with this nonce and the fields to send it again */
  sent: string | null;
  status: 'sent' | 'confirmed' | 'failed';
  block_number: number | null;
  attempts: number;
  error: string | null;
  created_at: string;
  updated_at: string;
}

type ChainDatabase = Database & { chain_transactions: ChainTransactionTable };
const chainDb = (db: Kysely<Database>) => db as unknown as Kysely<ChainDatabase>;

/** The heads a campaign's anchoring wrote, smallest first. */
export function campaignHeads(db: Kysely<Database>, issuerId: number, campaignId: number) {
  return db
    .selectFrom('ledger_heads')
    .select(['id', 'issuer_id', 'tree_size', 'root_hash'])
    .where('campaign_id', '=', campaignId)
    .where('issuer_id', '=', issuerId)
    .orderBy('tree_size')
    .execute();
}

export function chainTransactionOfHead(db: Kysely<Database>, headId: number) {
  return chainDb(db).selectFrom('chain_transactions').selectAll().where('head_id', '=', headId).executeTakeFirst();
}

export async function recordConfirmed(
  db: Kysely<Database>,
  headId: number,
  confirmed: { hash: string; blockNumber: number },
): Promise<void> {
  await chainDb(db)
    .updateTable('chain_transactions')
    .set({
      status: 'confirmed',
      tx_hash: confirmed.hash,
      block_number: confirmed.blockNumber,
      error: null,
      updated_at: nowIso(),
    })
    .where('head_id', '=', headId)
    .execute();
}

/** A transaction sent for a head: its row updated (one more attempt), or added. */
export async function recordSent(
  db: Kysely<Database>,
  chainId: number,
  head: { id: number; issuer_id: number },
  sent: { nonce: number; hash: string },
): Promise<void> {
  const now = nowIso();
  const values = {
    nonce: sent.nonce,
    tx_hash: sent.hash,
    sent: JSON.stringify(sent),
    status: 'sent' as const,
    error: null,
    updated_at: now,
  };
  const updated = await chainDb(db)
    .updateTable('chain_transactions')
    .set({ ...values, attempts: (eb) => eb('attempts', '+', 1) })
    .where('head_id', '=', head.id)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) > 0) return;
  await chainDb(db)
    .insertInto('chain_transactions')
    .values({
      issuer_id: head.issuer_id,
      head_id: head.id,
      chain_id: chainId,
      block_number: null,
      attempts: 1,
      created_at: now,
      ...values,
    } as never)
    .execute();
}

/** A failed anchoring of a head (not once confirmed): its row marked failed, or added. */
export async function recordFailure(
  db: Kysely<Database>,
  chainId: number,
  head: { id: number; issuer_id: number },
  error: Error,
): Promise<void> {
  const now = nowIso();
  const message = (error.message || String(error)).slice(0, 2000);
  const updated = await chainDb(db)
    .updateTable('chain_transactions')
    .set({ status: 'failed', error: message, updated_at: now })
    .where('head_id', '=', head.id)
    .where('status', '!=', 'confirmed')
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) > 0) return;
  await chainDb(db)
    .insertInto('chain_transactions')
    .values({
      issuer_id: head.issuer_id,
      head_id: head.id,
      chain_id: chainId,
      nonce: null,
      tx_hash: null,
      sent: null,
      status: 'failed',
      block_number: null,
      attempts: 0,
      error: message,
      created_at: now,
      updated_at: now,
    } as never)
    .execute()
    .catch(() => undefined);
}

/** The head's leaves whose certificates are still minting, in order. */
export function mintingLeavesOfHead(db: Kysely<Database>, headId: number) {
  return db
    .selectFrom('ledger_leaves')
    .innerJoin('certificates', 'certificates.id', 'ledger_leaves.certificate_id')
    .select(['ledger_leaves.certificate_id', 'ledger_leaves.leaf_index'])
    .where('ledger_leaves.head_id', '=', headId)
    .where('certificates.status_id', '=', CERTIFICATE_STATUS.minting)
    .orderBy('ledger_leaves.leaf_index')
    .execute();
}

/** A certificate still minting becomes validated, its transaction the given page. */
export async function validateAnchoredCertificate(
  trx: Kysely<Database>,
  certificateId: number,
  nftTransaction: string,
  now: string,
): Promise<void> {
  await trx
    .updateTable('certificates')
    .set({
      status_id: CERTIFICATE_STATUS.validated,
      nft_transaction: nftTransaction,
      updated_at: now,
    })
    .where('id', '=', certificateId)
    .where('status_id', '=', CERTIFICATE_STATUS.minting)
    .execute();
}

/** The anchor transaction of the issuer's head of that size. */
export function chainTransactionAt(db: Kysely<Database>, issuerId: number, treeSize: number) {
  return chainDb(db)
    .selectFrom('chain_transactions')
    .innerJoin('ledger_heads', 'ledger_heads.id', 'chain_transactions.head_id')
    .select(['chain_transactions.tx_hash', 'chain_transactions.status'])
    .where('ledger_heads.issuer_id', '=', issuerId)
    .where('ledger_heads.tree_size', '=', treeSize)
    .executeTakeFirst();
}
