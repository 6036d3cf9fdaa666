import type { Kysely } from 'kysely';
import { idColumn } from '../migrationHelpers';

/**
 * The transparency log, the default NFT ledger (issue 20): one append-only RFC 6962 log per issuer. Each NFT
 * certificate is a leaf (the hash of its signed credential, at `leaf_index` in its issuer's log); each anchoring
 * batch appends its leaves and signs a tree head over the whole log (`tree_size` leaves, `root_hash`) with the
 * issuer's key, chained to the previous head by `previous_head_hash`. Leaves keep no foreign key to their
 * certificate: a deleted certificate's leaf stays, or every later proof would break.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('ledger_heads')
    .addColumn('id', idColumn(db), (c) => c.primaryKey())
    .addColumn('issuer_id', 'integer', (c) => c.notNull().references('issuers.id').onDelete('cascade'))
    .addColumn('campaign_id', 'integer')
    .addColumn('tree_size', 'integer', (c) => c.notNull())
    .addColumn('root_hash', 'text', (c) => c.notNull())
    .addColumn('previous_head_hash', 'text')
    .addColumn('head_hash', 'text', (c) => c.notNull())
    .addColumn('key_id', 'text', (c) => c.notNull())
    .addColumn('signature', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('ledger_heads_issuer_size', ['issuer_id', 'tree_size'])
    .execute();
  await db.schema
    .createTable('ledger_leaves')
    .addColumn('id', idColumn(db), (c) => c.primaryKey())
    .addColumn('issuer_id', 'integer', (c) => c.notNull().references('issuers.id').onDelete('cascade'))
    .addColumn('leaf_index', 'integer', (c) => c.notNull())
    .addColumn('certificate_id', 'integer', (c) => c.notNull().unique())
    .addColumn('head_id', 'integer', (c) => c.notNull().references('ledger_heads.id').onDelete('cascade'))
    .addColumn('leaf_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('ledger_leaves_issuer_index', ['issuer_id', 'leaf_index'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('ledger_leaves').execute();
  await db.schema.dropTable('ledger_heads').execute();
}
