import {
  chartLabel,
  isActionable,
  nbTotalSent,
  templateLabelIn,
  type ActivityItem,
  type IssuerStats,
  type PeriodTotals,
} from '../../../domain/dashboard';

/** The active-templates table's sortable columns (spec 000 section 2.5: the first four). */
export const ACTIVITY_SORT_FIELDS = ['issuer', 'template', 'actives', 'sent'] as const;
export type ActivitySortField = (typeof ACTIVITY_SORT_FIELDS)[number];
export interface ActivitySort {
  field: ActivitySortField;
  order: 'asc' | 'desc';
}
export const DEFAULT_ACTIVITY_SORT: ActivitySort = { field: 'actives', order: 'desc' };

export interface ActivityRow {
  issuerId: number;
  issuer: string;
  templateId: number;
  template: string;
  actives: number;
  /** emails delivered, opened or not */
  sent: number;
  /** the campaigns shortcut is offered: the row is of the user's own issuer */
  actionable: boolean;
}

const selectedBy = (selected: ReadonlySet<number> | null) => (id: number) => selected === null || selected.has(id);

/** The table's rows over the selected issuers, labels in the user's language. */
export function activityRows(
  activity: readonly ActivityItem[],
  selected: ReadonlySet<number> | null,
  locale: string,
  issuerId: number,
): ActivityRow[] {
  const isSelected = selectedBy(selected);
  return activity
    .filter((item) => isSelected(item.id))
    .map((item) => ({
      issuerId: item.id,
      issuer: item.label,
      templateId: item.TemplateID,
      template: templateLabelIn(item.TemplateLabel, locale),
      actives: item.nbActives,
      sent: nbTotalSent(item),
      actionable: isActionable(item, issuerId),
    }));
}

/** Rows sorted on one column; ties keep the issuer then template order. */
export function sortRows(rows: readonly ActivityRow[], sort: ActivitySort, locale: string): ActivityRow[] {
  const text = (a: string, b: string) => a.localeCompare(b, locale, { sensitivity: 'base' });
  const compare = (a: ActivityRow, b: ActivityRow): number => {
    switch (sort.field) {
      case 'issuer':
        return text(a.issuer, b.issuer);
      case 'template':
        return text(a.template, b.template);
      case 'actives':
        return a.actives - b.actives;
      case 'sent':
        return a.sent - b.sent;
    }
  };
  const direction = sort.order === 'asc' ? 1 : -1;
  return [...rows].sort(
    (a, b) => direction * compare(a, b) || text(a.issuer, b.issuer) || text(a.template, b.template),
  );
}

/** Clicking a column header: the same column flips its order; another starts descending for counts. */
export function nextSort(current: ActivitySort, field: ActivitySortField): ActivitySort {
  if (current.field === field) return { field, order: current.order === 'asc' ? 'desc' : 'asc' };
  return { field, order: field === 'actives' || field === 'sent' ? 'desc' : 'asc' };
}

export interface IssuerBar {
  name: string;
  fullName: string;
  certificates: number;
  credits: number;
}

/** The validator's per-issuer charts, over the selected issuers. */
export function issuerBars(stats: readonly IssuerStats[], selected: ReadonlySet<number> | null): IssuerBar[] {
  const isSelected = selectedBy(selected);
  return stats
    .filter((item) => isSelected(item.id))
    .map((item) => ({
      name: chartLabel(item.label),
      fullName: item.label,
      certificates: item.certifiedDegrees,
      credits: item.Credits,
    }));
}

export type PeriodSeries = 'published' | 'sent' | 'opened' | 'notDelivered' | 'notSent';

export interface Slice {
  key: PeriodSeries;
  value: number;
}

/** Published versus sent, and versus opened when tracking is on. */
export function periodBars(totals: PeriodTotals, tracking: boolean): Slice[] {
  return [
    { key: 'published', value: totals.published },
    { key: 'sent', value: totals.sent },
    ...(tracking ? [{ key: 'opened' as const, value: totals.opened }] : []),
  ];
}

/** The donut's email outcomes; opened only with tracking. */
export function donutSlices(totals: PeriodTotals, tracking: boolean): Slice[] {
  return [
    { key: 'sent', value: totals.sent },
    ...(tracking ? [{ key: 'opened' as const, value: totals.opened }] : []),
    { key: 'notDelivered', value: totals.notDelivered },
    { key: 'notSent', value: totals.notSent },
  ];
}

/** The period has something to show. */
export function hasPeriodData(totals: PeriodTotals): boolean {
  return totals.published + totals.sent + totals.opened + totals.notDelivered > 0;
}

/** Adds or removes one issuer from the selection. */
export function toggledIssuer(selected: ReadonlySet<number>, id: number): Set<number> {
  const next = new Set(selected);
  if (next.has(id)) next.delete(id);
  else next.add(id);
  return next;
}

/** The campaigns page's query for one template's campaigns. */
export function campaignsSearch(templateId: number): string {
  return new URLSearchParams({ templateId: String(templateId) }).toString();
}
