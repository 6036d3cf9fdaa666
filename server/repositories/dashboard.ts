import { sql, type Kysely } from 'kysely';
import { ACTIVE_STATUSES, CERTIFICATE_STATUS } from '../../domain/certificates';
import type { Label } from '../../domain/templates';
import type { Database } from '../db/schema';
import { parseLabel } from './templateRows';

/**
 * The dashboard's counts, over the issuers of the scope (the caller's issuer, or a validator's validated set).
 * Certificates are counted from certificate_counts through their campaigns (campaigns_issuer_date), emails from
 * email_counts, never by reading the certificates' rows.
 */
export type IssuerScope = readonly number[];

/** Half-open range of UTC days (YYYY-MM-DD): from ≤ day < to. Emails are counted per day, so bounds are days. */
export interface TimeRange {
  from: string;
  to: string;
}

/**
 * Emails per issuer, UTC day they were sent and template (delivered and not opened, opened, refused), kept by the
 * certificates' triggers (migration 2026-11-23T0300_dashboard_counts). Declared here, beside the only reader.
 */
const count = (value: unknown) => Number(value ?? 0);

/** The scope's ids for an `in` list, which must not be empty. */
const inScope = (scope: IssuerScope) => (scope.length > 0 ? [...scope] : [-1]);

export async function issuersOf(db: Kysely<Database>, scope: IssuerScope) {
  const query = db.selectFrom('issuers').select(['id', 'name', 'credits']).where('id', 'in', inScope(scope));
  return query.execute();
}

/** Certificates ever published per issuer, and those deleted. */
export async function certificatesPerIssuer(db: Kysely<Database>, scope: IssuerScope) {
  const query = db
    .selectFrom('certificate_counts as cc')
    .innerJoin('campaigns as c', 'c.id', 'cc.campaign_id')
    .select([
      'c.issuer_id',
      (eb) => eb.fn.sum<number | string>('cc.n').as('total'),
      sql<
        number | string
      >`sum(case when ${sql.ref('cc.status_id')} = ${CERTIFICATE_STATUS.deleted} then ${sql.ref('cc.n')} else 0 end)`.as(
        'deleted',
      ),
    ])
    .groupBy('c.issuer_id')
    .where('c.issuer_id', 'in', inScope(scope));
  const rows = await query.execute();
  return new Map(rows.map((row) => [row.issuer_id, { total: count(row.total), deleted: count(row.deleted) }]));
}

/** Emails delivered per issuer, all time. */
export async function deliveredEmailsPerIssuer(db: Kysely<Database>, scope: IssuerScope) {
  const query = db
    .selectFrom('email_counts')
    .select(['issuer_id', sql<number | string>`sum(sent + opened)`.as('n')])
    .groupBy('issuer_id')
    .where('issuer_id', 'in', inScope(scope));
  const rows = await query.execute();
  return new Map(rows.map((row) => [row.issuer_id, count(row.n)]));
}

/** Active certificates per issuer and template, of the campaigns created in the range. */
export async function activeCertificatesInRange(db: Kysely<Database>, scope: IssuerScope, range: TimeRange) {
  const query = db
    .selectFrom('certificate_counts as cc')
    .innerJoin('campaigns as c', 'c.id', 'cc.campaign_id')
    .select(['c.issuer_id', 'cc.template_id', (eb) => eb.fn.sum<number | string>('cc.n').as('n')])
    .where('c.created_at', '>=', range.from)
    .where('c.created_at', '<', range.to)
    .where('cc.status_id', 'in', [...ACTIVE_STATUSES])
    .groupBy(['c.issuer_id', 'cc.template_id'])
    .where('c.issuer_id', 'in', inScope(scope));
  const rows = await query.execute();
  return rows.map((row) => ({ issuerId: row.issuer_id, templateId: row.template_id, actives: count(row.n) }));
}

/** Emails sent in the range per issuer and template: delivered and not opened, opened, refused. */
export async function emailsInRange(db: Kysely<Database>, scope: IssuerScope, range: TimeRange) {
  const query = db
    .selectFrom('email_counts')
    .select([
      'issuer_id',
      'template_id',
      (eb) => eb.fn.sum<number | string>('sent').as('sent'),
      (eb) => eb.fn.sum<number | string>('opened').as('opened'),
      (eb) => eb.fn.sum<number | string>('rejected').as('rejected'),
    ])
    .where('day', '>=', range.from)
    .where('day', '<', range.to)
    .groupBy(['issuer_id', 'template_id'])
    .where('issuer_id', 'in', inScope(scope));
  const rows = await query.execute();
  return rows.map((row) => ({
    issuerId: row.issuer_id,
    templateId: row.template_id,
    sent: count(row.sent),
    opened: count(row.opened),
    rejected: count(row.rejected),
  }));
}

export async function templatesById(
  db: Kysely<Database>,
  ids: readonly number[],
): Promise<Map<number, { label: Label; default_language: string }>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('templates')
    .select(['id', 'label', 'default_language'])
    .where('id', 'in', [...ids])
    .execute();
  return new Map(rows.map((row) => [row.id, { label: parseLabel(row.label), default_language: row.default_language }]));
}
