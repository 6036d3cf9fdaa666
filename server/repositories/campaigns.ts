import { sql, type Kysely } from 'kysely';
import { ACTIVE_STATUSES, ENABLED_STATUSES } from '../../domain/certificates';
import { nowIso } from '../db/clock';
import type { Campaign, Database } from '../db/schema';
import { parseLabel } from './templateRows';

export function findCampaign(db: Kysely<Database>, issuerId: number, id: number): Promise<Campaign | undefined> {
  return db
    .selectFrom('campaigns')
    .selectAll()
    .where('issuer_id', '=', issuerId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export function findCampaignByIdempotencyKey(
  db: Kysely<Database>,
  issuerId: number,
  key: string,
): Promise<Campaign | undefined> {
  return db
    .selectFrom('campaigns')
    .selectAll()
    .where('issuer_id', '=', issuerId)
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
}

/** Marks a Started campaign Done (or Failed); answers whether this call made the change. */
export async function finishCampaign(db: Kysely<Database>, id: number, error: string | null = null): Promise<boolean> {
  const result = await db
    .updateTable('campaigns')
    .set({ status: error ? 'Failed' : 'Done', finished_at: nowIso(), error })
    .where('id', '=', id)
    .where('status', '=', 'Started')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

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
 * One page of the campaigns page (spec 001 section 7, Campaigns): the issuer's campaigns, newest first, filtered
 * in the database by template, text (template label, note, publisher's name or campaign id) and dates, and how many
 * match; active counts come from the certificates' (campaign_id, status_id) index.
 */
export async function campaignPage(db: Kysely<Database>, issuerId: number, query: CampaignQuery) {
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
  return { count: Number(count.n), rows: rows.map((row) => ({ ...row, label: parseLabel(row.label) })) };
}

/**
 * The register feed's certificates (services/cpfExport): the next `limit` enabled certificates of a template (and
 * campaign) after `afterId` and up to `upToId`, by id.
 */
export async function activeCertificateBatch(
  db: Kysely<Database>,
  issuerId: number,
  query: { templateId: number; campaignId?: number },
  afterId: number,
  limit: number,
  upToId?: number,
) {
  let select = db
    .selectFrom('certificates')
    .select(['id', 'key', 'first_name', 'last_name', 'obtention_date', 'expiration_date', 'data'])
    .where('issuer_id', '=', issuerId)
    .where('template_id', '=', query.templateId)
    .where('status_id', 'in', [...ENABLED_STATUSES])
    .where('id', '>', afterId);
  if (query.campaignId !== undefined) select = select.where('campaign_id', '=', query.campaignId);
  if (upToId !== undefined) select = select.where('id', '<=', upToId);
  return select.orderBy('id').limit(limit).execute();
}
