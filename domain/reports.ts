/**
 * Reports, search and bulk operations (spec 002 sections 3, 5, 7 and 9): the row shape the report table and
 * the search page read, the email-status and filter values, and the search input rules.
 */
import { CERTIFICATE_KEY_LENGTH } from './certificates';
import { isValidEmail, sanitizeEmail } from './email';
import type { Label } from './templates';

export const REPORT_PAGE_SIZES = [20, 40, 60, 80] as const;
export const REPORT_NOTE_MAX_LENGTH = 60;
export const CAMPAIGN_POLL_MS = 5000;
export const SEARCH_COOLDOWN_MS = 2000;

/** The mail-sent filter values: 1 sent, 0 not sent, 2 not delivered, 3 opened (only with tracking). */
export const MAIL_FILTER = { sent: 1, notSent: 0, notDelivered: 2, opened: 3 } as const;
export function defaultMailFilter(tracking: boolean): number[] {
  return tracking ? [1, 0, 2, 3] : [1, 0, 2];
}

/** The wallet filter values: 1 taken into a wallet, 0 not taken; both (the default) is no filter. */
export const WALLET_FILTER = { notTaken: 0, taken: 1 } as const;
export const DEFAULT_WALLET_FILTER: readonly number[] = [WALLET_FILTER.taken, WALLET_FILTER.notTaken];

export type EmailStatus = 'Sent' | 'Read' | 'not delivered' | 'not sent';

/** The email status a row shows; Read only when the issuer tracks openings. */
export function emailStatus(mail: { mailSent: number | null; readAt: string | null }, tracking: boolean): EmailStatus {
  if (mail.mailSent === 1) return tracking && mail.readAt ? 'Read' : 'Sent';
  if (mail.mailSent === 0) return 'not delivered';
  return 'not sent';
}

/** One certificate as the report and search tables read it; the row's data fields follow these. */
export interface ReportRow {
  key: string;
  EvidenzId: number;
  url: string;
  StatusID: number;
  Language: string;
  available: boolean;
  mail: boolean;
  EmailStatus: EmailStatus;
  LastActivity: string | null;
  hasEmail: boolean;
  txInBlockchainExplorer: string | null;
  PublicationDate: string;
  CampaignID: number;
  TemplateID: number;
  email: string;
  email_sent: string | null;
  /** a message waiting for another attempt after a temporary failure (its email status is "not sent") */
  EmailPending?: boolean;
  /** failed attempts of the pending or refused message */
  EmailAttempts?: number;
  /** why the last attempt failed (the mail server's answer), for a pending or not-delivered message */
  EmailReason?: string | null;
  /** when a pending message is tried next */
  EmailNextAttempt?: string | null;
  /** when the certificate was last taken into a wallet, and by which protocol ('oid4vci' or 'vcapi') */
  WalletTakenAt?: string | null;
  WalletProtocol?: string | null;
  /** what recipients did (issue 31; domain/activity.ts ActivityColumns) */
  Views?: number;
  FirstView?: string | null;
  LastView?: string | null;
  Downloads?: number;
  LinkedInClicks?: number;
  Verifications?: number;
  /** the pending correction request of the recipient (issue 28), or null */
  CorrectionRequestId?: number | null;
  /** the key of the certificate that renewed this one (issue 28), or null: a renewed one is not renewed again */
  RenewedBy?: string | null;
  /** YYYY-MM-DD when the certificate expires (issue 28); absent: it never does */
  ExpirationDate?: string;
  [field: string]: unknown;
}

export interface ReportCounters {
  total: number;
  validated: number;
  disabled: number;
  minting: number;
}

/** GET /api/admin/report: the campaign (null on a template report), its template and the counters. */
export interface ReportHeader {
  campaign: {
    ID: number;
    /** Started (no result yet), Done, Failed or Deleted */
    Status: string;
    Notes: string;
    date: string;
    startDate: string;
    endDate: string;
    nbActives: number;
    error: string | null;
  } | null;
  template: {
    id: number;
    label: Label;
    type: string;
    mode: 'NFT' | 'Classic';
    fieldsToCertified: string;
    languages: string[];
    DefaultLanguage: string;
    hasCustomCstyleLayout: boolean;
  };
  counters: ReportCounters;
}

export interface ReportRowsResponse {
  data: ReportRow[];
  count: number;
  /** a search's count stopped there: more rows match (server/services/reports/reportQueries.ts SEARCH_COUNT_AHEAD) */
  countBounded?: true;
  counters?: ReportCounters;
}

/** The columns a report may be sorted by, in the database. */
export const REPORT_SORT_FIELDS = [
  'PublicationDate',
  'email',
  'StatusID',
  'Language',
  'LastActivity',
  'firstName',
  'lastName',
  'key',
] as const;
export type ReportSortField = (typeof REPORT_SORT_FIELDS)[number];

export type SearchMode = 'email' | 'key' | 'url';

/** The columns the search results may be sorted by, in the database. */
export const SEARCH_SORT_FIELDS = ['PublicationDate', 'StatusID', 'email', 'TemplateID'] as const;
export type SearchSortField = (typeof SEARCH_SORT_FIELDS)[number];
export type SearchCheck =
  | { ok: true; mode: 'email' | 'key'; value: string }
  | {
      ok: false;
      error: 'error_invalid_email' | 'error_invalid_key' | 'error_invalid_url' | 'error_url_without_valid_key';
    };

const KEY_IN_TEXT = new RegExp(`(?:^|[^A-Za-z0-9])([A-Za-z0-9]{${CERTIFICATE_KEY_LENGTH}})(?![A-Za-z0-9])`);
const KEY_ONLY = new RegExp(`^[A-Za-z0-9]{${CERTIFICATE_KEY_LENGTH}}$`);

/** The search rules of spec 002 section 5; a URL search becomes a key search on the key it holds. */
export function checkSearch(mode: SearchMode, input: string): SearchCheck {
  const value = input.trim();
  if (mode === 'email') {
    const email = sanitizeEmail(value);
    return isValidEmail(email) ? { ok: true, mode, value: email } : { ok: false, error: 'error_invalid_email' };
  }
  if (mode === 'key')
    return KEY_ONLY.test(value) ? { ok: true, mode, value } : { ok: false, error: 'error_invalid_key' };
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return { ok: false, error: 'error_invalid_url' };
  }
  const match = KEY_IN_TEXT.exec(`${url.pathname}${url.search}${url.hash}`);
  return match ? { ok: true, mode: 'key', value: match[1] } : { ok: false, error: 'error_url_without_valid_key' };
}

/** A recipient's name as the reports' search box matches it: "last first", lower case, single spaces. */
export function searchName(firstName: string, lastName: string): string {
  return `${lastName} ${firstName}`.normalize('NFC').toLowerCase().replace(/\s+/g, ' ').trim();
}

/** The report table's column width (spec 002 section 2.1). */
export function columnWidth(key: string, values: readonly unknown[]): number {
  let longest = 0;
  for (const value of values) longest = Math.max(longest, String(value ?? '').length);
  return Math.max(10, key.length, longest) * 5 + 100;
}
