import type { Kysely } from 'kysely';

/**
 * Renewal (issue 28): certificate_replacements.kind says why the new certificate followed the old one.
 * - 'correction' (every earlier row): a corrected re-issue; the old certificate is revoked for good (status 15).
 * - 'renewal': the same recipient data with a new validity; the old certificate is NOT revoked (it was right, only
 *   its time runs out): it stays valid until its own expiry, its page links the new one, and it gets no reminders.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('certificate_replacements')
    .addColumn('kind', 'text', (c) => c.notNull().defaultTo('correction'))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('certificate_replacements').dropColumn('kind').execute();
}
