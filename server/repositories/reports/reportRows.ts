import { sql, type Expression, type ExpressionBuilder, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import { ACTIVE_STATUSES, CERTIFICATE_KEY_PATTERN, CERTIFICATE_STATUS } from '../../../domain/certificates';
import {
  emailStatus,
  MAIL_FILTER,
  type ReportCounters,
  type ReportRow,
  type ReportRowsResponse,
  type ReportSortField,
} from '../../../domain/reports';
import { isPostgres } from '../../db/migrationHelpers';
import type { Certificate, Database } from '../../db/schema';
import { parseJson } from '../../../domain/json';
import { postgresSearchPage } from './postgresSearch';
import { expiryCondition, type ExpiryFilter } from './expiryFilter';
import { walletClaimsOf, walletCondition } from './walletClaims';
import { viewedCondition } from './activityColumns';
import { activityOf } from '../certificateActivity';
import { activityColumns } from '../../../domain/activity';
import { correctionCondition } from './correctionFilter';
import { pendingCorrectionsOf } from '../correctionRequests';
import { renewalsOf } from '../replacements';
import {
  campaignTemplate,
  MAIL_STATE_SQL,
  MAIL_STATES,
  SEARCH_COUNT_AHEAD,
  searchable,
  sqliteSearchSource,
  searchWords,
  SORT_COLUMNS,
  statusPage,
  templateCounts,
  type PageOrder,
  type PageScope,
  type ReportCountTable,
  type SearchSource,
} from './reportQueries';

export interface ReportQuery {
  campaignId?: number;
  templateId?: number;
  offset: number;
  limit: number;
  statuses?: number[];
  mailSent?: number[];
  /** YYYY-MM-DD, inclusive, on the publication date */
  startDate?: string;
  endDate?: string;
  /** the language whose data the rows show (a certificate's translation when it has one) */
  language?: string;
  filter?: string;
  sort?: ReportSortField;
  order?: 'ASC' | 'DESC';
  counter?: boolean;
  /** certificate ids (the cpf control's rows) */
  ids?: number[];
  /** WALLET_FILTER values: taken into a wallet, not taken */
  wallet?: number[];
  /** VIEWED_FILTER values (domain/activity.ts): the public page viewed, never viewed */
  viewed?: number[];
  /** expired, or expiring within expiringDays (default 60) */
  expiry?: ExpiryFilter;
  expiringDays?: number;
  /** only the certificates with a pending correction request of their recipient (issue 28) */
  correction?: boolean;
}

type CertificateExpression = ExpressionBuilder<Database, 'certificates'>;

function dayAfter(date: string): string {
  const next = new Date(`${date}T00:00:00.000Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.toISOString();
}

function mailCondition(eb: CertificateExpression, values: readonly number[]): Expression<SqlBool> {
  const parts: Expression<SqlBool>[] = [];
  if (values.includes(MAIL_FILTER.sent)) parts.push(eb.and([eb('mail_sent', '=', 1), eb('mail_read_at', 'is', null)]));
  if (values.includes(MAIL_FILTER.opened))
    parts.push(eb.and([eb('mail_sent', '=', 1), eb('mail_read_at', 'is not', null)]));
  if (values.includes(MAIL_FILTER.notSent)) parts.push(eb('mail_sent', 'is', null));
  if (values.includes(MAIL_FILTER.notDelivered)) parts.push(eb('mail_sent', '=', 0));
  return eb.or(parts);
}

/**
 * `column` starts with `prefix`: a range, so that the (template_id, column) index answers it. Compared in byte
 * order (the index's order on PostgreSQL too), where U+FFFF sorts after every other character of the BMP.
 */
function prefixOf(
  eb: CertificateExpression,
  column: 'email' | 'recipient_key' | 'search_name',
  prefix: string,
  postgres: boolean,
) {
  const ref = postgres ? sql<string>`${sql.ref(column)} collate "C"` : sql<string>`${sql.ref(column)}`;
  return eb.and([eb(ref, '>=', prefix), eb(ref, '<', `${prefix}\uffff`)]);
}

/**
 * The certificates of one issuer narrowed by a report's filters; every condition is on an indexed path. The
 * search text matches the start of the address, of the recipient's key or of "last first" name, or a whole
 * certificate key.
 */
function filtered(db: Kysely<Database>, issuerId: number, query: ReportQuery, withStatuses = true) {
  const postgres = isPostgres(db);
  // the tenant check never drives the plan: the campaign's or the template's (…, id) index does
  let base = db.selectFrom('certificates').where(sql<number>`+${sql.ref('issuer_id')}`, '=', issuerId);
  if (query.campaignId !== undefined) base = base.where('campaign_id', '=', query.campaignId);
  if (query.templateId !== undefined) {
    const template = query.campaignId !== undefined ? sql<number>`+${sql.ref('template_id')}` : sql.ref('template_id');
    base = base.where(template, '=', query.templateId);
  }
  if (query.ids && query.ids.length > 0) base = base.where('id', 'in', query.ids);
  if (withStatuses && query.statuses && query.statuses.length > 0)
    base = base.where(sql<number>`+${sql.ref('status_id')}`, 'in', query.statuses);
  if (query.mailSent && query.mailSent.length > 0) {
    const values = query.mailSent;
    base = base.where((eb) => mailCondition(eb, values));
  }
  if (query.startDate) base = base.where('created_at', '>=', `${query.startDate}T00:00:00.000Z`);
  if (query.endDate) base = base.where('created_at', '<', dayAfter(query.endDate));
  const wallet = walletCondition(query.wallet);
  if (wallet) base = base.where(wallet);
  const viewed = viewedCondition(query.viewed);
  if (viewed) base = base.where(viewed);
  const expiry = expiryCondition(query.expiry, query.expiringDays);
  if (expiry) base = base.where(expiry);
  const correction = correctionCondition(query.correction);
  if (correction) base = base.where(correction);
  const text = query.filter?.trim();
  if (text) {
    const lower = text.toLowerCase().replace(/\s+/g, ' ');
    const prefixes: ['email' | 'recipient_key' | 'search_name', string][] = [
      ['email', lower],
      ['recipient_key', text],
      ['search_name', lower],
    ];
    // one indexed range per column, united: SQLite does not use several indexes for an OR on its own
    const matching = (templateId: number) =>
      prefixes
        .map(([column, prefix]) =>
          db
            .selectFrom('certificates')
            .select('id')
            .where('template_id', '=', templateId)
            .where((eb) => prefixOf(eb, column, prefix, postgres)),
        )
        .reduce((union, next) => union.union(next));
    const templateId = query.templateId;
    base = base.where((eb) =>
      eb.or([
        ...(templateId !== undefined
          ? [eb('id', 'in', matching(templateId))]
          : prefixes.map(([column, prefix]) => prefixOf(eb, column, prefix, postgres))),
        ...(CERTIFICATE_KEY_PATTERN.test(text) ? [eb('key', '=', text)] : []),
      ]),
    );
  }
  return base;
}

/** A certificate as a report row, its data fields (in the asked language when translated) spread after. */
export function reportRow(
  certificate: Certificate,
  publicUrl: string,
  tracking: boolean,
  language?: string,
): ReportRow {
  const translations = parseJson<Record<string, Record<string, string>>>(certificate.translations, {});
  const data =
    language && language !== certificate.language && translations[language]
      ? translations[language]
      : parseJson<Record<string, string>>(certificate.data, {});
  const mail = { mailSent: certificate.mail_sent, readAt: certificate.mail_read_at };
  return {
    ...data,
    key: certificate.key,
    EvidenzId: certificate.id,
    url: `${publicUrl}/certificate/${certificate.key}`,
    StatusID: certificate.status_id,
    Language: certificate.language,
    available: ACTIVE_STATUSES.includes(certificate.status_id),
    mail: certificate.mail_sent === 1,
    EmailStatus: emailStatus(mail, tracking),
    LastActivity: certificate.mail_read_at ?? certificate.mail_sent_at,
    hasEmail: certificate.email !== '',
    // the local ledger stores its batch page's path; an EVM adapter would store an explorer's address
    txInBlockchainExplorer: certificate.nft_transaction?.startsWith('/')
      ? `${publicUrl}${certificate.nft_transaction}`
      : certificate.nft_transaction,
    PublicationDate: certificate.created_at,
    CampaignID: certificate.campaign_id,
    TemplateID: certificate.template_id,
    email: certificate.email,
    email_sent: certificate.mail_sent_at,
    // the date the certificate expires (issue 28): its row's own date or the template's validity at publish
    ...(certificate.expiration_date ? { ExpirationDate: certificate.expiration_date } : {}),
  };
}

/**
 * POST /api/admin/data_post: one page of a campaign's or a template's certificates, filtered, sorted and
 * paged by the database, with the total count and, when asked, the counters of the report header. A page that
 * only statuses and mail states narrow (the app's default view, its sorts and its filter drawer) takes its
 * total from the kept counts and its rows by the plan they say is cheaper; the search box's words go through
 * the trigram index; dates and ids (the register control) narrow an indexed scope.
 */
export async function reportRows(
  db: Kysely<Database>,
  issuerId: number,
  query: ReportQuery,
  options: { publicUrl: string; tracking: boolean },
): Promise<ReportRowsResponse> {
  const order = {
    column: SORT_COLUMNS[query.sort ?? 'PublicationDate'],
    direction: query.order === 'ASC' ? ('asc' as const) : ('desc' as const),
  };
  // the page and the header's counters together: when the database goes away, both reject and Promise.all handles
  // both (a counters' promise kept while awaiting the page's queries went unhandled and ended the process, issue 27)
  const [page, counters] = await Promise.all([
    reportPage(db, issuerId, query, order),
    query.counter ? reportCounters(db, issuerId, query) : undefined,
  ]);
  const ids = page.rows.map((row) => row.id);
  // the page's wallet claims, activity, pending corrections and renewals: one query each, never one per row
  const [claims, activity, corrections, renewals] = await Promise.all([
    walletClaimsOf(db, ids),
    activityOf(db, ids),
    pendingCorrectionsOf(db, ids),
    renewalsOf(db, ids),
  ]);
  return {
    data: page.rows.map((row) => {
      const claim = claims.get(row.id);
      return {
        ...reportRow(row, options.publicUrl, options.tracking, query.language),
        WalletTakenAt: claim?.claimedAt ?? null,
        WalletProtocol: claim?.protocol ?? null,
        ...activityColumns(activity.get(row.id) ?? {}),
        CorrectionRequestId: corrections.get(row.id) ?? null,
        RenewedBy: renewals.get(row.id) ?? null,
      };
    }),
    count: page.total,
    ...(page.bounded ? { countBounded: true as const } : {}),
    ...(counters ? { counters } : {}),
  };
}

/** The page of a report's rows and their total (`bounded` when the search counted only so far). */
async function reportPage(
  db: Kysely<Database>,
  issuerId: number,
  query: ReportQuery,
  order: PageOrder,
): Promise<{ rows: readonly Certificate[]; total: number; bounded: boolean }> {
  const templateId =
    query.campaignId !== undefined ? await campaignTemplate(db, issuerId, query.campaignId) : query.templateId;
  if (templateId === undefined || (query.templateId !== undefined && templateId !== query.templateId))
    return { rows: [], total: 0, bounded: false };
  const scope = { issuerId, templateId, campaignId: query.campaignId };
  const words = searchWords(query.filter ?? '');
  const narrowedOtherwise = Boolean(
    query.startDate ||
    query.endDate ||
    query.ids?.length ||
    walletCondition(query.wallet) ||
    viewedCondition(query.viewed) ||
    query.expiry ||
    query.correction,
  );
  if (words.length === 0 && !narrowedOtherwise) {
    const counts = await templateCounts(db, issuerId, templateId);
    const page = await statusPage(
      db,
      {
        scope,
        statuses: query.statuses?.length ? query.statuses : [...new Set(counts.map((row) => row.status_id))],
        mailStates: query.mailSent?.length ? query.mailSent : MAIL_STATES,
        order,
        offset: query.offset,
        limit: query.limit,
      },
      counts,
    );
    return { rows: page.rows, total: page.total, bounded: false };
  }
  if (searchable(words)) {
    const text = query.filter?.trim() ?? '';
    const key = CERTIFICATE_KEY_PATTERN.test(text) ? text : null;
    return searchPage(db, scope, query, words, key, order);
  }
  const [rows, count] = await Promise.all([
    filtered(db, issuerId, query)
      .selectAll()
      .orderBy(order.column, order.direction)
      .orderBy('id', order.direction)
      .limit(query.limit)
      .offset(query.offset)
      .execute(),
    filtered(db, issuerId, query)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n), bounded: false };
}

/** The conditions of a report's filters on the rows the search found (a bounded set: no index needed). */
function searchConditions(scope: PageScope, query: ReportQuery) {
  const conditions = [
    sql`certificates.template_id = ${scope.templateId}`,
    sql`certificates.issuer_id = ${scope.issuerId}`,
  ];
  if (scope.campaignId !== undefined) conditions.push(sql`certificates.campaign_id = ${scope.campaignId}`);
  const numbers = (values: readonly number[]) => sql.join(values.map((value) => sql.lit(value)));
  if (query.statuses?.length) conditions.push(sql`certificates.status_id in (${numbers(query.statuses)})`);
  if (query.mailSent?.length) conditions.push(sql`${sql.raw(MAIL_STATE_SQL)} in (${numbers(query.mailSent)})`);
  if (query.ids?.length) conditions.push(sql`certificates.id in (${numbers(query.ids)})`);
  if (query.startDate) conditions.push(sql`certificates.created_at >= ${`${query.startDate}T00:00:00.000Z`}`);
  if (query.endDate) conditions.push(sql`certificates.created_at < ${dayAfter(query.endDate)}`);
  const wallet = walletCondition(query.wallet);
  if (wallet) conditions.push(wallet);
  const viewed = viewedCondition(query.viewed);
  if (viewed) conditions.push(viewed);
  const expiry = expiryCondition(query.expiry, query.expiringDays);
  if (expiry) conditions.push(expiry);
  const correction = correctionCondition(query.correction);
  if (correction) conditions.push(correction);
  return sql.join(conditions, sql` and `);
}

/**
 * A page of the certificates the search box's words found, and their count up to SEARCH_COUNT_AHEAD rows past
 * the page's offset (`bounded` when more rows match). PostgreSQL: postgresSearchPage (the words' rarest trigrams,
 * or a walk of the order's index). SQLite: the count comes first (sqliteSearchCount), reading the trigram index in
 * its cheap order: when it is exact, the found rows (at most offset + SEARCH_COUNT_AHEAD) are sorted on the sort
 * column and the id alone, and only the page's rows are read whole; when more rows match, a page in publication
 * order is read from the trigram index in that order and stops when full (other orders still sort the matches).
 */
async function searchPage(
  db: Kysely<Database>,
  scope: PageScope,
  query: ReportQuery,
  words: readonly string[],
  key: string | null,
  order: PageOrder,
): Promise<{ rows: Certificate[]; total: number; bounded: boolean }> {
  const countLimit = query.offset + Math.max(query.limit, SEARCH_COUNT_AHEAD);
  if (isPostgres(db)) {
    const { offset, limit } = query;
    return postgresSearchPage(db, {
      filters: searchConditions(scope, query),
      words,
      key,
      order,
      offset,
      limit,
      countLimit,
    });
  }
  const found = sqliteSearchSource(words, key);
  const where = sql.join([searchConditions(scope, query), ...found.conditions], sql` and `);
  const direction = sql.raw(order.direction);
  const n = await sqliteSearchCount(db, found, where, countLimit + 1);
  const bounded = n > countLimit;
  const total = Math.min(n, countLimit);
  if (query.offset >= n) return { rows: [], total, bounded };
  let rows: Certificate[];
  if (order.column === 'id' && bounded && found.streamed) {
    rows = (
      await sql<Certificate>`select certificates.* ${found.from(order.direction)} where ${where}
        order by ${found.idColumn} ${direction} limit ${query.limit} offset ${query.offset}`.execute(db)
    ).rows;
  } else {
    const column =
      order.column === 'email' && isPostgres(db) ? sql`email collate "C"` : sql.ref(`certificates.${order.column}`);
    const orderSql =
      order.column === 'id'
        ? sql`order by certificates.id ${direction}`
        : sql`order by ${column} ${direction}, certificates.id ${direction}`;
    rows = (
      await sql<Certificate>`select * from certificates where id in (select certificates.id ${found.from()}
          where ${where} ${orderSql} limit ${query.limit} offset ${query.offset})
        ${orderSql}`.execute(db)
    ).rows;
  }
  return { rows, total, bounded };
}

/** Found rows a statement of the SQLite search count reads at most (better-sqlite3 holds the event loop meanwhile). */
const COUNT_SLICE = 200;
/** Found ids read from FTS5 per statement (its rowid lists only: about 2 ms a thousand). */
const COUNT_IDS = 5_000;

/**
 * How many found rows pass `where`, up to `most`. better-sqlite3 runs a statement on the main thread: counting a
 * thousand rows read from the disk in one statement held the server's event loop up to 72 ms. So the ids found
 * are read first (FTS5's lists alone, COUNT_IDS at a time), then their rows checked COUNT_SLICE at a time, one
 * statement each: the driver lets waiting requests through between statements (server/db/sqliteDriver.ts).
 */
async function sqliteSearchCount(
  db: Kysely<Database>,
  found: SearchSource,
  where: RawBuilder<unknown>,
  most: number,
): Promise<number> {
  if (!found.idsAfter) {
    const counted = await sql<{ n: number | string }>`select count(*) as n from (select 1 ${found.from()}
      where ${where} limit ${most}) as counted`.execute(db);
    return Number(counted.rows[0]?.n ?? 0);
  }
  let n = 0;
  let after = 0;
  for (;;) {
    const ids = (await sql<{ id: number }>`${found.idsAfter(after, COUNT_IDS)}`.execute(db)).rows.map((row) => row.id);
    for (let i = 0; i < ids.length && n < most; i += COUNT_SLICE) {
      const slice = ids.slice(i, i + COUNT_SLICE);
      const counted = await sql<{ n: number | string }>`select count(*) as n from certificates
        where certificates.id in (${sql.join(slice)}) and ${where}`.execute(db);
      n += Number(counted.rows[0]?.n ?? 0);
    }
    if (n >= most || ids.length < COUNT_IDS) return Math.min(n, most);
    after = ids[ids.length - 1];
  }
}

/** Certificates per status of a campaign or a template, from the counts kept beside them. */
async function statusCounts(
  db: Kysely<Database>,
  issuerId: number,
  target: Pick<ReportQuery, 'campaignId' | 'templateId'>,
): Promise<Map<number, number>> {
  // the counts the certificates' triggers keep, whoever changed them (migration 2026-11-25T2000)
  let query = db
    .withTables<{ report_counts: ReportCountTable }>()
    .selectFrom('report_counts')
    .select(['status_id', (eb) => eb.fn.sum<number>('n').as('n')])
    .where('campaign_id', 'in', (eb) => eb.selectFrom('campaigns').select('id').where('issuer_id', '=', issuerId))
    .groupBy('status_id');
  if (target.campaignId !== undefined) query = query.where('campaign_id', '=', target.campaignId);
  if (target.templateId !== undefined) query = query.where('template_id', '=', target.templateId);
  const rows = await query.execute();
  return new Map(rows.map((row) => [row.status_id, Number(row.n)]));
}

/** The header's counters over the campaign or template (statuses not filtered): total, validated, disabled, minting. */
export async function reportCounters(
  db: Kysely<Database>,
  issuerId: number,
  query: Pick<ReportQuery, 'campaignId' | 'templateId'>,
): Promise<ReportCounters> {
  const counts = await statusCounts(db, issuerId, query);
  const count = (statuses: readonly number[]) => statuses.reduce((sum, status) => sum + (counts.get(status) ?? 0), 0);
  let total = 0;
  for (const n of counts.values()) total += n;
  return {
    total,
    validated: count(ACTIVE_STATUSES),
    disabled: count([CERTIFICATE_STATUS.disabled]),
    minting: count([CERTIFICATE_STATUS.minting]),
  };
}
