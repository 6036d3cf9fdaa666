import type { Kysely } from 'kysely';

/**
 * Whether a template's rows may leave out the recipient's name (issue 28, "no column is silently dropped"): every
 * public page, PDF and credential shows who a certificate was awarded to, so firstName and lastName are required
 * columns unless the template says its certificates name nobody (a ticket, a membership keyed by an address). Off by
 * default.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('templates')
    .addColumn('names_optional', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('templates').dropColumn('names_optional').execute();
}
