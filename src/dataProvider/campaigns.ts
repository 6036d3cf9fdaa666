import type { GetListParams } from 'react-admin';
import { CAMPAIGN_PAGE_SIZE, type CampaignItem, type CampaignsResponse } from '../../domain/publication';
import { apiFetch } from './httpClient';

/** The campaigns list's filter: search text, dates (YYYY-MM-DD, inclusive) and one template. */
export interface CampaignFilter {
  q?: string;
  startDate?: string;
  endDate?: string;
  templateId?: number;
}

export type CampaignRecord = CampaignItem & { id: number };

/** The query of POST /api/admin/campaigns: offset and limit, then only the filters that are set. */
export function campaignsQuery(params: Pick<GetListParams, 'filter' | 'pagination'>): string {
  const filter = (params.filter ?? {}) as CampaignFilter;
  const { page, perPage } = params.pagination ?? { page: 1, perPage: CAMPAIGN_PAGE_SIZE };
  const query = new URLSearchParams({ offset: String((page - 1) * perPage), limit: String(perPage) });
  if (filter.templateId !== undefined) query.set('templateId', String(filter.templateId));
  if (filter.q?.trim()) query.set('filter', filter.q.trim());
  if (filter.startDate) query.set('startDate', filter.startDate);
  if (filter.endDate) query.set('endDate', filter.endDate);
  return query.toString();
}

/** The campaigns (spec 001 section 7): newest first, filtered and paged by the server. */
export const campaigns = {
  async getList(params: GetListParams) {
    const { body } = await apiFetch<CampaignsResponse>(`/api/admin/campaigns?${campaignsQuery(params)}`, {
      method: 'POST',
    });
    return {
      data: body.campaigns.map((campaign): CampaignRecord => ({ ...campaign, id: campaign.ID })),
      total: body.nbCampaigns,
    };
  },
};
