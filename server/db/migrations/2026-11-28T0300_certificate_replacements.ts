import type { Kysely } from 'kysely';
import { idColumn } from '../migrationHelpers';

/**
 * Corrected re-issue (issue 28): which certificate replaced which, why, by whom and when. A table of its own rather
 * than columns on certificates: the certificates table is the hot, wide one (reports, search, triggers), and only a
 * few of its rows are ever replaced; the reason, kept only here (never in a status list), stays out of every report
 * and export that reads certificates. old_certificate_id is unique, so a certificate is replaced once even when two
 * re-issues race; new_certificate_id is unique, so a certificate replaces one.
 *
 * plan_settings: what a plan gives besides its tier (a setting per plan, set by sales in the database): whether
 * corrections are free. No row means the defaults (corrections charged one credit each).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('certificate_replacements')
    .addColumn('id', idColumn(db), (c) => c.primaryKey())
    .addColumn('issuer_id', 'integer', (c) => c.notNull().references('issuers.id').onDelete('cascade'))
    .addColumn('old_certificate_id', 'integer', (c) => c.notNull().unique())
    .addColumn('new_certificate_id', 'integer', (c) => c.notNull().unique())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('user_id', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('plan_settings')
    .addColumn('plan', 'text', (c) => c.primaryKey())
    .addColumn('free_corrections', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('plan_settings').execute();
  await db.schema.dropTable('certificate_replacements').execute();
}
