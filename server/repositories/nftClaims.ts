import type { Insertable, Kysely } from 'kysely';
import type { Certificate, Database, NftClaimTable } from '../db/schema';

/**
 * NFT claims and reveals (services/ledger/claims.ts): the certificate, its leaf and its claim, and the writes that
 * move it from validated to claimed to revealed. The statements moved here unchanged from the service (issue 29).
 */

export function findCertificateByKey(db: Kysely<Database>, key: string): Promise<Certificate | undefined> {
  return db.selectFrom('certificates').selectAll().where('key', '=', key).executeTakeFirst();
}

export function templateNftFlag(db: Kysely<Database>, templateId: number): Promise<{ is_nft: number } | undefined> {
  return db.selectFrom('templates').select(['is_nft']).where('id', '=', templateId).executeTakeFirst();
}

/** A certificate's leaf in its issuer's log, with the size of the head that added it. */
export function leafOfCertificate(db: Kysely<Database>, certificateId: number) {
  return db
    .selectFrom('ledger_leaves')
    .innerJoin('ledger_heads', 'ledger_heads.id', 'ledger_leaves.head_id')
    .select(['ledger_leaves.leaf_index', 'ledger_heads.tree_size'])
    .where('ledger_leaves.certificate_id', '=', certificateId)
    .executeTakeFirst();
}

export function claimOfCertificate(db: Kysely<Database>, certificateId: number) {
  return db
    .selectFrom('nft_claims')
    .select([
      'wallet',
      'claim_message',
      'claim_signature',
      'claimed_at',
      'revealed_at',
      'mint_transaction',
      'reveal_transaction',
    ])
    .where('certificate_id', '=', certificateId)
    .executeTakeFirst();
}

/** Moves a certificate from one status to another: false (nothing changed) when it was no longer in `from`. */
export async function moveCertificateStatus(
  trx: Kysely<Database>,
  certificateId: number,
  from: number,
  to: number,
  at: string,
): Promise<boolean> {
  const moved = await trx
    .updateTable('certificates')
    .set({ status_id: to, updated_at: at })
    .where('id', '=', certificateId)
    .where('status_id', '=', from)
    .executeTakeFirst();
  return Number(moved.numUpdatedRows) === 1;
}

export async function insertNftClaim(trx: Kysely<Database>, claim: Insertable<NftClaimTable>): Promise<void> {
  await trx.insertInto('nft_claims').values(claim).execute();
}

export async function recordReveal(
  trx: Kysely<Database>,
  certificateId: number,
  reveal: { reveal_message: string; reveal_signature: string; revealed_at: string; reveal_transaction: string | null },
): Promise<void> {
  await trx.updateTable('nft_claims').set(reveal).where('certificate_id', '=', certificateId).execute();
}

/** The leaf at an index of the issuer's log (a token), with the size of the head that added it. */
export function leafAt(db: Kysely<Database>, issuerId: number, leafIndex: number) {
  return db
    .selectFrom('ledger_leaves')
    .innerJoin('ledger_heads', 'ledger_heads.id', 'ledger_leaves.head_id')
    .select(['ledger_leaves.certificate_id', 'ledger_heads.tree_size'])
    .where('ledger_leaves.issuer_id', '=', issuerId)
    .where('ledger_leaves.leaf_index', '=', leafIndex)
    .executeTakeFirst();
}

export function tokenCertificate(db: Kysely<Database>, certificateId: number) {
  return db
    .selectFrom('certificates')
    .select(['key', 'status_id', 'template_id', 'credential'])
    .where('id', '=', certificateId)
    .executeTakeFirst();
}
