import type { Kysely } from 'kysely';
import { idColumn } from '../migrationHelpers';

/**
 * Account verification requests (spec 000 section 2.12): what an Administrator declared about the issuer, and
 * the keys of the two files kept in the file store. The issuer's params record that a request was sent.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('account_verifications')
    .addColumn('id', idColumn(db), (c) => c.primaryKey())
    .addColumn('issuer_id', 'integer', (c) => c.notNull().references('issuers.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('public_name', 'text', (c) => c.notNull())
    .addColumn('official_name', 'text', (c) => c.notNull())
    .addColumn('juridic_form', 'text', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('website', 'text', (c) => c.notNull())
    .addColumn('statement_intent', 'integer', (c) => c.notNull())
    .addColumn('country', 'text', (c) => c.notNull())
    .addColumn('logo_file', 'text', (c) => c.notNull())
    .addColumn('document_file', 'text', (c) => c.notNull())
    .addColumn('submitted_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('account_verifications_issuer')
    .on('account_verifications')
    .columns(['issuer_id', 'id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('account_verifications').execute();
}
