import type { GetListParams } from 'react-admin';
import { CAMPAIGN_PAGE_SIZE, type CampaignItem } from '../../domain/publication';
import { apiRequest } from './apiRequest';
import { getListInPages } from './largePages';

/** The most campaigns POST /api/admin/campaigns answers in one call (its `limit`). */
const CAMPAIGNS_MAX_PAGE = 200;

/** The campaigns list's filter: search text, dates (YYYY-MM-DD, inclusive) and one template. */
export interface CampaignFilter {
  q?: string;
  startDate?: string;
  endDate?: string;
  templateId?: number;
}

export type CampaignRecord = CampaignItem & { id: number };

/** The query of POST /api/admin/campaigns: offset and limit, then only the filters that are set. */
export function campaignsQueryParams(params: Pick<GetListParams, 'filter' | 'pagination'>) {
  const filter = (params.filter ?? {}) as CampaignFilter;
  const { page, perPage } = params.pagination ?? { page: 1, perPage: CAMPAIGN_PAGE_SIZE };
  const text = filter.q?.trim();
  return {
    offset: (page - 1) * perPage,
    limit: perPage,
    ...(filter.templateId !== undefined ? { templateId: filter.templateId } : {}),
    ...(text ? { filter: text } : {}),
    ...(filter.startDate ? { startDate: filter.startDate } : {}),
    ...(filter.endDate ? { endDate: filter.endDate } : {}),
  };
}

/**
 * The campaigns (spec 001 section 7): newest first, filtered and paged by the server; the export's one large page
 * is read in several calls.
 */
export const campaigns = {
  getList(params: GetListParams) {
    return getListInPages(params, CAMPAIGNS_MAX_PAGE, async (page) => {
      const { body } = await apiRequest('/api/admin/campaigns', 'post', { query: campaignsQueryParams(page) });
      return {
        data: body.campaigns.map((campaign): CampaignRecord => ({ ...campaign, id: campaign.ID })),
        total: body.nbCampaigns,
      };
    });
  },
};
