import { DEFAULT_STATUS_FILTER, NFT_STATUS_FILTER } from '../../../domain/certificates';
import {
  columnWidth,
  defaultMailFilter,
  REPORT_PAGE_SIZES,
  REPORT_SORT_FIELDS,
  type ReportRow,
  type ReportSortField,
} from '../../../domain/reports';

/** The three report pages of spec 002 section 2.1: a campaign, a whole template, a cpf template's control. */
export type ReportKind = 'campaign' | 'template' | 'cpf';

/** The user's filters; null statuses or mail-sent values stand for the defaults of the template and issuer. */
export interface ReportFilters {
  statuses: number[] | null;
  mailSent: number[] | null;
  /** YYYY-MM-DD, '' for no bound; only the template report offers dates */
  startDate: string;
  endDate: string;
}

/** The filters with every value spelled out. */
export type ResolvedFilters = { [K in keyof ReportFilters]: NonNullable<ReportFilters[K]> };

export interface ReportSort {
  field: ReportSortField;
  order: 'ASC' | 'DESC';
}

/** What the user chose on a report: filters, search text, data language, sort and page. */
export interface ReportView {
  filters: ReportFilters;
  /** the applied search text (the box's text once Enter or the button is pressed) */
  search: string;
  /** '' shows each certificate in its own language */
  language: string;
  /** null is the server's order: newest first */
  sort: ReportSort | null;
  /** 0-based */
  page: number;
  perPage: number;
}

export interface ReportOptions {
  nft: boolean;
  tracking: boolean;
}

export function statusFilterValues(nft: boolean): readonly number[] {
  return nft ? NFT_STATUS_FILTER : DEFAULT_STATUS_FILTER;
}

export function defaultFilters({ nft, tracking }: ReportOptions): ResolvedFilters {
  return { statuses: [...statusFilterValues(nft)], mailSent: defaultMailFilter(tracking), startDate: '', endDate: '' };
}

export const NO_FILTERS: ReportFilters = { statuses: null, mailSent: null, startDate: '', endDate: '' };

export function resolveFilters(filters: ReportFilters, options: ReportOptions): ResolvedFilters {
  const defaults = defaultFilters(options);
  return {
    statuses: filters.statuses ?? defaults.statuses,
    mailSent: filters.mailSent ?? defaults.mailSent,
    startDate: filters.startDate,
    endDate: filters.endDate,
  };
}

const sameSet = (a: readonly number[], b: readonly number[]) =>
  a.length === b.length && a.every((value) => b.includes(value));

/** What the drawer applies: values equal to the defaults are kept as defaults, so they follow the template. */
export function chosenFilters(filters: ResolvedFilters, options: ReportOptions): ReportFilters {
  const defaults = defaultFilters(options);
  return {
    statuses: sameSet(filters.statuses, defaults.statuses) ? null : filters.statuses,
    mailSent: sameSet(filters.mailSent, defaults.mailSent) ? null : filters.mailSent,
    startDate: filters.startDate,
    endDate: filters.endDate,
  };
}

export const initialView = (): ReportView => ({
  filters: NO_FILTERS,
  search: '',
  language: '',
  sort: null,
  page: 0,
  perPage: REPORT_PAGE_SIZES[0],
});

/** How many filters differ from the defaults, for the filter button's badge. */
export function activeFilterCount(filters: ReportFilters): number {
  return (
    (filters.statuses === null ? 0 : 1) +
    (filters.mailSent === null ? 0 : 1) +
    (filters.startDate !== '' || filters.endDate !== '' ? 1 : 0)
  );
}

/** The body of POST /api/admin/data_post for one page of a report. */
export function reportRequest(
  kind: ReportKind,
  id: number,
  view: ReportView,
  options: ReportOptions,
  page: { offset: number; limit: number } = { offset: view.page * view.perPage, limit: view.perPage },
): Record<string, unknown> {
  const filters = resolveFilters(view.filters, options);
  const body: Record<string, unknown> = {
    ...(kind === 'campaign' ? { campaignId: id } : { templateId: id }),
    offset: page.offset,
    limit: page.limit,
    status: filters.statuses.join(','),
    mailSent: filters.mailSent.join(','),
    counter: true,
  };
  if (kind === 'template' && (filters.startDate !== '' || filters.endDate !== '')) {
    body.dateRange = `${filters.startDate};${filters.endDate}`;
  }
  if (view.language !== '') body.language = view.language;
  if (view.search.trim() !== '') body.filter = view.search.trim();
  if (view.sort) {
    body.sort = view.sort.field;
    body.order = view.sort.order;
  }
  return body;
}

/** A header click: ascending, then descending, then back to the server's order. */
export function nextSort(current: ReportSort | null, field: ReportSortField): ReportSort | null {
  if (!current || current.field !== field) return { field, order: 'ASC' };
  return current.order === 'ASC' ? { field, order: 'DESC' } : null;
}

export function isSortable(column: string): column is ReportSortField {
  return (REPORT_SORT_FIELDS as readonly string[]).includes(column);
}

export const DATE_SHORTCUTS = [7, 30] as const;

/** The row's fields that the table shows in its own columns or never: everything but the certificate data. */
const ROW_FIELDS = new Set([
  'key',
  'EvidenzId',
  'url',
  'StatusID',
  'Language',
  'available',
  'mail',
  'EmailStatus',
  'LastActivity',
  'hasEmail',
  'txInBlockchainExplorer',
  'PublicationDate',
  'CampaignID',
  'TemplateID',
  'email',
  'email_sent',
  'badge',
  'thumbnail',
]);

const LEADING = ['firstName', 'lastName', 'email'];

export interface ReportColumn {
  /** the row field, also its label's key */
  field: string;
  sortable: boolean;
  /** pixels, by the spec's formula for the certificate's fields; null for language and date, as wide as they are */
  width: number | null;
}

/**
 * The scrolling columns of a report page: names and address first, then the certificate's data fields in the
 * order the rows give them, then language and publication date. Status, email status and actions are fixed
 * columns the table adds after these.
 */
export function reportColumns(rows: readonly ReportRow[], emailUsed: boolean): ReportColumn[] {
  const dataFields: string[] = [];
  for (const row of rows)
    for (const field of Object.keys(row))
      if (!ROW_FIELDS.has(field) && !LEADING.includes(field) && !dataFields.includes(field)) dataFields.push(field);
  const fields = [
    ...LEADING.filter((field) => field !== 'email' || emailUsed),
    ...dataFields,
    'Language',
    'PublicationDate',
  ];
  return fields.map((field) => ({
    field,
    sortable: isSortable(field),
    width:
      field === 'Language' || field === 'PublicationDate'
        ? null
        : columnWidth(
            field,
            rows.map((row) => row[field]),
          ),
  }));
}

/** The email column and the email status column show when the report's certificates have addresses. */
export function usesEmail(rows: readonly ReportRow[], templateType: string): boolean {
  return templateType === 'openbadge' || templateType === 'openbadge_custom' || rows.some((row) => row.hasEmail);
}

/** The page sizes the pagination offers; the selector only shows when the total exceeds the first one. */
export function showPageSizes(total: number): boolean {
  return total > REPORT_PAGE_SIZES[0];
}

/** Where a report keeps its view while the user is on the email page, to restore it on the way back. */
export function viewStorageKey(kind: ReportKind, id: number): string {
  return `laurel.report.${kind}.${id}`;
}

export function saveView(storage: Storage, kind: ReportKind, id: number, view: ReportView): void {
  storage.setItem(viewStorageKey(kind, id), JSON.stringify(view));
}

/** The saved view, if any and well-formed. */
export function restoreView(storage: Storage, kind: ReportKind, id: number): ReportView | null {
  try {
    const value = JSON.parse(storage.getItem(viewStorageKey(kind, id)) ?? 'null') as ReportView | null;
    if (
      value &&
      (value.filters?.statuses === null || Array.isArray(value.filters?.statuses)) &&
      (value.filters?.mailSent === null || Array.isArray(value.filters?.mailSent)) &&
      typeof value.search === 'string' &&
      typeof value.page === 'number' &&
      (REPORT_PAGE_SIZES as readonly number[]).includes(value.perPage)
    )
      return value;
  } catch {
    return null;
  }
  return null;
}
