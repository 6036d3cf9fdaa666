import {
  HttpError,
  type DeleteManyParams,
  type GetListParams,
  type RaRecord,
  type UpdateManyParams,
} from 'react-admin';
import { CERTIFICATE_STATUS, ENABLED_STATUSES } from '../../domain/certificates';
import type { ReportHeader, ReportRow, SearchMode } from '../../domain/reports';
import { browserPdfDependencies, downloadPdf, downloadPdfZip, type PdfDependencies } from './certificatePdf';
import { apiRequest, apiRequestBlob, type ApiBody, type ApiQuery } from './apiRequest';
import { errorList, type ApiErrorBody } from './apiErrors';

/**
 * The `certificates` resource: one resource behind the campaign report, the template report, the register
 * control report and the search page. Each view gives its permanent filter (`view` and its campaign, template
 * or search); the user's filters come beside it from the URL.
 */
export type CertificateView = 'campaign' | 'template' | 'cpf' | 'search';

/** A certificate as react-admin holds it: the report row, identified by its key. */
export type CertificateRecord = ReportRow & { id: string };

export interface CertificateFilter {
  view: CertificateView;
  campaignId?: number;
  templateId?: number;
  /** the report's search box (name, address or key) */
  q?: string;
  /** chosen statuses and mail-sent values; absent: the view's defaults below */
  statuses?: number[];
  mailSent?: number[];
  defaultStatuses?: number[];
  defaultMailSent?: number[];
  /** YYYY-MM-DD (template report) */
  startDate?: string;
  endDate?: string;
  /** '' or absent: each certificate in its own language */
  language?: string;
  /** certificate ids (the register control's rows) */
  ids?: number[];
  /** WALLET_FILTER values; absent: every certificate */
  wallet?: number[];
  /** VIEWED_FILTER values (issue 31); absent: every certificate */
  viewed?: number[];
  /** true: only the certificates with a pending correction request (issue 28) */
  correction?: boolean;
  /** expired, or expiring within expiringDays (issue 28); absent: every certificate */
  expiry?: 'expired' | 'expiring';
  expiringDays?: number;
  /** the search page */
  mode?: SearchMode;
  value?: string;
}

/** The server's largest page (POST /api/admin/data_post and GET /api/admin/data). */
export const SERVER_PAGE = 1000;

/** The body of POST /api/admin/data_post for the filter, sort and a slice of rows. */
export function reportRowsBody(
  filter: CertificateFilter,
  sort: GetListParams['sort'] | undefined,
  slice: { offset: number; limit: number },
): ApiBody<'/api/admin/data_post', 'post'> {
  const body: ApiBody<'/api/admin/data_post', 'post'> = {
    ...(filter.view === 'campaign' ? { campaignId: filter.campaignId } : { templateId: filter.templateId }),
    offset: slice.offset,
    limit: slice.limit,
  };
  const statuses = filter.statuses ?? filter.defaultStatuses;
  const mailSent = filter.mailSent ?? filter.defaultMailSent;
  if (statuses) body.status = statuses.join(',');
  if (mailSent) body.mailSent = mailSent.join(',');
  if (filter.view === 'template' && (filter.startDate || filter.endDate))
    body.dateRange = `${filter.startDate ?? ''};${filter.endDate ?? ''}`;
  if (filter.language) body.language = filter.language;
  if (filter.q?.trim()) body.filter = filter.q.trim();
  if (filter.ids) body.ids = filter.ids;
  if (filter.wallet) body.wallet = filter.wallet.join(',');
  if (filter.viewed) body.viewed = filter.viewed.join(',');
  if (filter.correction === true) body.correction = true;
  if (filter.expiry) body.expiry = filter.expiry;
  if (filter.expiry === 'expiring' && filter.expiringDays) body.expiringDays = filter.expiringDays;
  if (sort?.field && sort.field !== 'id') {
    body.sort = sort.field as ApiBody<'/api/admin/data_post', 'post'>['sort'];
    body.order = sort.order as 'ASC' | 'DESC';
  }
  return body;
}

/** The query of GET /api/admin/data (the search page). */
export function searchQuery(
  filter: CertificateFilter,
  sort: GetListParams['sort'] | undefined,
  slice: { offset: number; limit: number },
): ApiQuery<'/api/admin/data', 'get'> {
  return {
    mode: filter.mode ?? 'email',
    value: filter.value ?? '',
    offset: slice.offset,
    limit: slice.limit,
    ...(sort?.field && sort.field !== 'id'
      ? { sort: sort.field as ApiQuery<'/api/admin/data', 'get'>['sort'], order: sort.order as 'ASC' | 'DESC' }
      : {}),
  };
}

const asRecord = (row: ReportRow): CertificateRecord => ({ ...row, id: row.key });

/** One page as react-admin asks it; a page larger than the server's (the exporter's) is read in several calls. */
async function readPages(
  perPage: number,
  page: number,
  read: (slice: {
    offset: number;
    limit: number;
  }) => Promise<{ data: ReportRow[]; total: number; countBounded?: boolean }>,
): Promise<{ data: CertificateRecord[]; total: number; meta?: { countBounded: true } }> {
  const start = (page - 1) * perPage;
  const rows: ReportRow[] = [];
  let total = 0;
  let bounded = false;
  for (let offset = start; offset < start + perPage; offset += SERVER_PAGE) {
    const answer = await read({ offset, limit: Math.min(SERVER_PAGE, start + perPage - offset) });
    rows.push(...answer.data);
    total = answer.total;
    bounded = answer.countBounded === true;
    // a bounded search count (more rows match than counted) is no end: only a short page is
    if (answer.data.length < SERVER_PAGE || (!bounded && offset + SERVER_PAGE >= total)) break;
  }
  return { data: rows.map(asRecord), total, ...(bounded ? { meta: { countBounded: true as const } } : {}) };
}

/** The status a certificate takes after updateMany: 1 enables, 9 disables (spec 002 section 4). */
function enableFrom(data: Partial<RaRecord>): boolean {
  if (data.StatusID === CERTIFICATE_STATUS.validated) return true;
  if (data.StatusID === CERTIFICATE_STATUS.disabled) return false;
  throw new Error('updateMany on certificates changes StatusID to 1 (enable) or 9 (disable)');
}

export interface OperationResult {
  updated: number;
  skipped: number;
}

export const certificates = {
  async getList(params: GetListParams) {
    const filter = params.filter as CertificateFilter;
    const { page, perPage } = params.pagination ?? { page: 1, perPage: 20 };
    if (filter.view === 'search') {
      // nothing asked yet: no call
      if (!filter.value?.trim()) return { data: [], total: 0 };
      return readPages(perPage, page, async (slice) => {
        const { body } = await apiRequest('/api/admin/data', 'get', { query: searchQuery(filter, params.sort, slice) });
        return { data: body.data as ReportRow[], total: body.total };
      });
    }
    return readPages(perPage, page, async (slice) => {
      const { body } = await apiRequest('/api/admin/data_post', 'post', {
        json: reportRowsBody(filter, params.sort, slice),
      });
      return { data: body.data as ReportRow[], total: body.count, countBounded: body.countBounded };
    });
  },
  /** enable (data.StatusID 1) or disable (9): PUT /api/admin/keys */
  async updateMany(params: UpdateManyParams) {
    const { body } = await apiRequest('/api/admin/keys', 'put', {
      json: { ids: params.ids.map(String), enable: enableFrom(params.data) },
    });
    return { data: params.ids, meta: body };
  },
  /** DELETE /api/admin/keys, within a campaign when meta.campaignId is given */
  async deleteMany(params: DeleteManyParams) {
    const campaignId = (params.meta as { campaignId?: number } | undefined)?.campaignId;
    const { body } = await apiRequest('/api/admin/keys', 'delete', {
      query: campaignId !== undefined ? { campaignId } : {},
      json: params.ids.map(String),
    });
    return { data: params.ids, meta: body };
  },
};

/** One line of 422 CPF_DATA_ERRORS (docs/cpf-export.md). */
export interface CpfDataError {
  idTechnique: string | null;
  EvidenzId: number | null;
  messageErreur: string;
  problems?: { field: string; code: string; detail?: string }[];
}

export interface CpfDataErrors {
  errors: CpfDataError[];
  errorCount: number;
}

/** The register's errors of a refused export, or null when the error is another one. */
export function cpfDataErrors(error: unknown): CpfDataErrors | null {
  if (!(error instanceof HttpError) || error.status !== 422) return null;
  const body = error.body as (ApiErrorBody & { errorCount?: number }) | undefined;
  const errors = errorList(error) as CpfDataError[] | undefined;
  return body?.code === 'CPF_DATA_ERRORS' && errors ? { errors, errorCount: body.errorCount ?? errors.length } : null;
}

const EMAILABLE_PAGE = 1000;

/** Sending can be switched off where the product is shown (demo) or tried (staging). */
export interface EmailingState {
  disabled?: 'demo' | 'staging' | null;
}

/** The certificates' calls that are not CRUD (spec 002 section 7), as named methods of the data provider. */
export const certificateMethods = {
  /** GET /api/admin/report: a report's header and counters */
  reportHeader: async (target: { campaignId?: number; templateId?: number }): Promise<ReportHeader> => {
    const query =
      target.campaignId !== undefined ? { campaignId: target.campaignId } : { templateId: target.templateId };
    return (await apiRequest('/api/admin/report', 'get', { query })).body;
  },
  saveCampaignNote: (campaignId: number, notes: string) =>
    apiRequest('/api/admin/campaign/notes', 'put', { json: { campaignId, notes: notes.trim() } }),
  changeCertificateEmail: async (certificateId: number, email: string) =>
    (await apiRequest('/api/admin/email', 'put', { json: { id: certificateId, email } })).body,
  // the emailing settings; `disabled` is set where sending is switched off (demo, staging)
  emailingState: async () => (await apiRequest('/api/admin/emailing', 'get')).body as EmailingState,
  /** the ids (EvidenzId) of a template's lines that may be emailed: enabled, with an address */
  emailableIds: async (templateId: number) => {
    const ids: number[] = [];
    for (let offset = 0; ; offset += EMAILABLE_PAGE) {
      const { body } = await apiRequest('/api/admin/data_post', 'post', {
        json: { templateId, offset, limit: EMAILABLE_PAGE, status: ENABLED_STATUSES.join(',') },
      });
      ids.push(...body.data.filter((row) => row.hasEmail).map((row) => row.EvidenzId));
      if (body.data.length < EMAILABLE_PAGE) return ids;
    }
  },
  /** the register's certification feed of a registry template or campaign (422 CPF_DATA_ERRORS: see cpfDataErrors) */
  cpfExport: (target: { templateId: number; campaignId?: number }) => {
    return apiRequestBlob('/api/export/cpf', 'get', {
      query: { templateId: target.templateId, campaignId: target.campaignId },
    });
  },
  /** the register control: what the export of the template would refuse, nothing when it would pass */
  cpfControl: async (templateId: number): Promise<CpfDataErrors> => {
    try {
      await certificateMethods.cpfExport({ templateId });
      return { errors: [], errorCount: 0 };
    } catch (error) {
      const errors = cpfDataErrors(error);
      if (errors) return errors;
      throw error;
    }
  },
  /** a certificate's PDF through the document service, handed to `save` */
  certificatePdf: (key: string, language: string, save: PdfDependencies['save']) =>
    downloadPdf(key, language, browserPdfDependencies(save)),
  certificatesPdfZip: (keys: readonly string[], day: string, save: PdfDependencies['save']) =>
    downloadPdfZip(keys, day, browserPdfDependencies(save)),
};
