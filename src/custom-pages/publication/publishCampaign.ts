import { HttpError } from 'react-admin';
import { importError, isImportErrorCode, type ImportError, type ImportRow } from '../../../domain/import';
import {
  IDEMPOTENCY_HEADER,
  INVALID_INPUT_FILE,
  MISSING_FILE_PREFIX,
  type PublishRequest,
  type PublishResponse,
} from '../../../domain/publication';
import { apiFetch, NetworkError } from '../../dataProvider/httpClient';

/**
 * How a publish ended (spec 001 section 7): the campaign, or the modal to show. `rejected` carries the alerts
 * of a publish the server refused for its content (register data, publication error, archive); `failure`
 * offers a retry; `firewall` (no answer at all) does not.
 */
export type PublishOutcome =
  | { kind: 'success'; campaignId: number }
  | { kind: 'rejected'; errors: ImportError[] }
  | { kind: 'not_enough_credits' }
  | { kind: 'unavailable' }
  | { kind: 'failure' }
  | { kind: 'firewall' };

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

/** The outcome of a publish the server did not accept, from the error apiFetch threw. */
export function outcomeOfError(error: unknown): PublishOutcome {
  if (error instanceof NetworkError) return { kind: 'firewall' };
  if (!(error instanceof HttpError)) return { kind: 'failure' };
  const body = (error.body ?? {}) as PublishResponse;
  if (error.status === 402 || body.code === 'NOT_ENOUGH_CREDITS') return { kind: 'not_enough_credits' };
  if (error.status === 409 || body.code === 'TEMPLATE_UNAVAILABLE') return { kind: 'unavailable' };
  if (error.status !== 400 && error.status !== 422) return { kind: 'failure' };
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
  if (typeof body.error === 'string' || Array.isArray(body.errors))
    return {
      kind: 'rejected',
      errors: [importError('ERR_PUBLICATION_ERROR'), ...serverImportErrors(body.errors)],
    };
  return { kind: 'failure' };
}

/**
 * POST /api/admin/data: JSON, or multipart with the JSON as `body` and the archive as `file`. The same
 * idempotency key on a retry makes the server answer the first campaign instead of issuing twice.
 */
export async function publishCampaign(
  request: PublishRequest,
  archive: Blob | null,
  idempotencyKey: string,
): Promise<PublishOutcome> {
  const headers = { [IDEMPOTENCY_HEADER]: idempotencyKey };
  let init: Parameters<typeof apiFetch>[1];
  if (archive) {
    const form = new FormData();
    form.append('body', JSON.stringify(request));
    form.append('file', archive, archive instanceof File ? archive.name : 'archive.zip');
    init = { method: 'POST', headers, body: form };
  } else {
    init = { method: 'POST', headers, json: request };
  }
  try {
    const { body } = await apiFetch<PublishResponse>('/api/admin/data', init);
    return typeof body?.campaignId === 'number'
      ? { kind: 'success', campaignId: body.campaignId }
      : { kind: 'failure' };
  } catch (error) {
    return outcomeOfError(error);
  }
}

/**
 * The credits a publish spends: one per certificate, and a recipient (the values of the technical fields)
 * gets one certificate whatever the number of its language rows. Without technical fields each row is one.
 */
export function certificatesNeeded(rows: readonly ImportRow[], technicalFields: readonly string[]): number {
  if (technicalFields.length === 0) return rows.length;
  return new Set(rows.map((row) => technicalFields.map((field) => row[field] ?? '').join('\u001f'))).size;
}
