import { sql, type Insertable, type Kysely } from 'kysely';
import { CERTIFICATE_STATUS, REPLACEABLE_STATUSES, type ReplacementKind } from '../../domain/certificates';
import { compiledOnce } from '../db/compiledOnce';
import { isPostgres } from '../db/migrationHelpers';
import type { Certificate, CertificateReplacementTable, Database } from '../db/schema';

/** Keys or ids per statement: far below SQLite's and PostgreSQL's bound-value limits. */
const CHUNK = 500;

function chunks<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let start = 0; start < items.length; start += CHUNK) out.push(items.slice(start, start + CHUNK));
  return out;
}

/** Whether a `certificates` row was followed by another (renewed or replaced): old_certificate_id is unique. */
export const followedCertificate = sql<boolean>`exists (select 1 from certificate_replacements followers where followers.old_certificate_id = certificates.id)`;
/** The certificates not followed by another: not renewed, not replaced (the sweep's reminders, a renewal's check). */
export const notFollowed = sql<boolean>`not ${followedCertificate}`;

/**
 * Locks the issuer's row until the transaction ends on PostgreSQL, so that one issuer's re-issues and publishes
 * read and write one after the other (SQLite runs one transaction at a time anyway).
 */
export async function lockIssuer(db: Kysely<Database>, issuerId: number): Promise<void> {
  if (isPostgres(db)) await db.selectFrom('issuers').select('id').where('id', '=', issuerId).forUpdate().execute();
}

/** Whether the plan's corrected re-issues are free (plan_settings; no row: charged). */
export async function planHasFreeCorrections(db: Kysely<Database>, plan: string): Promise<boolean> {
  const row = await db
    .selectFrom('plan_settings')
    .select('free_corrections')
    .where('plan', '=', plan)
    .executeTakeFirst();
  return row?.free_corrections === 1;
}

/** What a re-issue or a renewal reads of a certificate to be replaced; followed: it was already renewed or replaced. */
export type CertificateToReplace = { followed: boolean } & Pick<
  Certificate,
  | 'id'
  | 'key'
  | 'template_id'
  | 'campaign_id'
  | 'status_id'
  | 'language'
  | 'email'
  | 'recipient_key'
  | 'data'
  | 'translations'
  | 'obtention_date'
  | 'expiration_date'
>;

/** The issuer's certificates of these keys (others' are not found); inside the re-issue's transaction. */
export async function findCertificatesToReplace(
  db: Kysely<Database>,
  issuerId: number,
  keys: readonly string[],
): Promise<CertificateToReplace[]> {
  const found: CertificateToReplace[] = [];
  for (const part of chunks(keys)) {
    const rows = await db
      .selectFrom('certificates')
      .select([
        'id',
        'key',
        'template_id',
        'campaign_id',
        'status_id',
        'language',
        'email',
        'recipient_key',
        'data',
        'translations',
        'obtention_date',
        'expiration_date',
      ])
      // a certificate is followed at most once (certificate_replacements.old_certificate_id is unique)
      .select(followedCertificate.as('followed'))
      .where('issuer_id', '=', issuerId)
      .where('key', 'in', part)
      .execute();
    // SQLite answers 0 or 1, PostgreSQL a boolean
    for (const row of rows) found.push({ ...row, followed: Boolean(Number(row.followed)) });
  }
  return found;
}

/**
 * How many of these certificates are still renewable (validated, not yet followed by another): a renewal counts
 * them in its transaction so that one changed meanwhile (disabled, corrected, renewed) rolls it back.
 */
export async function countRenewable(db: Kysely<Database>, ids: readonly number[]): Promise<number> {
  let count = 0;
  for (const part of chunks(ids)) {
    const row = await db
      .selectFrom('certificates')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('id', 'in', part)
      .where('status_id', 'in', [...REPLACEABLE_STATUSES])
      .where(notFollowed)
      .executeTakeFirst();
    count += Number(row?.n ?? 0);
  }
  return count;
}

/** The ids of the certificates of these keys, key → id (the new certificates of a re-issue, once inserted). */
export async function findCertificateIds(db: Kysely<Database>, keys: readonly string[]): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (const part of chunks(keys)) {
    for (const row of await db.selectFrom('certificates').select(['id', 'key']).where('key', 'in', part).execute())
      ids.set(row.key, row.id);
  }
  return ids;
}

/**
 * Marks these certificates replaced, only those still replaceable; answers how many changed, so that the caller
 * can tell a certificate changed meanwhile (by another re-issue or a disable) and roll back.
 */
export async function markReplaced(db: Kysely<Database>, ids: readonly number[], now: string): Promise<number> {
  let updated = 0;
  for (const part of chunks(ids)) {
    const result = await db
      .updateTable('certificates')
      .set({ status_id: CERTIFICATE_STATUS.replaced, updated_at: now })
      .where('id', 'in', part)
      .where('status_id', 'in', [...REPLACEABLE_STATUSES])
      // one renewed meanwhile is followed already (old_certificate_id is unique)
      .where(notFollowed)
      .executeTakeFirst();
    updated += Number(result.numUpdatedRows);
  }
  return updated;
}

export async function insertReplacements(
  db: Kysely<Database>,
  replacements: readonly Insertable<CertificateReplacementTable>[],
): Promise<void> {
  for (let start = 0; start < replacements.length; start += 100) {
    await db
      .insertInto('certificate_replacements')
      .values(replacements.slice(start, start + 100))
      .execute();
  }
}

/** The certificates (of this issuer) that replaced these old keys: old key → the new key and its campaign. */
export async function findReplacementsOf(
  db: Kysely<Database>,
  issuerId: number,
  oldKeys: readonly string[],
): Promise<Map<string, { newKey: string; campaignId: number }>> {
  const found = new Map<string, { newKey: string; campaignId: number }>();
  for (let start = 0; start < oldKeys.length; start += 500) {
    const rows = await db
      .selectFrom('certificate_replacements as r')
      .innerJoin('certificates as old', 'old.id', 'r.old_certificate_id')
      .innerJoin('certificates as new', 'new.id', 'r.new_certificate_id')
      .select(['old.key as old_key', 'new.key as new_key', 'new.campaign_id'])
      .where('old.issuer_id', '=', issuerId)
      .where('old.key', 'in', oldKeys.slice(start, start + 500))
      .execute();
    for (const row of rows) found.set(row.old_key, { newKey: row.new_key, campaignId: row.campaign_id });
  }
  return found;
}

/** A certificate's renewal links: the one that renewed it (when), and the one it renews (issue 28). */
export interface RenewalLinks {
  renewal?: { new_key: string; created_at: string };
  renews?: { old_key: string };
}

/**
 * Both sides of a certificate's renewal in one statement, compiled once: the public page asks at every visit.
 * `renewal` and `renews` are literals, so that the only parameters are the key, given twice.
 */
const renewalLinksQuery = compiledOnce(
  (db: Kysely<Database>, oldKey: string, newKey: string) =>
    db
      .selectFrom('certificate_replacements as r')
      .innerJoin('certificates as old', 'old.id', 'r.old_certificate_id')
      .innerJoin('certificates as new', 'new.id', 'r.new_certificate_id')
      .select([sql.lit<'renewal' | 'renews'>('renewal').as('side'), 'new.key as other_key', 'r.created_at'])
      .where('old.key', '=', oldKey)
      .where('r.kind', '=', sql.lit<ReplacementKind>('renewal'))
      .unionAll((union) =>
        union
          .selectFrom('certificate_replacements as r')
          .innerJoin('certificates as old', 'old.id', 'r.old_certificate_id')
          .innerJoin('certificates as new', 'new.id', 'r.new_certificate_id')
          .select([sql.lit<'renewal' | 'renews'>('renews').as('side'), 'old.key as other_key', 'r.created_at'])
          .where('new.key', '=', newKey)
          .where('r.kind', '=', sql.lit<ReplacementKind>('renewal')),
      ),
  ['sample-old-key', 'sample-new-key'],
);

export async function findRenewalLinks(db: Kysely<Database>, key: string): Promise<RenewalLinks> {
  const links: RenewalLinks = {};
  for (const row of await renewalLinksQuery(db, key, key)) {
    if (row.side === 'renewal') links.renewal ??= { new_key: row.other_key, created_at: row.created_at };
    else links.renews ??= { old_key: row.other_key };
  }
  return links;
}

/** The certificates of `ids` already renewed: id → the renewal's key (a page of report or search rows, one query). */
export async function renewalsOf(db: Kysely<Database>, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('certificate_replacements as r')
    .innerJoin('certificates as new', 'new.id', 'r.new_certificate_id')
    .select(['r.old_certificate_id', 'new.key as new_key'])
    .where('r.old_certificate_id', 'in', ids)
    .where('r.kind', '=', 'renewal')
    .execute();
  return new Map(rows.map((row) => [row.old_certificate_id, row.new_key]));
}

/** What the old certificate's public page says: when, why, and the key of the certificate that replaced it. */
export async function findReplacementOf(
  db: Kysely<Database>,
  oldKey: string,
): Promise<{ new_key: string; reason: string; created_at: string } | undefined> {
  const [row] = await replacementOfQuery(db, oldKey);
  return row;
}

const replacementOfQuery = compiledOnce(
  (db: Kysely<Database>, oldKey: string) =>
    db
      .selectFrom('certificate_replacements as r')
      .innerJoin('certificates as old', 'old.id', 'r.old_certificate_id')
      .innerJoin('certificates as new', 'new.id', 'r.new_certificate_id')
      .select(['new.key as new_key', 'r.reason', 'r.created_at'])
      .where('old.key', '=', oldKey),
  ['sample-key'],
);

/** One replacement of a campaign's new certificates, with what its recipient's mail needs. */
export interface CampaignReplacement {
  old_key: string;
  new_key: string;
  reason: string;
  old_data: string;
  new_data: string;
  email: string;
  language: string;
  first_name: string;
  last_name: string;
  template_id: number;
  kind: ReplacementKind;
  /** the new certificate's expiration date (a renewal's new validity) */
  expiration_date: string | null;
}

/** The replacements whose new certificates are this campaign's, in the new certificates' order. */
export function listCampaignReplacements(db: Kysely<Database>, campaignId: number): Promise<CampaignReplacement[]> {
  return db
    .selectFrom('certificate_replacements as r')
    .innerJoin('certificates as old', 'old.id', 'r.old_certificate_id')
    .innerJoin('certificates as new', 'new.id', 'r.new_certificate_id')
    .select([
      'old.key as old_key',
      'new.key as new_key',
      'r.reason',
      'old.data as old_data',
      'new.data as new_data',
      'new.email',
      'new.language',
      'new.first_name',
      'new.last_name',
      'new.template_id',
      'r.kind',
      'new.expiration_date',
    ])
    .where('new.campaign_id', '=', campaignId)
    .orderBy('new.id')
    .execute();
}

/** Whether any of this campaign's certificates replaced another (a correction, or a publish with replace). */
export async function hasCampaignReplacements(db: Kysely<Database>, campaignId: number): Promise<boolean> {
  const row = await db
    .selectFrom('certificate_replacements as r')
    .innerJoin('certificates as new', 'new.id', 'r.new_certificate_id')
    .select('r.id')
    .where('new.campaign_id', '=', campaignId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
