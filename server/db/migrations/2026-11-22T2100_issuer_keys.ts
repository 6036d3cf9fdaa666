import { sql, type Kysely } from 'kysely';
import { idColumn } from '../migrationHelpers';

/**
 * Each issuer's Ed25519 signing keys. The private key is stored only encrypted (AES-256-GCM under the server's
 * credentials key); a rotated key is retired, never deleted, so credentials it signed still verify. At most one
 * key per issuer is active (retired_at null).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('issuer_keys')
    .addColumn('id', idColumn(db), (c) => c.primaryKey())
    .addColumn('issuer_id', 'integer', (c) => c.notNull().references('issuers.id').onDelete('cascade'))
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('public_key_multibase', 'text', (c) => c.notNull())
    .addColumn('private_key_encrypted', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('retired_at', 'text')
    .addUniqueConstraint('issuer_keys_issuer_version', ['issuer_id', 'version'])
    .execute();
  await db.schema
    .createIndex('issuer_keys_one_active')
    .on('issuer_keys')
    .column('issuer_id')
    .unique()
    .where(sql.ref('retired_at'), 'is', null)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('issuer_keys').execute();
}
