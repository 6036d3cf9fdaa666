import type { Kysely } from 'kysely';
import { idColumn } from '../migrationHelpers';

/**
 * Wallet offers (issue 30): a one-time, expiring offer of one certificate's credential to a wallet. Every secret
 * is kept only as its SHA-256 (the pre-authorized code, the transaction code, the access token and the c_nonce it
 * leads to). `protocol` says which exchange the offer serves ('oid4vci' now, 'vcapi' for the VC-API exchange);
 * `state` goes offered → token_issued → claimed; `holder_did` is the DID the claimed copy is bound to.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('wallet_offers')
    .addColumn('id', idColumn(db), (c) => c.primaryKey())
    .addColumn('issuer_id', 'integer', (c) => c.notNull().references('issuers.id').onDelete('cascade'))
    .addColumn('certificate_id', 'integer', (c) => c.notNull())
    .addColumn('protocol', 'text', (c) => c.notNull())
    .addColumn('code_hash', 'text', (c) => c.notNull().unique())
    .addColumn('tx_code_hash', 'text')
    .addColumn('access_token_hash', 'text', (c) => c.unique())
    .addColumn('c_nonce_hash', 'text')
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('failed_attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('holder_did', 'text')
    .addColumn('user_id', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('token_expires_at', 'text')
    .addColumn('claimed_at', 'text')
    .execute();
  await db.schema.createIndex('wallet_offers_certificate').on('wallet_offers').column('certificate_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('wallet_offers').execute();
}
