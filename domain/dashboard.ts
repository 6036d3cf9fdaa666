import { lastDays, rangeShortcut } from './dateRange';
import { labelIn, type Label } from './templates';

/**
 * The dashboard's rules (spec 000 sections 2.5, 3, 4, 5 and 9), shared by the server, which answers the stats and
 * activity calls, and the web app, which sums and draws them over the selected issuers.
 */

/** One issuer's all-time figures (GET /api/admin/stats). */
export interface IssuerStats {
  /** the issuer's id */
  id: number;
  /** the issuer's name */
  label: string;
  /** certificates ever published, whatever their status now */
  certifiedDegrees: number;
  /** emails delivered (opened ones included) */
  nbEmailSent: number;
  /** credits remaining */
  Credits: number;
  /** certificates deleted, whose revocation bit is set */
  nbDeleted: number;
}

/** One template's figures over a period (GET /api/admin/activity). */
export interface ActivityItem {
  /** the template's issuer id */
  id: number;
  /** the template's issuer name */
  label: string;
  TemplateID: number;
  /** the template's label as a JSON map of language to label */
  TemplateLabel: string;
  /** active certificates of the campaigns published in the period */
  nbActives: number;
  /** emails of the period delivered and not (known to be) opened */
  nbEmailSent: number;
  nbEmailOpened: number;
  /** emails of the period refused by the mail server (not delivered) */
  nbEmailRejected: number;
  /** what recipients did in the period (issue 31): page views, PDF and image downloads, LinkedIn clicks, checks */
  nbViews?: number;
  nbDownloads?: number;
  nbLinkedIn?: number;
  nbVerifications?: number;
}

/** What recipients did in the period, over the selected issuers (issue 31). */
export interface RecipientTotals {
  views: number;
  downloads: number;
  linkedIn: number;
  verifications: number;
}

export function recipientTotals(
  activity: readonly ActivityItem[],
  selected: ReadonlySet<number> | null,
): RecipientTotals {
  const isCounted = counted(selected);
  const totals: RecipientTotals = { views: 0, downloads: 0, linkedIn: 0, verifications: 0 };
  for (const item of activity) {
    if (!isCounted(item.id)) continue;
    totals.views += item.nbViews ?? 0;
    totals.downloads += item.nbDownloads ?? 0;
    totals.linkedIn += item.nbLinkedIn ?? 0;
    totals.verifications += item.nbVerifications ?? 0;
  }
  return totals;
}

/** Default period: the last 7 days, today included. */
export const DEFAULT_PERIOD_DAYS = 7;
/** The date picker's shortcuts: last week, last month, last 3 months. */
export const PERIOD_SHORTCUTS = [7, 30, 90] as const;
export type PeriodShortcut = (typeof PERIOD_SHORTCUTS)[number];

/** Chart look of section 9. */
export const DONUT_CUTOUT = '70%';
export const ISSUER_BAR_SIZE = 6;
export const PERIOD_BAR_SIZE = 80;
/** Issuer names on the charts are cut to this many characters plus an ellipsis. */
export const CHART_LABEL_MAX = 35;

export interface Period {
  /** YYYY-MM-DD, both days included */
  startDate: string;
  endDate: string;
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar day written YYYY-MM-DD. */
export function isIsoDate(value: string): boolean {
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toISOString().slice(0, 10) === value;
}

/** Two real days, the start not after the end. */
export function isValidPeriod({ startDate, endDate }: Period): boolean {
  return isIsoDate(startDate) && isIsoDate(endDate) && startDate <= endDate;
}

/** The day after a YYYY-MM-DD day: the exclusive bound of a period whose last day is included. */
export function nextDay(day: string): string {
  const date = new Date(`${day}T00:00:00.000Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

export function defaultPeriod(today: Date = new Date()): Period {
  return lastDays(DEFAULT_PERIOD_DAYS, today);
}

/** The shortcut the period is, if any. */
export function periodShortcut(period: Period, today: Date = new Date()): PeriodShortcut | null {
  return rangeShortcut(period, PERIOD_SHORTCUTS, today);
}

/** Emails delivered, opened or not. */
export function nbTotalSent(item: Pick<ActivityItem, 'nbEmailSent' | 'nbEmailOpened'>): number {
  return item.nbEmailSent + item.nbEmailOpened;
}

/** The shortcut to the template's campaigns appears only on rows of the user's own issuer. */
export function isActionable(item: Pick<ActivityItem, 'id'>, issuerId: number): boolean {
  return item.id === issuerId;
}

/** Without open tracking, opened emails are counted as sent ones. */
export function withTracking(item: ActivityItem, tracking: boolean): ActivityItem {
  return tracking ? item : { ...item, nbEmailSent: nbTotalSent(item), nbEmailOpened: 0 };
}

/** An issuer's name for a chart axis: at most 35 characters, then an ellipsis. */
export function chartLabel(label: string): string {
  return label.length > CHART_LABEL_MAX ? `${label.slice(0, CHART_LABEL_MAX)}…` : label;
}

/** round((sent + opened) × 100 / published), 0 when it cannot be computed. */
export function sentPercentage(published: number, sent: number, opened: number): number {
  if (!(published > 0)) return 0;
  const percentage = Math.round(((sent + opened) * 100) / published);
  return Number.isFinite(percentage) ? percentage : 0;
}

/** Published − sent − opened − not delivered; never below 0 (emails of the period may be of older certificates). */
export function notSent(figures: Pick<PeriodTotals, 'published' | 'sent' | 'opened' | 'notDelivered'>): number {
  return Math.max(0, figures.published - figures.sent - figures.opened - figures.notDelivered);
}

/** Stats sorted by issuer name, case-insensitively. */
export function sortStats<T extends Pick<IssuerStats, 'label'>>(stats: readonly T[]): T[] {
  return [...stats].sort((a, b) => {
    const left = a.label.toLowerCase();
    const right = b.label.toLowerCase();
    return left < right ? -1 : left > right ? 1 : 0;
  });
}

/** A template label as the activity call sends it: a JSON map of language to label. */
export function templateLabelJson(label: Label, defaultLanguage: string): string {
  return JSON.stringify(typeof label === 'string' ? { [defaultLanguage || 'en']: label } : label);
}

/** The activity's TemplateLabel in `language`, falling back to en, then to the first language. */
export function templateLabelIn(templateLabel: string, language: string): string {
  try {
    const parsed: unknown = JSON.parse(templateLabel);
    if (typeof parsed === 'string') return parsed;
    if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) {
      return labelIn(parsed as Record<string, string>, language);
    }
  } catch {
    // not JSON: the label itself
  }
  return templateLabel;
}

/** Issuers whose figures are counted: every issuer when none is given. */
const counted = (selected: ReadonlySet<number> | null) => (id: number) => selected === null || selected.has(id);

export interface GlobalTotals {
  certifiedDegrees: number;
  nbEmailSent: number;
  nbDeleted: number;
  Credits: number;
}

/** The three cards' figures over the selected issuers (null: all). */
export function globalTotals(stats: readonly IssuerStats[], selected: ReadonlySet<number> | null): GlobalTotals {
  const isCounted = counted(selected);
  return stats
    .filter((item) => isCounted(item.id))
    .reduce<GlobalTotals>(
      (sum, item) => ({
        certifiedDegrees: sum.certifiedDegrees + item.certifiedDegrees,
        nbEmailSent: sum.nbEmailSent + item.nbEmailSent,
        nbDeleted: sum.nbDeleted + item.nbDeleted,
        Credits: sum.Credits + item.Credits,
      }),
      { certifiedDegrees: 0, nbEmailSent: 0, nbDeleted: 0, Credits: 0 },
    );
}

export interface PeriodTotals {
  published: number;
  sent: number;
  opened: number;
  notDelivered: number;
  notSent: number;
  /** the sent percentage of section 5 */
  percentage: number;
}

/** The period charts' figures over the selected issuers (null: all), opened merged into sent without tracking. */
export function periodTotals(
  activity: readonly ActivityItem[],
  selected: ReadonlySet<number> | null,
  tracking: boolean,
): PeriodTotals {
  const isCounted = counted(selected);
  let published = 0;
  let sent = 0;
  let opened = 0;
  let notDelivered = 0;
  for (const item of activity) {
    if (!isCounted(item.id)) continue;
    const shown = withTracking(item, tracking);
    published += shown.nbActives;
    sent += shown.nbEmailSent;
    opened += shown.nbEmailOpened;
    notDelivered += shown.nbEmailRejected;
  }
  return {
    published,
    sent,
    opened,
    notDelivered,
    notSent: notSent({ published, sent, opened, notDelivered }),
    percentage: sentPercentage(published, sent, opened),
  };
}
