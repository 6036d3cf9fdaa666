import { sql, type Kysely } from 'kysely';

/**
 * The dashboard's email figures (spec 000 section 2.5): emails of an issuer by the time they were sent, with what
 * the counts need (outcome, template, opened) in the index itself. Partial on mail_sent_at so that it holds only
 * emailed certificates; the period and all-time counts read it without touching the certificates' rows.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('certificates_issuer_mail_sent_at')
    .on('certificates')
    .columns(['issuer_id', 'mail_sent_at', 'mail_sent', 'template_id', 'mail_read_at'])
    .where(sql.ref('mail_sent_at'), 'is not', null)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('certificates_issuer_mail_sent_at').execute();
}
