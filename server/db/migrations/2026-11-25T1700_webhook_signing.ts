import type { Kysely } from 'kysely';

/**
 * Signed webhooks (issue 17, point 13): each issuer's signing secret (shown once when made, replaced by a
 * rotation), and on each recorded delivery attempt when the next one is planned (null: none, the delivery
 * succeeded or gave up).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('webhook_secrets')
    .addColumn('issuer_id', 'integer', (c) => c.primaryKey().references('issuers.id').onDelete('cascade'))
    .addColumn('secret', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.alterTable('webhook_deliveries').addColumn('next_attempt_at', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('webhook_deliveries').dropColumn('next_attempt_at').execute();
  await db.schema.dropTable('webhook_secrets').execute();
}
