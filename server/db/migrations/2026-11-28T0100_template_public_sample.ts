import type { Kysely } from 'kysely';

/**
 * Whether the issuer shows a template's sample page publicly before any certificate is published (issue 27,
 * "nothing unpublished is public"): the public template page, its thumbnail and its Open Badges documents answer
 * only for a template with a published certificate or with this flag. Off by default, so that no template made
 * before becomes visible.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('templates')
    .addColumn('public_sample', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('templates').dropColumn('public_sample').execute();
}
