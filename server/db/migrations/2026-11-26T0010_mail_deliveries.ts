import type { Kysely } from 'kysely';

/**
 * Mail outages (issue 17, point 5): a certificate's message that could not be delivered yet (pending: tried again
 * with back-off for 24 hours) or that was refused for good (failed: a 5xx answer, or 24 hours of temporary
 * failures). The row keeps what the job handler needs to try again (the message settings, the attempts, when
 * the next one is due) and why it failed, which the reports show; it is removed once the message is accepted.
 * `mail_retry_schedule` remembers when the retry job is planned, so that failures do not queue one job each.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('mail_deliveries')
    .addColumn('certificate_id', 'integer', (c) => c.primaryKey().references('certificates.id').onDelete('cascade'))
    .addColumn('issuer_id', 'integer', (c) => c.notNull().references('issuers.id').onDelete('cascade'))
    .addColumn('template_id', 'integer', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('requested_at', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull())
    .addColumn('window_started_at', 'text', (c) => c.notNull())
    .addColumn('next_attempt_at', 'text')
    .addColumn('last_error', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('mail_deliveries_due')
    .on('mail_deliveries')
    .columns(['state', 'next_attempt_at'])
    .execute();
  await db.schema.createIndex('mail_deliveries_issuer').on('mail_deliveries').column('issuer_id').execute();
  await db.schema
    .createTable('mail_retry_schedule')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('run_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('mail_retry_schedule').execute();
  await db.schema.dropTable('mail_deliveries').execute();
}
