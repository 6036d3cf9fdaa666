import type { Kysely } from 'kysely';
import { idColumn } from '../migrationHelpers';

/**
 * Claims of NFT certificates into wallets (issue 20, statuses 13 claimed and 14 revealed): the wallet a recipient
 * proved by an EIP-191 signature of a fixed message, the signature itself (so that anyone can check the claim with
 * the wallet address), and the reveal signature and times. One claim per certificate; kept when the certificate
 * is later deleted, as its leaf is.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('nft_claims')
    .addColumn('id', idColumn(db), (c) => c.primaryKey())
    .addColumn('issuer_id', 'integer', (c) => c.notNull().references('issuers.id').onDelete('cascade'))
    .addColumn('certificate_id', 'integer', (c) => c.notNull().unique())
    .addColumn('leaf_index', 'integer', (c) => c.notNull())
    .addColumn('wallet', 'text', (c) => c.notNull())
    .addColumn('claim_message', 'text', (c) => c.notNull())
    .addColumn('claim_signature', 'text', (c) => c.notNull())
    .addColumn('claimed_at', 'text', (c) => c.notNull())
    .addColumn('mint_transaction', 'text')
    .addColumn('reveal_message', 'text')
    .addColumn('reveal_signature', 'text')
    .addColumn('revealed_at', 'text')
    .addColumn('reveal_transaction', 'text')
    .execute();
  await db.schema.createIndex('nft_claims_issuer_leaf').on('nft_claims').columns(['issuer_id', 'leaf_index']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('nft_claims').execute();
}
