import type { Kysely } from 'kysely';
import type { ReportHeader } from '../../../domain/reports';
import type { Database } from '../../db/schema';
import { notFound } from '../../errors';
import { parseCStyle, parseLabel } from '../templates/views';
import { reportCounters } from './reportRows';

/**
 * GET /api/admin/report: what a report's header shows for a campaign (its template, note, state, counters) or a
 * whole template (its publication period and counters).
 */
export async function reportHeader(
  db: Kysely<Database>,
  issuerId: number,
  target: { campaignId?: number; templateId?: number },
): Promise<ReportHeader> {
  const campaign =
    target.campaignId !== undefined
      ? await db
          .selectFrom('campaigns')
          .selectAll()
          .where('issuer_id', '=', issuerId)
          .where('id', '=', target.campaignId)
          .executeTakeFirst()
      : undefined;
  if (target.campaignId !== undefined && !campaign) throw notFound('CAMPAIGN_NOT_FOUND', 'No such campaign');
  const templateId = campaign?.template_id ?? target.templateId;
  if (templateId === undefined) throw notFound('TEMPLATE_NOT_FOUND', 'No such template');
  const template = await db
    .selectFrom('templates')
    .selectAll()
    .where('issuer_id', '=', issuerId)
    .where('id', '=', templateId)
    .executeTakeFirst();
  if (!template) throw notFound('TEMPLATE_NOT_FOUND', 'No such template');
  const counters = await reportCounters(db, issuerId, campaign ? { campaignId: campaign.id } : { templateId });
  // ids grow with publication: the first and the last certificate by the (…, id) index, not a min/max scan
  const edge = (direction: 'asc' | 'desc') =>
    db
      .selectFrom('certificates')
      .select('created_at')
      .where(campaign ? 'campaign_id' : 'template_id', '=', campaign ? campaign.id : templateId)
      .orderBy('id', direction)
      .limit(1)
      .executeTakeFirst();
  const [first, last] = await Promise.all([edge('asc'), edge('desc')]);
  const period = { first: first?.created_at ?? null, last: last?.created_at ?? null };
  return {
    campaign: campaign
      ? {
          ID: campaign.id,
          Status: campaign.status,
          Notes: campaign.notes,
          date: campaign.created_at,
          startDate: (period?.first as string | null) ?? campaign.created_at,
          endDate: (period?.last as string | null) ?? campaign.created_at,
          nbActives: counters.validated,
          error: campaign.error,
        }
      : null,
    template: {
      id: template.id,
      label: parseLabel(template.label),
      type: template.type,
      mode: template.is_nft === 1 ? 'NFT' : 'Classic',
      fieldsToCertified: template.fields_to_certified,
      languages: template.languages.split(';').filter(Boolean),
      DefaultLanguage: template.default_language,
      hasCustomCstyleLayout: parseCStyle(template.cstyle)?.layout === 'CUSTOM_LAYOUT',
    },
    counters,
  };
}
