import type { Kysely } from 'kysely';

/**
 * What recipients did (issue 31). certificate_activity: per certificate and kind (view, pdf, image, linkedin,
 * verification; domain/activity.ts) how many times, first and last — one row per certificate and kind, updated in
 * place by an upsert at each counted event, never a row per visit, and nothing about the visitor.
 * activity_days: the same events added up per issuer, template, UTC day and kind, for the dashboard's period totals.
 * Both go with their certificate or issuer.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('certificate_activity')
    .addColumn('certificate_id', 'integer', (c) => c.notNull().references('certificates.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('first_at', 'text', (c) => c.notNull())
    .addColumn('last_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('certificate_activity_pk', ['certificate_id', 'kind'])
    .execute();
  await db.schema
    .createTable('activity_days')
    .addColumn('issuer_id', 'integer', (c) => c.notNull().references('issuers.id').onDelete('cascade'))
    .addColumn('template_id', 'integer', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('activity_days_pk', ['issuer_id', 'day', 'template_id', 'kind'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('activity_days').execute();
  await db.schema.dropTable('certificate_activity').execute();
}
