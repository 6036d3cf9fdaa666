import type { Kysely } from 'kysely';

/**
 * Templates made before the editors set technical fields (DataTech) have none, so every import row was its
 * own recipient. Badge templates (openbadge, openbadge_custom) now name their recipient by Email: every row
 * of a badge import already has one, so their files import as before, and a person's rows in several
 * languages become one certificate. Other templates (registry templates have a single language) keep none:
 * each row stays its own recipient until their editor names a column (docs/decisions.md, 2026-11-25).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db
    .updateTable('templates')
    .set({ technical_fields: 'Email' })
    .where('technical_fields', '=', '')
    .where('type', 'in', ['openbadge', 'openbadge_custom'])
    .execute();
}

/** The earlier state is "none"; templates saved since with their own fields lose them too, as before. */
export async function down(db: Kysely<any>): Promise<void> {
  await db
    .updateTable('templates')
    .set({ technical_fields: '' })
    .where('technical_fields', '=', 'Email')
    .where('type', 'in', ['openbadge', 'openbadge_custom'])
    .execute();
}
