import { CAMPAIGN_PAGE_SIZE, type CampaignItem } from '../../../domain/publication';

/** The date-range shortcuts of the campaigns page: last week, last month, last 3 months. */
export const DATE_SHORTCUTS = [7, 30, 90] as const;

export interface CampaignFilters {
  search: string;
  /** YYYY-MM-DD, '' for no bound */
  startDate: string;
  endDate: string;
  templateId: number | null;
}

export interface CampaignPage {
  /** 0-based */
  page: number;
  perPage: number;
}

export const FIRST_PAGE: CampaignPage = { page: 0, perPage: CAMPAIGN_PAGE_SIZE };

/** The query of POST /api/admin/campaigns: offset and limit, then only the filters that are set. */
export function campaignsQuery(filters: CampaignFilters, { page, perPage }: CampaignPage): string {
  const query = new URLSearchParams({ offset: String(page * perPage), limit: String(perPage) });
  if (filters.templateId !== null) query.set('templateId', String(filters.templateId));
  if (filters.search.trim() !== '') query.set('filter', filters.search.trim());
  if (filters.startDate !== '') query.set('startDate', filters.startDate);
  if (filters.endDate !== '') query.set('endDate', filters.endDate);
  return query.toString();
}

/** A template id from the page's ?templateId= parameter. */
export function templateIdParam(value: string | null): number | null {
  const id = Number(value);
  return value !== null && Number.isInteger(id) && id > 0 ? id : null;
}

export function campaignUser(campaign: Pick<CampaignItem, 'userFirstname' | 'userLastname'>): string {
  return `${campaign.userFirstname ?? ''} ${campaign.userLastname ?? ''}`.trim();
}

/** Statuses shown as a chip: a running or failed campaign, and a deleted one; the others as plain text. */
export const STATUS_CHIPS: Readonly<Record<string, 'info' | 'error' | 'default'>> = {
  Started: 'info',
  Failed: 'error',
  Deleted: 'default',
};
