import { sql, type Kysely } from 'kysely';
import { CERTIFICATE_STATUS } from '../../domain/certificates';
import type { Certificate, Database, Template } from '../db/schema';
import { parseContent, parseLabel, type ParsedTemplate } from './templateRows';

/** What signing reads of a certificate. */
export type CertificateToSign = Pick<
  Certificate,
  | 'id'
  | 'key'
  | 'template_id'
  | 'language'
  | 'email'
  | 'first_name'
  | 'last_name'
  | 'recipient_key'
  | 'obtention_date'
  | 'expiration_date'
  | 'status_index'
>;

/** The campaign's certificates without a credential yet, after `afterId`, in id order. */
export function listUnsignedCertificates(
  db: Kysely<Database>,
  campaignId: number,
  afterId: number,
  limit: number,
): Promise<CertificateToSign[]> {
  return db
    .selectFrom('certificates')
    .select([
      'id',
      'key',
      'template_id',
      'language',
      'email',
      'first_name',
      'last_name',
      'recipient_key',
      'obtention_date',
      'expiration_date',
      'status_index',
    ])
    .where('campaign_id', '=', campaignId)
    .where('credential', 'is', null)
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** Rows per UPDATE: one statement instead of one round trip per certificate. */
const STORE_CHUNK = 100;

/** Stores signed credentials; a certificate signed meanwhile by another worker keeps its first credential. */
export async function storeCredentials(
  db: Kysely<Database>,
  credentials: readonly { id: number; credential: string }[],
): Promise<void> {
  for (let start = 0; start < credentials.length; start += STORE_CHUNK) {
    const chunk = credentials.slice(start, start + STORE_CHUNK);
    const cases = sql.join(
      chunk.map(({ id, credential }) => sql`when ${id} then ${credential}`),
      sql` `,
    );
    await db
      .updateTable('certificates')
      .set({ credential: sql<string>`case ${sql.ref('id')} ${cases} end` })
      .where(
        'id',
        'in',
        chunk.map(({ id }) => id),
      )
      .where('credential', 'is', null)
      .execute();
  }
}

/** What the public credential addresses read of a certificate. */
export type PublicCertificate = Pick<
  Certificate,
  'id' | 'key' | 'issuer_id' | 'template_id' | 'language' | 'status_id' | 'status_index' | 'credential'
>;

export function findPublicCertificate(db: Kysely<Database>, key: string): Promise<PublicCertificate | undefined> {
  return db
    .selectFrom('certificates')
    .select(['id', 'key', 'issuer_id', 'template_id', 'language', 'status_id', 'status_index', 'credential'])
    .where('key', '=', key)
    .executeTakeFirst();
}

/** The status-list places of the issuer's deleted, disabled and replaced certificates. */
export function listFlaggedStatusIndexes(
  db: Kysely<Database>,
  issuerId: number,
): Promise<{ status_index: number; status_id: number }[]> {
  return db
    .selectFrom('certificates')
    .select(['status_index', 'status_id'])
    .where('issuer_id', '=', issuerId)
    .where('status_id', 'in', [CERTIFICATE_STATUS.deleted, CERTIFICATE_STATUS.disabled, CERTIFICATE_STATUS.replaced])
    .execute();
}

/** The issuer's status version and the end of its allocated status-list places. */
export function findIssuerStatusState(
  db: Kysely<Database>,
  issuerId: number,
): Promise<{ id: number; status_version: number; next_status_index: number } | undefined> {
  return db
    .selectFrom('issuers')
    .select(['id', 'status_version', 'next_status_index'])
    .where('id', '=', issuerId)
    .executeTakeFirst();
}

/** A template as the public credential documents read it (its Achievement, its badge logo). */
export async function findCredentialTemplate(
  db: Kysely<Database>,
  templateId: number,
): Promise<
  | (Pick<Template, 'id' | 'issuer_id' | 'type' | 'languages' | 'default_language'> & {
      parsed: Pick<ParsedTemplate['parsed'], 'label' | 'content'>;
    })
  | undefined
> {
  const row = await db
    .selectFrom('templates')
    .select(['id', 'issuer_id', 'type', 'label', 'content', 'languages', 'default_language'])
    .where('id', '=', templateId)
    .executeTakeFirst();
  if (!row) return undefined;
  const { label, content, ...columns } = row;
  return { ...columns, parsed: { label: parseLabel(label), content: parseContent(content) } };
}
