import { sql, type Kysely } from 'kysely';
import { ACTIVE_STATUSES, CERTIFICATE_STATUS, isExpired, REPLACEABLE_STATUSES } from '../../domain/certificates';
import { compiledOnce } from '../db/compiledOnce';
import { directReader } from '../db/directReads';
import { isPostgres } from '../db/migrationHelpers';
import type { Certificate, Database, NewCertificate } from '../db/schema';
import type { ReportCountTable } from './reports/reportQueries';
import { followedCertificate } from './replacements';

/**
 * Rows per INSERT statement. better-sqlite3 runs a statement on the server's only thread: 500 rows (with the
 * certificates' indexes and search tables) held it 15–45 ms, and with Kysely compiling the next 500 before the
 * driver yields, a 10,000-row publish held the event loop 80–105 ms at a time; 100 rows keep each stretch under
 * 50 ms on both databases, and the publish was no slower (issue 16 point 1, docs/performance.md).
 */
const INSERT_CHUNK = 100;

/** Inserts certificates in chunks of multi-row statements; call it inside the publishing transaction. */
export async function insertCertificates(db: Kysely<Database>, certificates: readonly NewCertificate[]): Promise<void> {
  for (let start = 0; start < certificates.length; start += INSERT_CHUNK) {
    await db
      .insertInto('certificates')
      .values(certificates.slice(start, start + INSERT_CHUNK))
      .execute();
  }
}

export function findCertificateByKey(db: Kysely<Database>, key: string): Promise<Certificate | undefined> {
  return db.selectFrom('certificates').selectAll().where('key', '=', key).executeTakeFirst();
}

/** What a certificate's public page is made of: not its signed credential, its mail state or its search texts. */
export const CERTIFICATE_PAGE_COLUMNS = [
  'key',
  'issuer_id',
  'template_id',
  'status_id',
  'language',
  'first_name',
  'last_name',
  'data',
  'translations',
  'obtention_date',
  'expiration_date',
  'nft_token_id',
] as const;

export type CertificatePageRow = Pick<Certificate, (typeof CERTIFICATE_PAGE_COLUMNS)[number]>;

const certificatePageQuery = compiledOnce(
  (db: Kysely<Database>, key: string) =>
    db.selectFrom('certificates').select(CERTIFICATE_PAGE_COLUMNS).where('key', '=', key),
  ['sample-key'],
);

/**
 * A number that changes whenever anything has been committed to the database since it was last read (SQLite's
 * `data_version`, server/db/directReads.ts); undefined on PostgreSQL. While it holds, every read answers as before,
 * so the public page may answer again the page it drew at that number.
 */
export function committedVersion(db: Kysely<Database>): number | undefined {
  return directReader(db)?.version();
}

/** The public page's columns of the certificate of this key (the page is asked for at every visit). */
export async function findCertificatePageRow(
  db: Kysely<Database>,
  key: string,
): Promise<CertificatePageRow | undefined> {
  const [row] = await certificatePageQuery(db, key);
  return row;
}

/**
 * Whether the certificate of this key is anchored in its issuer's transparency log (an NFT template's, or one
 * being minted): the verify page checks the log only for those.
 */
export async function isAnchoredCertificate(db: Kysely<Database>, key: string): Promise<boolean> {
  const row = await db
    .selectFrom('certificates')
    .innerJoin('templates', 'templates.id', 'certificates.template_id')
    .select(['templates.is_nft', 'certificates.status_id'])
    .where('certificates.key', '=', key)
    .executeTakeFirst();
  return row !== undefined && (row.is_nft === 1 || row.status_id === CERTIFICATE_STATUS.minting);
}

export function listCampaignCertificates(db: Kysely<Database>, campaignId: number): Promise<Certificate[]> {
  return db.selectFrom('certificates').selectAll().where('campaign_id', '=', campaignId).orderBy('id').execute();
}

/**
 * Moves the issuer's next free status-list place on by `count` and answers the first place taken. Inside a
 * transaction the row stays locked until commit, so concurrent publishes get disjoint ranges.
 */
export async function allocateStatusIndexes(db: Kysely<Database>, issuerId: number, count: number): Promise<number> {
  const row = await db
    .updateTable('issuers')
    .set((eb) => ({ next_status_index: eb('next_status_index', '+', count) }))
    .where('id', '=', issuerId)
    .returning('next_status_index')
    .executeTakeFirstOrThrow();
  return row.next_status_index - count;
}

/** Marks a change of certificate statuses, so that cached status lists of the issuer are signed again. */
export async function bumpStatusVersion(db: Kysely<Database>, issuerId: number): Promise<void> {
  await db
    .updateTable('issuers')
    .set((eb) => ({ status_version: eb('status_version', '+', 1) }))
    .where('id', '=', issuerId)
    .execute();
}

/**
 * Brings these campaigns' status counts up to date; call it in the transaction that changed them. They are the
 * sums of the counts that the certificates' triggers keep per status and mail state (report_counts), so no
 * certificate is counted again.
 */
export async function recountCampaigns(db: Kysely<Database>, campaignIds: readonly number[]): Promise<void> {
  const kept = db.withTables<{ report_counts: ReportCountTable }>();
  for (const campaignId of new Set(campaignIds)) {
    const counts = await kept
      .selectFrom('report_counts')
      .select(['template_id', 'status_id', (eb) => eb.fn.sum<number | string>('n').as('n')])
      .where('campaign_id', '=', campaignId)
      .groupBy(['template_id', 'status_id'])
      .execute();
    await db.deleteFrom('certificate_counts').where('campaign_id', '=', campaignId).execute();
    if (counts.length > 0) {
      await db
        .insertInto('certificate_counts')
        .values(
          counts.map((row) => ({
            campaign_id: campaignId,
            template_id: row.template_id,
            status_id: row.status_id,
            n: Number(row.n),
          })),
        )
        .execute();
    }
  }
}

/** Recipients looked up per statement: 500 bound values stay far below SQLite's and PostgreSQL's limits. */
const RECIPIENT_LOOKUP_CHUNK = 500;

/** Where a recipient lookup reads: the template's certificates of these recipients (recipient_key or email). */
export interface RecipientLookupScope {
  issuerId: number;
  templateId: number;
  column: 'recipient_key' | 'email';
  today: string;
}

/**
 * What recipients hold of a template: `valid`, recipient (its recipient_key, or its address) → the key of its newest
 * certificate that is active (validated, minting, claimed or revealed) and not past its expiration date on `today`;
 * with `renewable`, also `renewable`, recipient → the key of its newest certificate a renewal may follow: validated
 * (REPLACEABLE_STATUSES), expired or not, and not renewed or replaced yet (issue 28, renewing from a file). One
 * statement per RECIPIENT_LOOKUP_CHUNK recipients, each read from the (template_id, recipient_key) or
 * (template_id, email) index of 2026-11-22T2200_publication (byte order on PostgreSQL, as that index is built).
 */
export async function findHeldCertificateKeys(
  db: Kysely<Database>,
  scope: RecipientLookupScope & { renewable: boolean },
  recipients: readonly string[],
  pause: () => Promise<void> = async () => {},
): Promise<{ valid: Map<string, string>; renewable: Map<string, string> }> {
  const valid = new Map<string, string>();
  const renewable = new Map<string, string>();
  const newest = new Map<string, number>();
  const newestRenewable = new Map<string, number>();
  const column = isPostgres(db)
    ? sql<string>`${sql.ref(scope.column)} collate "C"`
    : sql<string>`${sql.ref(scope.column)}`;
  for (let start = 0; start < recipients.length; start += RECIPIENT_LOOKUP_CHUNK) {
    await pause();
    const rows = await db
      .selectFrom('certificates')
      .select([column.as('recipient'), 'key', 'id', 'status_id', 'expiration_date'])
      // read per row found (the unique index on old_certificate_id), only when a renewal asks
      .select(scope.renewable ? followedCertificate.as('followed') : sql<boolean>`0`.as('followed'))
      .where('template_id', '=', scope.templateId)
      .where(column, 'in', recipients.slice(start, start + RECIPIENT_LOOKUP_CHUNK))
      .where('issuer_id', '=', scope.issuerId)
      .execute();
    // the status, the expiry and the newest are sorted out here, not in SQL: with them (or an ORDER BY id) in the
    // statement SQLite's planner reads the template's certificates through (template_id, status_id) or
    // (template_id, id) instead of looking the recipients up
    for (const row of rows) {
      if (
        scope.renewable &&
        REPLACEABLE_STATUSES.includes(row.status_id) &&
        !Number(row.followed) &&
        (newestRenewable.get(row.recipient) ?? -1) < row.id
      ) {
        newestRenewable.set(row.recipient, row.id);
        renewable.set(row.recipient, row.key);
      }
      if (!ACTIVE_STATUSES.includes(row.status_id) || isExpired(row.expiration_date, scope.today)) continue;
      const earlier = newest.get(row.recipient);
      if (earlier === undefined || earlier < row.id) {
        newest.set(row.recipient, row.id);
        valid.set(row.recipient, row.key);
      }
    }
  }
  return { valid, renewable };
}

/** The valid certificates of a template held by these recipients (findHeldCertificateKeys' `valid`). */
export async function findValidCertificateKeys(
  db: Kysely<Database>,
  scope: RecipientLookupScope,
  recipients: readonly string[],
  pause: () => Promise<void> = async () => {},
): Promise<Map<string, string>> {
  return (await findHeldCertificateKeys(db, { ...scope, renewable: false }, recipients, pause)).valid;
}
