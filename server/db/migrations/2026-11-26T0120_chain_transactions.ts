import type { Kysely } from 'kysely';
import { idColumn } from '../migrationHelpers';

/**
 * The EVM anchoring transactions of the transparency log's heads (issue 20, server/services/ledger/evm/): one row
 * per head, with the nonce, the latest hash and every field needed to send it again (`sent`, JSON, the hashes of
 * all its broadcasts included), its state (sent, confirmed, failed) and the last error. A retried job reads it
 * back: it waits for the recorded transaction or sends it again with the same nonce instead of paying twice.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('chain_transactions')
    .addColumn('id', idColumn(db), (c) => c.primaryKey())
    .addColumn('issuer_id', 'integer', (c) => c.notNull().references('issuers.id').onDelete('cascade'))
    .addColumn('head_id', 'integer', (c) => c.notNull().unique().references('ledger_heads.id').onDelete('cascade'))
    .addColumn('chain_id', 'integer', (c) => c.notNull())
    .addColumn('nonce', 'integer')
    .addColumn('tx_hash', 'text')
    .addColumn('sent', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('block_number', 'integer')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('chain_transactions').execute();
}
