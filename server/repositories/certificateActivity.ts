import { sql, type Kysely } from 'kysely';
import { ACTIVITY_KINDS, type ActivityKind, type CertificateActivity } from '../../domain/activity';
import type { Database } from '../db/schema';

/** Certificates read per query (well under SQLite's bound-parameter limit). */
const READ_CHUNK = 500;

/**
 * One counted event on the certificate of `key` (issue 31): its counter for `kind` goes up by one (first_at set
 * the first time, last_at each time), and so does its issuer's, template's and day's total. Two upserts, never a
 * row per visit; a key that is no certificate changes nothing.
 */
export async function recordActivity(db: Kysely<Database>, key: string, kind: ActivityKind, at: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('certificate_activity')
      .columns(['certificate_id', 'kind', 'count', 'first_at', 'last_at'])
      .expression((eb) =>
        eb
          .selectFrom('certificates')
          .select((s) => [
            'id',
            s.val(kind).as('kind'),
            s.val(1).as('count'),
            s.val(at).as('first_at'),
            s.val(at).as('last_at'),
          ])
          .where('key', '=', key),
      )
      .onConflict((oc) =>
        oc.columns(['certificate_id', 'kind']).doUpdateSet({
          count: sql<number>`certificate_activity.count + 1`,
          last_at: (eb) => eb.ref('excluded.last_at'),
        }),
      )
      .execute();
    await trx
      .insertInto('activity_days')
      .columns(['issuer_id', 'template_id', 'day', 'kind', 'count'])
      .expression((eb) =>
        eb
          .selectFrom('certificates')
          .select((s) => [
            'issuer_id',
            'template_id',
            s.val(at.slice(0, 10)).as('day'),
            s.val(kind).as('kind'),
            s.val(1).as('count'),
          ])
          .where('key', '=', key),
      )
      .onConflict((oc) =>
        oc
          .columns(['issuer_id', 'day', 'template_id', 'kind'])
          .doUpdateSet({ count: sql<number>`activity_days.count + 1` }),
      )
      .execute();
  });
}

function isKind(kind: string): kind is ActivityKind {
  return (ACTIVITY_KINDS as readonly string[]).includes(kind);
}

/** The activity of each of `certificateIds` that has any (one query per 500 certificates: a report's page is one). */
export async function activityOf(
  db: Kysely<Database>,
  certificateIds: readonly number[],
): Promise<Map<number, CertificateActivity>> {
  const activity = new Map<number, CertificateActivity>();
  const ids = [...new Set(certificateIds)];
  for (let start = 0; start < ids.length; start += READ_CHUNK) {
    const rows = await db
      .selectFrom('certificate_activity')
      .select(['certificate_id', 'kind', 'count', 'first_at', 'last_at'])
      .where('certificate_id', 'in', ids.slice(start, start + READ_CHUNK))
      .execute();
    for (const row of rows) {
      if (!isKind(row.kind)) continue;
      const counters = activity.get(row.certificate_id) ?? {};
      counters[row.kind] = { count: Number(row.count), firstAt: row.first_at, lastAt: row.last_at };
      activity.set(row.certificate_id, counters);
    }
  }
  return activity;
}

/** Per issuer, template and kind, the events counted from day `from` (included) to `to` (excluded), YYYY-MM-DD. */
export async function activityInRange(
  db: Kysely<Database>,
  issuerIds: readonly number[],
  range: { from: string; to: string },
): Promise<{ issuerId: number; templateId: number; kind: ActivityKind; count: number }[]> {
  if (issuerIds.length === 0) return [];
  const rows = await db
    .selectFrom('activity_days')
    .select(['issuer_id', 'template_id', 'kind', (eb) => eb.fn.sum<number | string>('count').as('count')])
    .where('issuer_id', 'in', issuerIds)
    .where('day', '>=', range.from)
    .where('day', '<', range.to)
    .groupBy(['issuer_id', 'template_id', 'kind'])
    .execute();
  return rows.flatMap((row) =>
    isKind(row.kind)
      ? [{ issuerId: row.issuer_id, templateId: row.template_id, kind: row.kind, count: Number(row.count) }]
      : [],
  );
}
