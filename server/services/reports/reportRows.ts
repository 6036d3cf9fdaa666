import { sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool } from 'kysely';
import { ACTIVE_STATUSES, CERTIFICATE_STATUS } from '../../../domain/certificates';
import {
  emailStatus,
  MAIL_FILTER,
  type ReportCounters,
  type ReportRow,
  type ReportRowsResponse,
  type ReportSortField,
} from '../../../domain/reports';
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

/** A LIKE pattern that finds `text` anywhere, its own % and _ taken literally. */
export function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

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

/** The certificates of one issuer narrowed by a report's filters; every condition is on an indexed path. */
function filtered(db: Kysely<Database>, issuerId: number, query: ReportQuery, withStatuses = true) {
  let base = db.selectFrom('certificates').where('issuer_id', '=', issuerId);
  if (query.campaignId !== undefined) base = base.where('campaign_id', '=', query.campaignId);
  if (query.templateId !== undefined) base = base.where('template_id', '=', query.templateId);
  if (query.ids && query.ids.length > 0) base = base.where('id', 'in', query.ids);
  if (withStatuses && query.statuses && query.statuses.length > 0) base = base.where('status_id', 'in', query.statuses);
  if (query.mailSent && query.mailSent.length > 0) {
    const values = query.mailSent;
    base = base.where((eb) => mailCondition(eb, values));
  }
  if (query.startDate) base = base.where('created_at', '>=', `${query.startDate}T00:00:00.000Z`);
  if (query.endDate) base = base.where('created_at', '<', dayAfter(query.endDate));
  const text = query.filter?.trim();
  if (text) {
    const pattern = containsPattern(text);
    const like = (column: string) => sql<SqlBool>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`;
    base = base.where((eb) =>
      eb.or([
        like('email'),
        like('first_name'),
        like('last_name'),
        like('recipient_key'),
        ...(text.length >= 8 ? [eb('key', 'like', `${text.replace(/[\\%_]/g, '')}%`)] : []),
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
    filtered(db, issuerId, query)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
    query.counter ? reportCounters(db, issuerId, query) : Promise.resolve(undefined),
  ]);
  return {
    data: rows.map((row) => reportRow(row, options.publicUrl, options.tracking, query.language)),
    count: Number(count.n),
    ...(counters ? { counters } : {}),
  };
}

/** The header's counters over the campaign or template (statuses not filtered): total, validated, disabled, minting. */
export async function reportCounters(
  db: Kysely<Database>,
  issuerId: number,
  query: Pick<ReportQuery, 'campaignId' | 'templateId'>,
): Promise<ReportCounters> {
  const byStatus = await filtered(
    db,
    issuerId,
    { campaignId: query.campaignId, templateId: query.templateId, offset: 0, limit: 0 },
    false,
  )
    .select(['status_id', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy('status_id')
    .execute();
  const count = (statuses: readonly number[]) =>
    byStatus.filter((row) => statuses.includes(row.status_id)).reduce((sum, row) => sum + Number(row.n), 0);
  return {
    total: byStatus.reduce((sum, row) => sum + Number(row.n), 0),
    validated: count(ACTIVE_STATUSES),
    disabled: count([CERTIFICATE_STATUS.disabled]),
    minting: count([CERTIFICATE_STATUS.minting]),
  };
}
