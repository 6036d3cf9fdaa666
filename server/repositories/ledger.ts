import type { Insertable, Kysely } from 'kysely';
import { CERTIFICATE_STATUS } from '../../domain/certificates';
import type { Database, LedgerHeadTable, LedgerLeafTable } from '../db/schema';

/**
 * The transparency log's tables (services/ledger/transparencyLog.ts): leaves, signed heads, and what the batch
 * page shows beside them. The statements moved here unchanged from the service (issue 29).
 */

/** A campaign's minting certificates that have a credential and no leaf yet, by id. */
export function mintingCertificatesOutsideLog(db: Kysely<Database>, campaignId: number) {
  return (
    db
      .selectFrom('certificates')
      .select(['id', 'credential'])
      .where('campaign_id', '=', campaignId)
      .where('status_id', '=', CERTIFICATE_STATUS.minting)
      .where('credential', 'is not', null)
      // with an EVM chain, anchored certificates stay minting until their transaction is final: not twice in the log
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('ledger_leaves').select('id').whereRef('ledger_leaves.certificate_id', '=', 'certificates.id'),
          ),
        ),
      )
      .orderBy('id')
      .execute()
  );
}

/** The hashes of the issuer's leaves, in order. */
export function logLeafHashes(db: Kysely<Database>, issuerId: number): Promise<{ leaf_hash: string }[]> {
  return db
    .selectFrom('ledger_leaves')
    .select('leaf_hash')
    .where('issuer_id', '=', issuerId)
    .orderBy('leaf_index')
    .execute();
}

export function insertLedgerHead(trx: Kysely<Database>, head: Insertable<LedgerHeadTable>): Promise<{ id: number }> {
  return trx.insertInto('ledger_heads').values(head).returning('id').executeTakeFirstOrThrow();
}

export async function insertLedgerLeaves(trx: Kysely<Database>, leaves: Insertable<LedgerLeafTable>[]): Promise<void> {
  await trx.insertInto('ledger_leaves').values(leaves).execute();
}

/** A certificate still minting gets its place in the log (token, transaction page) and its next status. */
export async function recordLeafOfMintingCertificate(
  trx: Kysely<Database>,
  certificateId: number,
  leaf: { status_id: number; nft_token_id: string; nft_transaction: string; updated_at: string },
): Promise<void> {
  await trx
    .updateTable('certificates')
    .set(leaf)
    .where('id', '=', certificateId)
    .where('status_id', '=', CERTIFICATE_STATUS.minting)
    .execute();
}

export type HeadRow = Omit<LedgerHeadTable, 'id'> & { id: number };

export function latestHead(db: Kysely<Database>, issuerId: number): Promise<HeadRow | undefined> {
  return db
    .selectFrom('ledger_heads')
    .selectAll()
    .where('issuer_id', '=', issuerId)
    .orderBy('tree_size', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export function findLedgerHead(db: Kysely<Database>, issuerId: number, treeSize: number) {
  return db
    .selectFrom('ledger_heads')
    .selectAll()
    .where('issuer_id', '=', issuerId)
    .where('tree_size', '=', treeSize)
    .executeTakeFirst();
}

/** The issuer's first `treeSize` leaves, in order. */
export function leavesBelow(db: Kysely<Database>, issuerId: number, treeSize: number) {
  return db
    .selectFrom('ledger_leaves')
    .select(['leaf_index', 'leaf_hash', 'certificate_id', 'head_id'])
    .where('issuer_id', '=', issuerId)
    .where('leaf_index', '<', treeSize)
    .orderBy('leaf_index')
    .execute();
}

/** The issuer's last head smaller than `treeSize`. */
export function headBefore(db: Kysely<Database>, issuerId: number, treeSize: number) {
  return db
    .selectFrom('ledger_heads')
    .select(['tree_size', 'root_hash'])
    .where('issuer_id', '=', issuerId)
    .where('tree_size', '<', treeSize)
    .orderBy('tree_size', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export function certificateKeyOf(db: Kysely<Database>, certificateId: number) {
  return db.selectFrom('certificates').select('key').where('id', '=', certificateId).executeTakeFirst();
}

/** The wallet a certificate was claimed into, with the signed claim. */
export function claimOf(db: Kysely<Database>, certificateId: number) {
  return db
    .selectFrom('nft_claims')
    .select(['wallet', 'claim_message', 'claim_signature', 'claimed_at'])
    .where('certificate_id', '=', certificateId)
    .executeTakeFirst();
}

/** Every leaf of the issuer's log with its certificate's credential (null when gone), in order. */
export function leavesWithCredentials(db: Kysely<Database>, issuerId: number) {
  return db
    .selectFrom('ledger_leaves')
    .leftJoin('certificates', 'certificates.id', 'ledger_leaves.certificate_id')
    .select([
      'ledger_leaves.leaf_index',
      'ledger_leaves.leaf_hash',
      'ledger_leaves.certificate_id',
      'certificates.credential',
    ])
    .where('ledger_leaves.issuer_id', '=', issuerId)
    .orderBy('ledger_leaves.leaf_index')
    .execute();
}

/** Every head of the issuer's log, smallest first. */
export function ledgerHeads(db: Kysely<Database>, issuerId: number) {
  return db.selectFrom('ledger_heads').selectAll().where('issuer_id', '=', issuerId).orderBy('tree_size').execute();
}
