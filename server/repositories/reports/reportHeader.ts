import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { parseTemplate, type ParsedTemplate } from '../templateRows';

/** The issuer's campaign a report is about, or undefined. */
export function reportCampaign(db: Kysely<Database>, issuerId: number, campaignId: number) {
  return db
    .selectFrom('campaigns')
    .selectAll()
    .where('issuer_id', '=', issuerId)
    .where('id', '=', campaignId)
    .executeTakeFirst();
}

/** The issuer's template a report is about, or undefined. */
export async function reportTemplate(
  db: Kysely<Database>,
  issuerId: number,
  templateId: number,
): Promise<ParsedTemplate | undefined> {
  const row = await db
    .selectFrom('templates')
    .selectAll()
    .where('issuer_id', '=', issuerId)
    .where('id', '=', templateId)
    .executeTakeFirst();
  return row && parseTemplate(row);
}

/**
 * The creation dates of the first and the last certificate of a campaign or a template. Ids grow with publication:
 * the first and the last certificate by the (…, id) index, not a min/max scan.
 */
export async function publicationPeriod(
  db: Kysely<Database>,
  of: { campaignId: number } | { templateId: number },
): Promise<{ first: string | null; last: string | null }> {
  const edge = (direction: 'asc' | 'desc') =>
    db
      .selectFrom('certificates')
      .select('created_at')
      .where(
        'campaignId' in of ? 'campaign_id' : 'template_id',
        '=',
        'campaignId' in of ? of.campaignId : of.templateId,
      )
      .orderBy('id', direction)
      .limit(1)
      .executeTakeFirst();
  const [first, last] = await Promise.all([edge('asc'), edge('desc')]);
  return { first: first?.created_at ?? null, last: last?.created_at ?? null };
}
