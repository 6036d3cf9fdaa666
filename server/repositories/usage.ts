import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';

/**
 * Certificates an issuer published since a time: the per-campaign counts kept at publish time, over the
 * issuer's campaigns of the period (campaigns_issuer_date), without reading a certificate.
 */
export async function countCertificatesSince(db: Kysely<Database>, issuerId: number, since: string): Promise<number> {
  const row = await db
    .selectFrom('certificate_counts')
    .innerJoin('campaigns', 'campaigns.id', 'certificate_counts.campaign_id')
    .select((eb) => eb.fn.sum<number | string | null>('certificate_counts.n').as('n'))
    .where('campaigns.issuer_id', '=', issuerId)
    .where('campaigns.created_at', '>=', since)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/**
 * Distinct recipients (by email address, whatever its case) of the certificates an issuer published since a time. It reads the
 * period's certificates through their campaigns, so its cost follows one year's volume, not the whole table.
 */
export async function countRecipientsSince(db: Kysely<Database>, issuerId: number, since: string): Promise<number> {
  const row = await db
    .selectFrom('certificates')
    .innerJoin('campaigns', 'campaigns.id', 'certificates.campaign_id')
    .select(sql<number | string>`count(distinct lower(${sql.ref('certificates.email')}))`.as('n'))
    .where('campaigns.issuer_id', '=', issuerId)
    .where('campaigns.created_at', '>=', since)
    .where('certificates.email', '<>', '')
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}
