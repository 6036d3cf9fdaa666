import type { Kysely } from 'kysely';
import type { ReportHeader } from '../../../domain/reports';
import type { Database } from '../../db/schema';
import { notFound } from '../../errors';
import { publicationPeriod, reportCampaign, reportTemplate } from '../../repositories/reports/reportHeader';
import { reportCounters } from '../../repositories/reports/reportRows';

/**
 * GET /api/admin/report: what a report's header shows for a campaign (its template, note, state, counters) or a
 * whole template (its publication period and counters).
 */
export async function reportHeader(
  db: Kysely<Database>,
  issuerId: number,
  target: { campaignId?: number; templateId?: number },
): Promise<ReportHeader> {
  const campaign = target.campaignId !== undefined ? await reportCampaign(db, issuerId, target.campaignId) : undefined;
  if (target.campaignId !== undefined && !campaign) throw notFound('CAMPAIGN_NOT_FOUND', 'No such campaign');
  const templateId = campaign?.template_id ?? target.templateId;
  if (templateId === undefined) throw notFound('TEMPLATE_NOT_FOUND', 'No such template');
  const template = await reportTemplate(db, issuerId, templateId);
  if (!template) throw notFound('TEMPLATE_NOT_FOUND', 'No such template');
  const counters = await reportCounters(db, issuerId, campaign ? { campaignId: campaign.id } : { templateId });
  const period = await publicationPeriod(db, campaign ? { campaignId: campaign.id } : { templateId });
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
      label: template.parsed.label,
      type: template.type,
      mode: template.is_nft === 1 ? 'NFT' : 'Classic',
      fieldsToCertified: template.fields_to_certified,
      languages: template.languages.split(';').filter(Boolean),
      DefaultLanguage: template.default_language,
      hasCustomCstyleLayout: template.parsed.cstyle?.layout === 'CUSTOM_LAYOUT',
    },
    counters,
  };
}
