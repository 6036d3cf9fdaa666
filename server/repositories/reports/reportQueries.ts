import { sql, type Kysely, type RawBuilder } from 'kysely';
import { MAIL_FILTER, type ReportSortField } from '../../../domain/reports';
import { isPostgres } from '../../db/migrationHelpers';
import type { Certificate, Database } from '../../db/schema';

/**
 * The report page's queries over a million certificates (issue 16, point 2; migration 2026-11-25T2000). The
 * counts kept in report_counts give every status/mail filter's total without counting rows, and tell which of
 * two plans reads fewer rows for one page:
 * - ordered: walk the index that gives the sort order within the template (or the campaign) and keep the rows
 *   that pass the filters, until the page is full; the rows walked are about (offset + limit) × scope / matches,
 *   and a page past the middle is read from the other end;
 * - filtered: take the matching rows from the (template, status, mail state, campaign) index and sort them;
 *   the rows read are the matches.
 * The search box's words are looked up in a trigram index (FTS5 on SQLite, pg_trgm on PostgreSQL: postgresSearch.ts),
 * then the matches are filtered and sorted.
 */

/** The mail state of a certificate, as the migration's index and counters compute it (MAIL_FILTER values). */
export const MAIL_STATE_SQL =
  '(case when mail_sent is null then 0 when mail_sent = 0 then 2 when mail_read_at is null then 1 else 3 end)';
/** The text the search box matches (the migration's trigram index is on this expression). */
export const SEARCH_TEXT_SQL = "lower(first_name || ' ' || last_name || ' ' || email || ' ' || recipient_key)";
/** Search words shorter than this have no trigram: they are checked on the rows the longer words found. */
export const TRIGRAM = 3;

const MAIL_STATES = [MAIL_FILTER.notSent, MAIL_FILTER.sent, MAIL_FILTER.notDelivered, MAIL_FILTER.opened];

export interface ReportCountTable {
  campaign_id: number;
  template_id: number;
  status_id: number;
  mail_state: number;
  n: number;
}

export const SORT_COLUMNS = {
  // ids grow with publication: the (template_id, id) and (campaign_id, id) indexes give this order
  PublicationDate: 'id',
  email: 'email',
  StatusID: 'status_id',
  Language: 'language',
  LastActivity: 'mail_sent_at',
  firstName: 'first_name',
  lastName: 'last_name',
  key: 'key',
} as const satisfies Record<ReportSortField, keyof Certificate>;

type SortColumn = (typeof SORT_COLUMNS)[ReportSortField];

/** SQLite's index that gives each column's order within a template (id: within a campaign too). */
const SQLITE_SORT_INDEX: Record<Exclude<SortColumn, 'key'>, string> = {
  id: 'certificates_template_id',
  email: 'certificates_template_email',
  status_id: 'certificates_template_sort_status_id',
  language: 'certificates_template_sort_language',
  mail_sent_at: 'certificates_template_sort_mail_sent_at',
  first_name: 'certificates_template_sort_first_name',
  last_name: 'certificates_template_sort_last_name',
};

export interface CountRow {
  campaign_id: number;
  status_id: number;
  mail_state: number;
  n: number;
}

/** The kept counts of a template's certificates, per campaign, status and mail state; only the issuer's. */
export async function templateCounts(db: Kysely<Database>, issuerId: number, templateId: number): Promise<CountRow[]> {
  const rows = await db
    .withTables<{ report_counts: ReportCountTable }>()
    .selectFrom('report_counts')
    .select(['campaign_id', 'status_id', 'mail_state', 'n'])
    .where('template_id', '=', templateId)
    .where('campaign_id', 'in', (eb) => eb.selectFrom('campaigns').select('id').where('issuer_id', '=', issuerId))
    .execute();
  return rows.map((row) => ({ ...row, n: Number(row.n) }));
}

/** The template of an issuer's campaign, or undefined. */
export async function campaignTemplate(
  db: Kysely<Database>,
  issuerId: number,
  campaignId: number,
): Promise<number | undefined> {
  const row = await db
    .selectFrom('campaigns')
    .select('template_id')
    .where('id', '=', campaignId)
    .where('issuer_id', '=', issuerId)
    .executeTakeFirst();
  return row?.template_id;
}

export interface PageScope {
  issuerId: number;
  templateId: number;
  campaignId?: number;
}

export interface PageOrder {
  column: SortColumn;
  direction: 'asc' | 'desc';
}

const list = (values: readonly number[]) =>
  sql.join(
    values.map((value) => sql.lit(value)),
    sql`, `,
  );

/** `order by` the column (then the id) in the order's direction, or the other way when `reversed`. */
export function orderBy(db: Kysely<Database>, order: PageOrder, reversed: boolean): RawBuilder<unknown> {
  const direction = (order.direction === 'asc') !== reversed ? sql.raw('asc') : sql.raw('desc');
  // byte order for addresses on PostgreSQL too: the (template_id, email collate "C") index gives it
  const column =
    order.column === 'email' && isPostgres(db) ? sql`email collate "C"` : sql.ref(`certificates.${order.column}`);
  return order.column === 'id'
    ? sql`order by certificates.id ${direction}`
    : sql`order by ${column} ${direction}, certificates.id ${direction}`;
}

let sqliteKeyIndex: string | null | undefined;
/** The name SQLite gave the unique index of certificates.key. */
async function keyIndex(db: Kysely<Database>): Promise<string | null> {
  if (sqliteKeyIndex !== undefined) return sqliteKeyIndex;
  const indexes = await sql<{ name: string; unique: number }>`pragma index_list(certificates)`.execute(db);
  for (const index of indexes.rows.filter((row) => row.unique)) {
    const columns = await sql<{ name: string }>`pragma index_info(${sql.raw(`"${index.name}"`)})`.execute(db);
    if (columns.rows.length === 1 && columns.rows[0].name === 'key') return (sqliteKeyIndex = index.name);
  }
  return (sqliteKeyIndex = null);
}

export interface StatusPageRequest {
  scope: PageScope;
  statuses: readonly number[];
  mailStates: readonly number[];
  order: PageOrder;
  offset: number;
  limit: number;
}

/**
 * One page of a template's or a campaign's certificates narrowed only by statuses and mail states, whose
 * counts (`counts`: the template's kept counts) give the total. Answers the page and the total.
 */
export async function statusPage(
  db: Kysely<Database>,
  request: StatusPageRequest,
  counts: readonly CountRow[],
): Promise<{ rows: Certificate[]; total: number }> {
  const { scope, order, limit } = request;
  const inScope = counts.filter((row) => scope.campaignId === undefined || row.campaign_id === scope.campaignId);
  const matching = inScope.filter(
    (row) => request.statuses.includes(row.status_id) && request.mailStates.includes(row.mail_state),
  );
  const total = matching.reduce((sum, row) => sum + row.n, 0);
  if (total === 0 || request.offset >= total) return { rows: [], total };
  // past the middle, the page is read from the other end and turned round
  const reversed = request.offset > total - request.offset - limit;
  const offset = reversed ? Math.max(0, total - request.offset - limit) : request.offset;
  const take = reversed ? Math.min(limit, total - request.offset) : limit;

  const templateTotal = counts.reduce((sum, row) => sum + row.n, 0);
  const scopeTotal = inScope.reduce((sum, row) => sum + row.n, 0);
  // the campaign's own (campaign_id, id) index for its publication order, else the template's index
  const walked = order.column === 'id' && scope.campaignId !== undefined ? scopeTotal : templateTotal;
  const orderedCost = ((offset + take) * walked) / total;
  // the matches, read from the filter index (covering for the id order, a row read each for the others)
  const filteredCost = total * (order.column === 'id' ? 0.2 : 1);
  // only the statuses and mail states present, so that the filter index is searched for few pairs
  const statuses = [...new Set(matching.map((row) => row.status_id))];
  const mailStates = [...new Set(matching.map((row) => row.mail_state))];
  const everyStatus = new Set(inScope.map((row) => row.status_id)).size === statuses.length;
  const everyMailState = new Set(inScope.map((row) => row.mail_state)).size === mailStates.length;
  const postgres = isPostgres(db);
  const mailState = sql.raw(MAIL_STATE_SQL);
  const orderSql = orderBy(db, order, reversed);

  let rows: Certificate[];
  if (filteredCost < orderedCost) {
    const campaign = scope.campaignId !== undefined ? sql`and campaign_id = ${scope.campaignId}` : sql``;
    const narrowed = sql`template_id = ${scope.templateId} and status_id in (${list(statuses)})
      and ${mailState} in (${list(mailStates)}) ${campaign}`;
    // the page's ids from the index alone (covering for the id order), then those rows only
    const index = postgres ? sql`` : sql`indexed by certificates_report_filter`;
    rows = (
      await sql<Certificate>`select * from certificates where id in (
          select id from certificates ${index} where ${narrowed} ${orderSql} limit ${take} offset ${offset})
        and issuer_id = ${scope.issuerId} ${orderSql}`.execute(db)
    ).rows;
  } else {
    // the filters must not drive the plan: the order's index does. SQLite is told so (unary +, and the index by
    // name below). PostgreSQL gets the plain conditions: hidden behind `+ 0` their selectivity was a guess of a
    // few rows, so it read and sorted the whole template (≈ 130 ms over 100,000) instead of walking the order's
    // index for a page; with its statistics (the filter index gives the mail state's) it walks the index.
    const off = (expression: RawBuilder<unknown>) => (postgres ? expression : sql`+${expression}`);
    const conditions = [
      sql`${off(sql.ref('issuer_id'))} = ${scope.issuerId}`,
      ...(everyStatus ? [] : [sql`${off(sql.ref('status_id'))} in (${list(statuses)})`]),
      ...(everyMailState ? [] : [sql`${off(mailState)} in (${list(mailStates)})`]),
    ];
    const byCampaign = order.column === 'id' && scope.campaignId !== undefined;
    if (byCampaign) conditions.unshift(sql`campaign_id = ${scope.campaignId}`);
    else {
      conditions.unshift(sql`template_id = ${scope.templateId}`);
      if (scope.campaignId !== undefined) conditions.push(sql`${off(sql.ref('campaign_id'))} = ${scope.campaignId}`);
    }
    const where = sql.join(conditions, sql` and `);
    let indexed = sql``;
    if (!postgres) {
      const name =
        order.column === 'key'
          ? await keyIndex(db)
          : byCampaign
            ? 'certificates_campaign_id'
            : SQLITE_SORT_INDEX[order.column];
      if (name) indexed = sql`indexed by ${sql.raw(`"${name}"`)}`;
    }
    rows = (
      await sql<Certificate>`select * from certificates ${indexed} where ${where} ${orderSql}
        limit ${take} offset ${offset}`.execute(db)
    ).rows;
  }
  return { rows: reversed ? rows.reverse() : rows, total };
}

/** The search box's words (lower case), each to be found in the name, the address or the recipient key. */
export function searchWords(text: string): string[] {
  return [
    ...new Set(
      text
        .toLowerCase()
        .split(/\s+/)
        .filter((word) => word !== ''),
    ),
  ];
}

/**
 * A search count stops this many rows past the page's offset (or past the page, when the page is longer): a
 * word that a hundred thousand certificates share is not counted to the end on every page. Beyond it the answer
 * says `countBounded` and the page shows "more than" that count (docs/decisions.md, 2026-11-26).
 */
export const SEARCH_COUNT_AHEAD = 1000;

export interface SearchSource {
  /**
   * `from … ` the certificates the words found (the table `certificates` in it); with a direction (streamed
   * sources only) they come lazily in that id order, so that a page in publication order stops when full.
   * Without, the trigram index is read in its own ascending order, skipping ahead in long lists of rowids: the
   * cheaper way when the words are rare (FTS5 reads a descending order entry by entry).
   */
  from: (direction?: 'asc' | 'desc') => RawBuilder<unknown>;
  /** streamed sources: a statement giving the found ids above `after` in ascending order, at most `limit` */
  idsAfter?: (after: number, limit: number) => RawBuilder<unknown>;
  /** conditions on `certificates` that the index lookup leaves to check */
  conditions: RawBuilder<unknown>[];
  /** whether `from` can give the found rows lazily in id order */
  streamed: boolean;
  /** the id column to order by for the id order */
  idColumn: RawBuilder<unknown>;
}

/**
 * The certificates whose search text holds every word (one at least of TRIGRAM characters or more), found in
 * the trigram index, plus the certificate whose key is `key`. On SQLite the FTS5 table gives its rowids (the
 * certificates' ids) in the asked direction and the certificates are joined to them one by one, so a page in
 * publication order and a bounded count read only the rows they need; words shorter than a trigram are checked
 * on those rows. SQLite only: PostgreSQL's search is postgresSearch.ts's (the rarest trigrams asked of pg_trgm).
 */
export function sqliteSearchSource(words: readonly string[], key: string | null): SearchSource {
  const long = words.filter((word) => [...word].length >= TRIGRAM);
  const short = words.filter((word) => [...word].length < TRIGRAM);
  const text = sql.raw(SEARCH_TEXT_SQL);
  const phrase = long.map((word) => `"${word.replace(/"/g, '""')}"`).join(' AND ');
  const shortChecks = short.map((word) => sql`instr(${text}, ${word}) > 0`);
  if (key !== null) {
    // a whole certificate key (one word of 128 letters and digits: no short word beside it): its row beside
    // what the trigram index found, few rows either way
    return {
      from: () => sql`from (select rowid as id from certificate_search where certificate_search match ${phrase}
          union select id from certificates where key = ${key}) as found
        cross join certificates on certificates.id = found.id`,
      conditions: shortChecks,
      streamed: false,
      idColumn: sql`found.id`,
    };
  }
  return {
    from: (direction) => sql`from (select rowid as id from certificate_search where certificate_search match ${phrase}
        ${direction ? sql`order by rowid ${sql.raw(direction)}` : sql``}) as found
      cross join certificates on certificates.id = found.id`,
    // FTS5 reads a word's rowid list from its start whatever `rowid >` says: many ids per statement
    idsAfter: (after, limit) => sql`select rowid as id from certificate_search where certificate_search match ${phrase}
        and rowid > ${after} order by rowid asc limit ${limit}`,
    conditions: shortChecks,
    streamed: true,
    idColumn: sql`found.id`,
  };
}

/** Whether the words can be looked up in the trigram index (one at least is long enough). */
export function searchable(words: readonly string[]): boolean {
  return words.some((word) => [...word].length >= TRIGRAM);
}

export { MAIL_STATES };
