import { HttpError } from 'react-admin';
import { DUPLICATE_RECIPIENTS_CODE, type DuplicatesReport } from '../../domain/duplicates';
import { NO_VALIDITY_CODE, VALID_UNTIL_PAST_CODE } from '../../domain/expiry';
import { importError, isImportErrorCode, type ImportError, type ImportRow } from '../../domain/import';
import { PART_MAX_ROWS } from '../../domain/publicationParts';
import {
  IDEMPOTENCY_HEADER,
  INVALID_INPUT_FILE,
  MISSING_FILE_PREFIX,
  type PublishResponse,
} from '../../domain/publication';
import { errorList, NetworkError } from './apiErrors';
import { apiRequest, apiUpload, type ApiBody, type ApiOperation, type ApiResult } from './apiRequest';
import { publicationPartsCalls } from './publicationParts';

/** A publish's JSON body, as the route's contract declares it (the rows: column → text). */
export type PublishBody = ApiBody<'/api/admin/data', 'post'>;

/** The multipart form of a publish with an archive: `body` (the JSON as text) and `file` (the .zip). */
type PublishForm = ApiOperation<'/api/admin/data', 'post'>['requestBody']['content']['multipart/form-data'];

/**
 * The publication page's calls (spec 001 section 7): the template's import data, the credits, the row
 * previews and the publish. Pages use them through useLaurelDataProvider() with react-query; the query keys
 * below are shared so that one publish refreshes the header, the publication page and My plan at once.
 */

/** One key for the issuer's credits everywhere (header, publication page, My plan). */
export const creditsQueryKey = (issuerId: number | undefined) => ['credits', issuerId] as const;

/**
 * The queries a publish changes: the credits, My plan's credit log (the credit-operations resource), the
 * campaigns and the templates (their published count).
 */
export const PUBLISH_INVALIDATES = [['credits'], ['credit-operations'], ['campaigns'], ['templates']] as const;

/**
 * How a publish ended (spec 001 section 7): the campaign, or the modal to show. `rejected` carries the alerts
 * of a publish the server refused for its content (recipient data, publication error, archive); `failure`
 * offers a retry; `firewall` (no answer at all) does not.
 */
export type PublishOutcome =
  /**
   * `replaced`: with duplicateBehavior replace, the certificates held that the new ones replace; `renewed`: with
   * renew, those the new ones renew
   */
  | { kind: 'success'; campaignId: number; replaced?: number; renewed?: number }
  /** recipients already hold a valid certificate of the template (issue 28): the choice is asked again */
  | { kind: 'duplicates'; report: DuplicatesReport }
  | { kind: 'rejected'; errors: ImportError[] }
  | { kind: 'not_enough_credits' }
  | { kind: 'unavailable' }
  /** 409 REPLACE_UNAVAILABLE: an NFT template's certificates are never replaced (the page does not offer it) */
  | { kind: 'replace_unavailable' }
  /**
   * a publish with renew refused for its renewed rows' dates, nothing spent (issue 28): `no_validity` (400
   * ERR_NO_VALIDITY) when some get no new expiration date, `renewal_past` (400 ERR_VALID_UNTIL_PAST) when their row
   * gives one not after today; `count` recipients, the first of them named in `recipients`
   */
  | { kind: 'no_validity' | 'renewal_past'; count: number; recipients: string[] }
  | { kind: 'failure' }
  | { kind: 'firewall' };

/** A row rendered as its certificate by the server, or why there is none to show. */
export type Preview = { kind: 'html'; html: string } | { kind: 'unavailable' } | { kind: 'failed' };

function serverImportErrors(errors: unknown): ImportError[] {
  if (!Array.isArray(errors)) return [];
  return errors.flatMap((error: Partial<ImportError>) => {
    if (!error || typeof error !== 'object') return [];
    const details = Array.isArray(error.details) ? error.details.map(String) : [];
    const more = typeof error.more === 'number' ? error.more : 0;
    return isImportErrorCode(error.code)
      ? [{ code: error.code, details, more }]
      : [{ ...importError('ERR_UNEXPECTED', details), more }];
  });
}

/** The outcome of a publish the server did not accept, from the error apiRequest threw. */
export function outcomeOfError(error: unknown): PublishOutcome {
  if (error instanceof NetworkError) return { kind: 'firewall' };
  if (!(error instanceof HttpError)) return { kind: 'failure' };
  const body = (error.body ?? {}) as PublishResponse;
  if (error.status === 402 || body.code === 'NOT_ENOUGH_CREDITS') return { kind: 'not_enough_credits' };
  if (body.code === DUPLICATE_RECIPIENTS_CODE) return { kind: 'duplicates', report: duplicatesOf(error.body) };
  if (body.code === 'REPLACE_UNAVAILABLE') return { kind: 'replace_unavailable' };
  if (error.status === 409 || body.code === 'TEMPLATE_UNAVAILABLE') return { kind: 'unavailable' };
  if (error.status !== 400 && error.status !== 422) return { kind: 'failure' };
  if (body.code === NO_VALIDITY_CODE || body.code === VALID_UNTIL_PAST_CODE) return renewalRefusal(body);
  // the blockchain signer cannot pay the NFT campaign's anchoring (issue 20): that error alone, with its line
  if (body.code === 'ERR_NFT_FUNDS') {
    const funds = serverImportErrors(errorList(error));
    return { kind: 'rejected', errors: funds.length > 0 ? funds : [importError('ERR_NFT_FUNDS')] };
  }
  if (body.data && typeof body.data === 'object') {
    const lines = Object.entries(body.data).map(([field, message]) => `${field}: ${String(message)}`);
    return { kind: 'rejected', errors: [importError('ERR_CPF_INCORRECT_DATA', lines)] };
  }
  if (typeof body.error === 'string') {
    if (body.error === INVALID_INPUT_FILE) return { kind: 'rejected', errors: [importError('ERR_INVALID_ZIP')] };
    if (body.error.startsWith(MISSING_FILE_PREFIX))
      return {
        kind: 'rejected',
        errors: [importError('ERR_INVALID_ZIP', body.error.slice(MISSING_FILE_PREFIX.length).split(', '))],
      };
  }
  if (typeof body.error === 'string' || errorList(error))
    return {
      kind: 'rejected',
      errors: [importError('ERR_PUBLICATION_ERROR'), ...serverImportErrors(errorList(error))],
    };
  return { kind: 'failure' };
}

/** A renewing publish's refusal of its rows' dates: how many recipients, and the first of them (the server's). */
function renewalRefusal(body: PublishResponse): PublishOutcome {
  const { count, recipients } = body as { count?: unknown; recipients?: unknown };
  const named = Array.isArray(recipients) ? recipients.map(String) : [];
  return {
    kind: body.code === NO_VALIDITY_CODE ? 'no_validity' : 'renewal_past',
    count: typeof count === 'number' ? count : named.length,
    recipients: named,
  };
}

function duplicatesOf(body: unknown): DuplicatesReport {
  const { recipients, count, duplicates } = (body ?? {}) as Partial<DuplicatesReport>;
  return {
    recipients: typeof recipients === 'number' ? recipients : 0,
    count: typeof count === 'number' ? count : 0,
    duplicates: Array.isArray(duplicates) ? duplicates : [],
  };
}

/** The most rows of the single-call publish (POST /api/admin/data), the limit of templates with file fields. */
export const SINGLE_PUBLISH_MAX_ROWS = 10_000;

/** Above SINGLE_PUBLISH_MAX_ROWS rows a publish goes up in parts (issue 16 point 6); up to it, in one call. */
export const publishesInParts = (rows: number): boolean => rows > SINGLE_PUBLISH_MAX_ROWS;

/** Rows sent so far out of all of them, for "Uploading 40,000 / 100,000". */
export interface UploadProgress {
  sent: number;
  total: number;
}

/** How the page publishes: the same idempotency key on a retry, the archive of the rows' files if any. */
export interface PublishOptions {
  /** the .zip of the rows' files (templates with file fields, at most SINGLE_PUBLISH_MAX_ROWS rows) */
  archive?: Blob | null;
  idempotencyKey: string;
  /** the template's technical fields: a recipient's rows stay in one part */
  technicalFields: readonly string[];
  /** the rows sent so far, when the publish goes up in parts */
  onProgress?: (progress: UploadProgress) => void;
}

/**
 * The rows cut into parts of at most `maxRows`, in the file's order, each recipient's rows (the values of the
 * technical fields) kept together in one part — the server checks each part alone, so a recipient split over two
 * would miss a language in both. Without technical fields every row is its own recipient.
 */
export function splitIntoParts(
  rows: readonly ImportRow[],
  technicalFields: readonly string[],
  maxRows: number = PART_MAX_ROWS,
): ImportRow[][] {
  const groups: ImportRow[][] = [];
  if (technicalFields.length === 0) for (const row of rows) groups.push([row]);
  else {
    const byKey = new Map<string, ImportRow[]>();
    for (const row of rows) {
      const key = technicalFields.map((field) => row[field] ?? '').join('\u001f');
      const group = byKey.get(key);
      if (group) group.push(row);
      else {
        const created = [row];
        byKey.set(key, created);
        groups.push(created);
      }
    }
  }
  const parts: ImportRow[][] = [];
  let current: ImportRow[] = [];
  for (const group of groups) {
    if (current.length > 0 && current.length + group.length > maxRows) {
      parts.push(current);
      current = [];
    }
    current.push(...group);
  }
  if (current.length > 0) parts.push(current);
  return parts;
}

/** What a retry reuses: the upload and the parts already accepted (a part sent again is a no-op anyway). */
interface PartsSession {
  uploadId: number | null;
  sentParts: Set<number>;
}

/** One parts session per idempotency key: a retry of the same publish goes on in the same upload. */
const partsSessions = new Map<string, PartsSession>();

/**
 * Publishes the rows in parts: creates the upload (once per idempotency key), sends each part not yet accepted, one
 * at a time, reporting progress, then commits them as one campaign under the idempotency key. Errors become the same
 * outcomes as the single-call publish; an upload refused as expired or a split recipient asks for a retry from a
 * new upload.
 */
async function publishInParts(request: PublishBody, options: PublishOptions): Promise<PublishOutcome> {
  const { idempotencyKey, technicalFields, onProgress } = options;
  const rows = request.data as ImportRow[];
  const parts = splitIntoParts(rows, technicalFields);
  const total = rows.length;
  let session = partsSessions.get(idempotencyKey);
  if (!session) partsSessions.set(idempotencyKey, (session = { uploadId: null, sentParts: new Set() }));
  try {
    if (session.uploadId === null) {
      const created = await publicationPartsCalls.createPublicationUpload({
        templateId: request.templateId,
        notes: request.notes,
        'automated-emailing': request['automated-emailing'],
      });
      session.uploadId = created.uploadId;
      session.sentParts.clear();
    }
    let sent = parts.reduce((sum, part, index) => sum + (session.sentParts.has(index + 1) ? part.length : 0), 0);
    onProgress?.({ sent, total });
    for (let index = 0; index < parts.length; index++) {
      const number = index + 1;
      if (session.sentParts.has(number)) continue;
      await publicationPartsCalls.sendPublicationPart(session.uploadId, number, parts[index]);
      session.sentParts.add(number);
      sent += parts[index].length;
      onProgress?.({ sent, total });
    }
    // replace and renew are the one-call publish's (the page does not offer them above 10,000 rows)
    const behavior =
      request.duplicateBehavior === 'replace' || request.duplicateBehavior === 'renew'
        ? undefined
        : request.duplicateBehavior;
    const { campaignId } = await publicationPartsCalls.commitPublicationUpload(
      session.uploadId,
      parts.length,
      idempotencyKey,
      behavior,
    );
    partsSessions.delete(idempotencyKey);
    return { kind: 'success', campaignId };
  } catch (error) {
    const code = (error as { body?: { code?: unknown } } | null)?.body?.code;
    if (code === 'UPLOAD_NOT_FOUND' || code === 'UPLOAD_INCOMPLETE' || code === 'RECIPIENT_IN_SEVERAL_PARTS') {
      // start again from a new upload on retry
      session.uploadId = null;
      session.sentParts.clear();
      return { kind: 'failure' };
    }
    if (code === 'UPLOAD_COMMITTED') return { kind: 'failure' };
    return outcomeOfError(error);
  }
}

/**
 * POST /api/admin/data: JSON, or multipart with the JSON as `body` and the archive as `file` (both typed by the
 * route's contract). The same idempotency key on a retry makes the server answer the first campaign instead of
 * issuing twice.
 */
async function publishInOneCall(request: PublishBody, archive: Blob | null, idempotencyKey: string) {
  const headers = { [IDEMPOTENCY_HEADER]: idempotencyKey };
  const send = () => {
    if (!archive) return apiRequest('/api/admin/data', 'post', { json: request, headers });
    const form = new FormData();
    const parts: Omit<PublishForm, 'file'> = { body: JSON.stringify(request) };
    form.append('body', parts.body);
    form.append('file', archive, archive instanceof File ? archive.name : 'archive.zip');
    return apiUpload('/api/admin/data', 'post', form, { headers });
  };
  try {
    const { body } = await send();
    if (typeof body?.campaignId !== 'number') return { kind: 'failure' } as const;
    if (typeof body.replaced === 'number' && body.replaced > 0)
      return { kind: 'success', campaignId: body.campaignId, replaced: body.replaced } as const;
    if (typeof body.renewed === 'number' && body.renewed > 0)
      return { kind: 'success', campaignId: body.campaignId, renewed: body.renewed } as const;
    return { kind: 'success', campaignId: body.campaignId } as const;
  } catch (error) {
    return outcomeOfError(error);
  }
}

export const publicationMethods = {
  /** GET /issuer/{issuer}/template/{id}/data and /meta: what the import needs and the template's label. */
  async templateForImport(issuerId: number, templateId: number) {
    const path = { issuer: issuerId, id: templateId };
    const [data, meta] = await Promise.all([
      apiRequest('/api/issuer/{issuer}/template/{id}/data', 'get', { path }),
      apiRequest('/api/issuer/{issuer}/template/{id}/meta', 'get', { path }),
    ]);
    return { data: data.body, meta: meta.body };
  },

  /** GET /issuer/{id}/credits: the current balance and the credit operations. */
  async credits(issuerId: number): Promise<ApiResult<'/api/issuer/{id}/credits', 'get'>> {
    return (await apiRequest('/api/issuer/{id}/credits', 'get', { path: { id: issuerId } })).body;
  },

  /** POST /api/admin/preview: the row as its certificate's HTML. */
  async preview(templateId: number, row: ImportRow): Promise<Preview> {
    try {
      const language = row.Language === 'all' ? undefined : row.Language;
      const { body } = await apiRequest('/api/admin/preview', 'post', {
        json: { templateId, row, language },
        headers: { accept: 'text/html' },
      });
      return typeof body === 'string' ? { kind: 'html', html: body } : { kind: 'failed' };
    } catch (error) {
      return error instanceof HttpError && (error.status === 404 || error.status === 501)
        ? { kind: 'unavailable' }
        : { kind: 'failed' };
    }
  },

  /** POST /api/admin/data/duplicates: who among the rows' recipients already holds a valid certificate. */
  async checkDuplicates(templateId: number, rows: readonly ImportRow[]): Promise<DuplicatesReport> {
    const { body } = await apiRequest('/api/admin/data/duplicates', 'post', { json: { templateId, data: [...rows] } });
    return body;
  },

  /**
   * The publish (spec 001 section 7), whatever its size: up to SINGLE_PUBLISH_MAX_ROWS rows in the one call of
   * POST /api/admin/data (with the archive if any), above in parts (POST /api/admin/data/parts, one PUT per part,
   * the commit), committed as one campaign. The same idempotency key on a retry answers the first campaign, and a
   * publish in parts goes on from the parts already accepted; its commit carries the duplicates choice, and refuses
   * duplicates by default (the page then asks, and commits the same upload again with the choice).
   */
  async publish(request: PublishBody, options: PublishOptions): Promise<PublishOutcome> {
    return publishesInParts(request.data.length)
      ? publishInParts(request, options)
      : publishInOneCall(request, options.archive ?? null, options.idempotencyKey);
  },
};
