import type { ImportError, ImportRow } from './import';

/**
 * The publication calls' shapes and constants (spec 001 sections 3, 5, 7 and 9), shared by the publication
 * and campaigns pages and the server.
 */
export const NOTE_MAX_LENGTH = 60;
export const PUBLICATION_LINE_OPTIONS = [25, 50, 75, 100, 'All'] as const;
export const CAMPAIGN_PAGE_SIZE = 25;
/** the campaigns page's page-size options: 1x to 4x the default */
export const CAMPAIGN_PAGE_SIZES = [25, 50, 75, 100] as const;
export const PREVIEW_PRELOAD = 3;
export const PREVIEW_CACHE = 10;
/** the Idempotency-Key header: a repeated publish with the same value answers the first campaign */
export const IDEMPOTENCY_HEADER = 'idempotency-key';

/** POST /api/admin/data (JSON, or the `body` field of a multipart form whose `file` is the archive). */
export interface PublishRequest {
  templateId: number;
  data: ImportRow[];
  /** 'json' (the only one) */
  contentType?: string;
  notes?: string;
  'automated-emailing'?: boolean;
}

/**
 * The publish answer (spec 001 section 3 and 7). 200 with campaignId on success. Otherwise 4xx with one of:
 * data (field → message: the register's data errors, ERR_CPF_INCORRECT_DATA), error (a message: the
 * publication error, 'Invalid input file' or 'File missing in the archive: …' for ERR_INVALID_ZIP), or
 * code NOT_ENOUGH_CREDITS / TEMPLATE_UNAVAILABLE with a message. `errors` holds the import errors the
 * server found when it validated the rows again.
 */
export interface PublishResponse {
  campaignId?: number;
  data?: Record<string, string>;
  error?: string;
  code?: string;
  message?: string;
  errors?: ImportError[];
}

export const INVALID_INPUT_FILE = 'Invalid input file';
export const MISSING_FILE_PREFIX = 'File missing in the archive: ';

/** One row of the campaigns page (spec 001 section 3, Campaign). */
export interface CampaignItem {
  ID: number;
  templateId: number;
  /** the template's label (a string or language → text) */
  label: string | Record<string, string>;
  date: string;
  /** Started, Done, Failed or Deleted */
  Status: string;
  nbActive: number;
  certifiedDegrees: number;
  userFirstname: string;
  userLastname: string;
  Notes: string;
}

export interface CampaignsResponse {
  campaigns: CampaignItem[];
  /** the newest campaign of the filter, whatever the page */
  lastCampaign: CampaignItem | null;
  nbCampaigns: number;
}

export interface CreditOperation {
  operation_date: string;
  credits: number;
  reason: string;
}

export interface CreditsResponse {
  current: number;
  operations: CreditOperation[];
}

/** The characters of a row's data, as the data-too-long check counts them. */
export function rowLength(row: Record<string, string>): number {
  let length = 0;
  for (const value of Object.values(row)) length += value.length;
  return length;
}

/** Rows longer than twice the template's character maximum (none when the template sets no maximum). */
export function rowsTooLong(rows: readonly Record<string, string>[], nbCharMax: number): number[] {
  if (!(nbCharMax > 0)) return [];
  const indexes: number[] = [];
  rows.forEach((row, index) => {
    if (rowLength(row) > 2 * nbCharMax) indexes.push(index);
  });
  return indexes;
}
