import type { CampaignItem } from '../../../domain/publication';

/** The date-range shortcuts of the campaigns page: last week, last month, last 3 months. */
export const DATE_SHORTCUTS = [7, 30, 90] as const;

/** How long the search box and the date inputs wait for the typing to stop before asking the server. */
export const FILTER_DELAY_MS = 400;

const ISO_DATE = /^(\d{4})-\d{2}-\d{2}$/;

/**
 * A bound the user is done typing: empty, or a whole date of a plausible year. The date input reports each
 * keystroke of the year (0002, 0020, 0202, 2026): those are not asked.
 */
export function completeDate(value: string): boolean {
  const match = ISO_DATE.exec(value);
  return value === '' || (match !== null && Number(match[1]) >= 1900 && !Number.isNaN(Date.parse(value)));
}

export type DateRangeCheck = 'ok' | 'incomplete' | 'reversed';

/** Whether a typed range may go to the server: both bounds complete, From not after To. */
export function checkDateRange(range: { startDate: string; endDate: string }): DateRangeCheck {
  if (!completeDate(range.startDate) || !completeDate(range.endDate)) return 'incomplete';
  if (range.startDate !== '' && range.endDate !== '' && range.startDate > range.endDate) return 'reversed';
  return 'ok';
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
