import { sql, type Kysely } from 'kysely';
import { ACTIVE_STATUSES } from '../../../domain/certificates';
import type { CampaignItem, CampaignsResponse, CreditsResponse } from '../../../domain/publication';
import type { Database } from '../../db/schema';
import { parseLabel } from '../templates/views';

export interface CampaignQuery {
  templateId?: number;
  offset: number;
  limit: number;
  filter?: string;
  /** YYYY-MM-DD, inclusive */
  startDate?: string;
  /** YYYY-MM-DD, inclusive */
  endDate?: string;
}

/** The day after a YYYY-MM-DD date, as the exclusive upper bound of created_at. */
function dayAfter(date: string): string {
  const next = new Date(`${date}T00:00:00.000Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.toISOString();
}

/** A LIKE pattern that finds `text` anywhere, its own % and _ taken literally. */
function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * The campaigns page's query (spec 001 section 7, Campaigns): the issuer's campaigns, newest first, filtered
 * in the database by template, text (template label, note, publisher's name or campaign id) and dates, one
 * page at a time; active counts come from the certificates' (campaign_id, status_id) index.
 */
export async function listCampaigns(
  db: Kysely<Database>,
  issuerId: number,
  query: CampaignQuery,
): Promise<CampaignsResponse> {
  let base = db
    .selectFrom('campaigns as c')
    .innerJoin('templates as t', 't.id', 'c.template_id')
    .leftJoin('users as u', 'u.id', 'c.user_id')
    .where('c.issuer_id', '=', issuerId);
  if (query.templateId !== undefined) base = base.where('c.template_id', '=', query.templateId);
  if (query.startDate) base = base.where('c.created_at', '>=', `${query.startDate}T00:00:00.000Z`);
  if (query.endDate) base = base.where('c.created_at', '<', dayAfter(query.endDate));
  const text = query.filter?.trim();
  if (text) {
    const pattern = containsPattern(text);
    const like = (column: string) => sql<boolean>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`;
    base = base.where((eb) =>
      eb.or([
        like('t.label'),
        like('c.notes'),
        like('u.first_name'),
        like('u.last_name'),
        ...(/^\d+$/.test(text) ? [eb('c.id', '=', Number(text))] : []),
      ]),
    );
  }
  const [count, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    base
      .select([
        'c.id',
        'c.template_id',
        'c.created_at',
        'c.status',
        'c.certified_degrees',
        'c.notes',
        't.label',
        'u.first_name',
        'u.last_name',
      ])
      .select((eb) =>
        eb
          .selectFrom('certificates as k')
          .select((k) => k.fn.countAll<number>().as('n'))
          .whereRef('k.campaign_id', '=', 'c.id')
          .where('k.status_id', 'in', ACTIVE_STATUSES)
          .as('active'),
      )
      .orderBy('c.created_at', 'desc')
      .orderBy('c.id', 'desc')
      .limit(query.limit)
      .offset(query.offset)
      .execute(),
  ]);
  const campaigns: CampaignItem[] = rows.map((row) => ({
    ID: row.id,
    templateId: row.template_id,
    label: parseLabel(row.label),
    date: row.created_at,
    Status: row.status,
    nbActive: Number(row.active ?? 0),
    certifiedDegrees: row.certified_degrees,
    userFirstname: row.first_name ?? '',
    userLastname: row.last_name ?? '',
    Notes: row.notes,
  }));
  const nbCampaigns = Number(count.n);
  const lastCampaign =
    query.offset === 0
      ? (campaigns[0] ?? null)
      : nbCampaigns > 0
        ? (await listCampaigns(db, issuerId, { ...query, offset: 0, limit: 1 })).campaigns[0]
        : null;
  return { campaigns, lastCampaign, nbCampaigns };
}

/** GET /api/issuer/{id}/credits: the balance and every operation, newest first. */
export async function readCredits(db: Kysely<Database>, issuerId: number): Promise<CreditsResponse> {
  const issuer = await db.selectFrom('issuers').select('credits').where('id', '=', issuerId).executeTakeFirstOrThrow();
  const operations = await db
    .selectFrom('credit_operations')
    .select(['operation_date', 'credits', 'reason'])
    .where('issuer_id', '=', issuerId)
    .orderBy('operation_date', 'desc')
    .orderBy('id', 'desc')
    .limit(500)
    .execute();
  return { current: issuer.credits, operations };
}
