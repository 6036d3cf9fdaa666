import type { Kysely } from 'kysely';
import { idColumn } from '../migrationHelpers';

/**
 * Expiry and renewal (issue 28).
 * - templates.expiry: the template's expiry settings as JSON (validity period, reminder days, the issuer's copy),
 *   parsed in server/repositories/templateRows.ts; null: no validity, the default reminders (60 and 7 days).
 * - expiry_reminders: which reminder (days before expiry) went for which certificate: one row per certificate and
 *   offset (unique), written in the transaction that queues the mail, so a sweep run twice or by two workers sends it
 *   once. skipped = 1: the offset had passed when a nearer one was sent (no mail).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('templates').addColumn('expiry', 'text').execute();
  await db.schema
    .createTable('expiry_reminders')
    .addColumn('id', idColumn(db), (c) => c.primaryKey())
    .addColumn('certificate_id', 'integer', (c) => c.notNull().references('certificates.id').onDelete('cascade'))
    .addColumn('offset_days', 'integer', (c) => c.notNull())
    .addColumn('skipped', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sent_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('expiry_reminders_certificate_offset', ['certificate_id', 'offset_days'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('expiry_reminders').execute();
  await db.schema.alterTable('templates').dropColumn('expiry').execute();
}
