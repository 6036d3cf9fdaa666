import type { Kysely } from 'kysely';
import { idColumn } from '../migrationHelpers';

/**
 * The recipient's correction requests (issue 28): asked from the certificate's public page (proved by a mailed
 * code), answered by the issuer (approved: a corrected re-issue; refused: a message). `changes` is JSON
 * {field: {from, to}}; `answered_by` the user who answered, null for an automatic approval; `replacement_key` the
 * certificate the approval made. An index serves the pending requests of an issuer (the report's filter, the
 * dashboard's count) and one per certificate. `issuers.auto_approve_corrections`: a one- or two-letter change of the
 * name is approved at once (once per certificate); off by default.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('correction_requests')
    .addColumn('id', idColumn(db), (c) => c.primaryKey())
    .addColumn('issuer_id', 'integer', (c) => c.notNull().references('issuers.id').onDelete('cascade'))
    .addColumn('certificate_id', 'integer', (c) => c.notNull())
    .addColumn('changes', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('answer', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('answered_at', 'text')
    .addColumn('answered_by', 'integer')
    .addColumn('automatic', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('replacement_key', 'text')
    .execute();
  await db.schema
    .createIndex('correction_requests_issuer_status')
    .on('correction_requests')
    .columns(['issuer_id', 'status', 'certificate_id'])
    .execute();
  await db.schema
    .createIndex('correction_requests_certificate')
    .on('correction_requests')
    .columns(['certificate_id', 'status'])
    .execute();
  await db.schema
    .alterTable('issuers')
    .addColumn('auto_approve_corrections', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('issuers').dropColumn('auto_approve_corrections').execute();
  await db.schema.dropTable('correction_requests').execute();
}
