import { DEFAULT_STATUS_FILTER, NFT_STATUS_FILTER } from '../../../domain/certificates';
import {
  columnWidth,
  defaultMailFilter,
  DEFAULT_WALLET_FILTER,
  REPORT_PAGE_SIZES,
  REPORT_SORT_FIELDS,
  type ReportRow,
} from '../../../domain/reports';
import { DEFAULT_VIEWED_FILTER } from '../../../domain/activity';
import { INTERNAL_ROW_FIELDS } from './reportRowFields';

/** The three report views of spec 002 section 2.1: a campaign, a whole template, a registry template's control. */
export type ReportKind = 'campaign' | 'template' | 'cpf';

/** What the report's defaults depend on: the template's delivery and the issuer's open tracking. */
export interface ReportOptions {
  nft: boolean;
  tracking: boolean;
}

/**
 * The filter drawer's values as they sit in the list's filter (and so in the URL): an absent status or mail-sent
 * list stands for the defaults of the template and issuer.
 */
export interface ReportFilterValues {
  statuses?: number[];
  mailSent?: number[];
  /** taken into a wallet or not (WALLET_FILTER); absent: both */
  wallet?: number[];
  /** the public page viewed or never (VIEWED_FILTER, issue 31); absent: both */
  viewed?: number[];
  /** only the certificates whose recipient waits for an answer to a correction request (issue 28); absent: all */
  correction?: boolean;
  /** YYYY-MM-DD; only the template report offers dates */
  startDate?: string;
  endDate?: string;
  /** expired, or expiring within `expiringDays` (issue 28); absent: every certificate */
  expiry?: ExpiryFilter;
  expiringDays?: number;
}

/** The report's expiry filter (issue 28): '' for every certificate. */
export type ExpiryFilter = 'expired' | 'expiring';

/** The drawer's "Expiring within N days" window. */
export const EXPIRING_DAYS = 60;

/** The filters with every value spelled out, as the drawer edits them. */
export interface ResolvedFilters {
  statuses: number[];
  mailSent: number[];
  wallet: number[];
  viewed: number[];
  correction: boolean;
  startDate: string;
  endDate: string;
  expiry: ExpiryFilter | '';
}

export function statusFilterValues(nft: boolean): readonly number[] {
  return nft ? NFT_STATUS_FILTER : DEFAULT_STATUS_FILTER;
}

export function defaultFilters({ nft, tracking }: ReportOptions): ResolvedFilters {
  return {
    statuses: [...statusFilterValues(nft)],
    mailSent: defaultMailFilter(tracking),
    wallet: [...DEFAULT_WALLET_FILTER],
    viewed: [...DEFAULT_VIEWED_FILTER],
    correction: false,
    startDate: '',
    endDate: '',
    expiry: '',
  };
}

export function resolveFilters(filters: ReportFilterValues, options: ReportOptions): ResolvedFilters {
  const defaults = defaultFilters(options);
  return {
    statuses: filters.statuses ?? defaults.statuses,
    mailSent: filters.mailSent ?? defaults.mailSent,
    wallet: filters.wallet ?? defaults.wallet,
    viewed: filters.viewed ?? defaults.viewed,
    correction: filters.correction === true,
    startDate: filters.startDate ?? '',
    endDate: filters.endDate ?? '',
    expiry: filters.expiry ?? '',
  };
}

const sameSet = (a: readonly number[], b: readonly number[]) =>
  a.length === b.length && a.every((value) => b.includes(value));

/**
 * What the drawer applies: values equal to the defaults are dropped, so they follow the template, and empty
 * dates are dropped; the rest of the list's filter (search, language) is kept.
 */
export function applyDrawer(
  current: Record<string, unknown>,
  filters: ResolvedFilters,
  options: ReportOptions,
): Record<string, unknown> {
  const defaults = defaultFilters(options);
  const next: Record<string, unknown> = { ...current };
  for (const key of [
    'statuses',
    'mailSent',
    'wallet',
    'viewed',
    'correction',
    'startDate',
    'endDate',
    'expiry',
    'expiringDays',
  ])
    delete next[key];
  if (!sameSet(filters.statuses, defaults.statuses)) next.statuses = filters.statuses;
  if (!sameSet(filters.mailSent, defaults.mailSent)) next.mailSent = filters.mailSent;
  if (!sameSet(filters.wallet, defaults.wallet)) next.wallet = filters.wallet;
  if (!sameSet(filters.viewed, defaults.viewed)) next.viewed = filters.viewed;
  if (filters.correction) next.correction = true;
  if (filters.startDate) next.startDate = filters.startDate;
  if (filters.endDate) next.endDate = filters.endDate;
  if (filters.expiry) next.expiry = filters.expiry;
  if (filters.expiry === 'expiring') next.expiringDays = EXPIRING_DAYS;
  return next;
}

/** How many filters differ from the defaults, for the filter button's badge. */
export function activeFilterCount(filters: ReportFilterValues): number {
  return (
    (filters.statuses ? 1 : 0) +
    (filters.mailSent ? 1 : 0) +
    (filters.wallet ? 1 : 0) +
    (filters.viewed ? 1 : 0) +
    (filters.correction === true ? 1 : 0) +
    (filters.startDate || filters.endDate ? 1 : 0) +
    (filters.expiry ? 1 : 0)
  );
}

export function isSortable(column: string): boolean {
  return (REPORT_SORT_FIELDS as readonly string[]).includes(column);
}

export const DATE_SHORTCUTS = [7, 30] as const;

/** The row's fields that the table shows in its own columns or never: everything but the certificate data. */
const ROW_FIELDS = new Set([
  ...INTERNAL_ROW_FIELDS,
  'key',
  'url',
  'Language',
  'PublicationDate',
  'ExpirationDate',
  'email',
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
 * order the rows give them, then language, publication date and, when a row expires, the expiration date. Status, email status and actions are fixed
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
    ...(rows.some((row) => row.ExpirationDate) ? ['ExpirationDate'] : []),
  ];
  return fields.map((field) => ({
    field,
    sortable: isSortable(field),
    width:
      field === 'Language' || field === 'PublicationDate' || field === 'ExpirationDate'
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
export function pageSizes(total: number): number[] {
  return total > REPORT_PAGE_SIZES[0] ? [...REPORT_PAGE_SIZES] : [];
}

export function isCpfTemplate(type: string): boolean {
  return type === 'cpf' || type === 'cpf_onshelf';
}

export function isOpenBadge(type: string): boolean {
  return type === 'openbadge' || type === 'openbadge_custom';
}

/** A campaign still being published (or not found yet) has no result: the page keeps polling. */
export function awaitingResult(header: { campaign: { Status: string } | null } | undefined): boolean {
  return header === undefined || (header.campaign !== null && header.campaign.Status === 'Started');
}
