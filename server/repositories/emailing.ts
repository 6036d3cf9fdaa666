import type { Kysely } from 'kysely';
import { ENABLED_STATUSES } from '../../domain/certificates';
import type { Database } from '../db/schema';
import { parseContent, parseLabel, type ParsedTemplate } from './templateRows';

/** The issuer's certificates with these keys (at most one chunk) whose mail failed (mail_sent 0). */
export function failedMailCertificates(db: Kysely<Database>, issuerId: number, keys: string[]) {
  return db
    .selectFrom('certificates')
    .select(['id', 'template_id', 'language', 'status_id', 'email', 'mail_sent'])
    .where('issuer_id', '=', issuerId)
    .where('key', 'in', keys)
    .where('mail_sent', '=', 0)
    .execute();
}

/** A certificate whose mail failed is unsent again (its mail is to be sent anew). */
export async function markMailUnsent(db: Kysely<Database>, certificateId: number, now: string): Promise<void> {
  await db
    .updateTable('certificates')
    .set({ mail_sent: null, mail_read_at: null, updated_at: now })
    .where('id', '=', certificateId)
    .where('mail_sent', '=', 0)
    .execute();
}

/** The issuer's template's id, when the template is the issuer's. */
export function findIssuerTemplateId(db: Kysely<Database>, issuerId: number, templateId: number) {
  return db
    .selectFrom('templates')
    .select(['id'])
    .where('issuer_id', '=', issuerId)
    .where('id', '=', templateId)
    .executeTakeFirst();
}

/** The certificates of a send: the issuer's of this template, among `ids` (at most one chunk) and in the campaign when given. */
export function mailTargetCertificates(
  db: Kysely<Database>,
  issuerId: number,
  templateId: number,
  ids: readonly number[] | null,
  campaignId: number | undefined,
) {
  let query = db
    .selectFrom('certificates')
    .select(['id', 'status_id', 'email'])
    .where('issuer_id', '=', issuerId)
    .where('template_id', '=', templateId);
  if (ids) query = query.where('id', 'in', ids);
  if (campaignId !== undefined) query = query.where('campaign_id', '=', campaignId);
  return query.execute();
}

/** What a certificate's message says of its template: its label and content, in the default language else. */
export async function mailTemplate(
  db: Kysely<Database>,
  templateId: number,
): Promise<{ default_language: string; parsed: Pick<ParsedTemplate['parsed'], 'label' | 'content'> }> {
  const row = await db
    .selectFrom('templates')
    .select(['label', 'content', 'default_language'])
    .where('id', '=', templateId)
    .executeTakeFirstOrThrow();
  return {
    default_language: row.default_language,
    parsed: { label: parseLabel(row.label), content: parseContent(row.content) },
  };
}

/** The certificate a test message is made from: the issuer's, of this template. */
export function testMailCertificate(db: Kysely<Database>, issuerId: number, templateId: number, certificateId: number) {
  return db
    .selectFrom('certificates')
    .select(['key', 'email', 'first_name', 'last_name', 'language', 'obtention_date', 'expiration_date'])
    .where('issuer_id', '=', issuerId)
    .where('template_id', '=', templateId)
    .where('id', '=', certificateId)
    .executeTakeFirst();
}

/** The certificate a message goes to, as the sending worker reads it. */
export function mailCertificate(db: Kysely<Database>, certificateId: number) {
  return db
    .selectFrom('certificates')
    .select([
      'id',
      'key',
      'email',
      'first_name',
      'last_name',
      'language',
      'status_id',
      'mail_sent_at',
      'obtention_date',
      'expiration_date',
    ])
    .where('id', '=', certificateId)
    .executeTakeFirst();
}

/** The certificate's mail outcome: sent (1) or not delivered (0), at `now`; any earlier opening forgotten. */
export async function setMailOutcome(
  db: Kysely<Database>,
  certificateId: number,
  sent: 0 | 1,
  now: string,
): Promise<void> {
  await db
    .updateTable('certificates')
    .set({ mail_sent: sent, mail_sent_at: now, mail_read_at: null, updated_at: now })
    .where('id', '=', certificateId)
    .execute();
}

/** Which of these certificates (at most one chunk) have an undelivered message on record. */
export function mailDeliveryCertificateIds(db: Kysely<Database>, ids: readonly number[]) {
  return db.selectFrom('mail_deliveries').select('certificate_id').where('certificate_id', 'in', ids).execute();
}

/** The open-tracking image: marks the first opening of a sent message. */
export async function markMailOpened(db: Kysely<Database>, key: string, now: string): Promise<void> {
  await db
    .updateTable('certificates')
    .set({ mail_read_at: now })
    .where('key', '=', key)
    .where('mail_sent', '=', 1)
    .where('mail_read_at', 'is', null)
    .execute();
}

/** The campaign's template and whether its publication asked for automated emailing. */
export function campaignEmailing(db: Kysely<Database>, campaignId: number) {
  return db
    .selectFrom('campaigns')
    .select(['template_id', 'automated_emailing'])
    .where('id', '=', campaignId)
    .executeTakeFirst();
}

/** The campaign's active certificates with an address, those that replaced another left out. */
export function automatedMailCertificates(db: Kysely<Database>, campaignId: number) {
  return (
    db
      .selectFrom('certificates')
      .select(['id', 'language'])
      .where('campaign_id', '=', campaignId)
      .where('status_id', 'in', ENABLED_STATUSES)
      .where('email', '!=', '')
      // a certificate that replaced another is mailed what changed instead (services/certificates/replacementNotice.ts)
      .where('id', 'not in', (eb) => eb.selectFrom('certificate_replacements').select('new_certificate_id'))
      .execute()
  );
}
