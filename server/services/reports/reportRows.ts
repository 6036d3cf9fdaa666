import { sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool } from 'kysely';
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
import { parseJson } from '../templates/views';

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

const SORT_COLUMNS = {
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
    txInBlockchainExplorer: certificate.nft_transaction,
    PublicationDate: certificate.created_at,
    CampaignID: certificate.campaign_id,
    TemplateID: certificate.template_id,
    email: certificate.email,
    email_sent: certificate.mail_sent_at,
  };
}

/**
 * POST /api/admin/data_post: one page of a campaign's or a template's certificates, filtered, sorted and
 * paged by the database, with the total count and, when asked, the counters of the report header.
 */
export async function reportRows(
  db: Kysely<Database>,
  issuerId: number,
  query: ReportQuery,
  options: { publicUrl: string; tracking: boolean },
): Promise<ReportRowsResponse> {
  const column = SORT_COLUMNS[query.sort ?? 'PublicationDate'];
  const direction = query.order === 'ASC' ? 'asc' : 'desc';
  const [rows, count, counters] = await Promise.all([
    filtered(db, issuerId, query)
      .selectAll()
      .orderBy(column, direction)
      .orderBy('id', direction)
      .limit(query.limit)
      .offset(query.offset)
      .execute(),
    countRows(db, issuerId, query),
    query.counter ? reportCounters(db, issuerId, query) : Promise.resolve(undefined),
  ]);
  return {
    data: rows.map((row) => reportRow(row, options.publicUrl, options.tracking, query.language)),
    count: Number(count.n),
    ...(counters ? { counters } : {}),
  };
}

/** Certificates per status of a campaign or a template, from the counts kept beside them. */
async function statusCounts(
  db: Kysely<Database>,
  issuerId: number,
  target: Pick<ReportQuery, 'campaignId' | 'templateId'>,
): Promise<Map<number, number>> {
  let query = db
    .selectFrom('certificate_counts')
    .select(['status_id', (eb) => eb.fn.sum<number>('n').as('n')])
    .where('campaign_id', 'in', (eb) => eb.selectFrom('campaigns').select('id').where('issuer_id', '=', issuerId))
    .groupBy('status_id');
  if (target.campaignId !== undefined) query = query.where('campaign_id', '=', target.campaignId);
  if (target.templateId !== undefined) query = query.where('template_id', '=', target.templateId);
  const rows = await query.execute();
  return new Map(rows.map((row) => [row.status_id, Number(row.n)]));
}

/** The total of a report's filter: from the kept counts when only statuses narrow it, else counted. */
async function countRows(db: Kysely<Database>, issuerId: number, query: ReportQuery): Promise<{ n: number }> {
  const onlyStatuses =
    !query.filter?.trim() &&
    !query.mailSent?.length &&
    !query.startDate &&
    !query.endDate &&
    !query.ids?.length &&
    (query.campaignId !== undefined || query.templateId !== undefined);
  if (onlyStatuses) {
    const counts = await statusCounts(db, issuerId, query);
    let n = 0;
    for (const [status, count] of counts) if (!query.statuses?.length || query.statuses.includes(status)) n += count;
    return { n };
  }
  const row = await filtered(db, issuerId, query)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return { n: Number(row.n) };
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
