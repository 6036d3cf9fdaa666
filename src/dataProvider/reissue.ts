import { HttpError } from 'react-admin';
import { isImportErrorCode, type ImportError } from '../../domain/import';
import { IDEMPOTENCY_HEADER } from '../../domain/publication';
import { errorList, NetworkError } from './apiErrors';
import { apiRequest, type ApiBody, type ApiResult } from './apiRequest';

/** A corrected re-issue's body, as the route's contract declares it: the certificates and their changes, the reason. */
export type ReissueBody = ApiBody<'/api/admin/certificates/reissue', 'post'>;
export type ReissueAnswer = ApiResult<'/api/admin/certificates/reissue', 'post'>;
/** A renewal's body (issue 28): the certificates' keys, and the new expiry when not the template's validity. */
export type RenewBody = ApiBody<'/api/admin/certificates/renew', 'post'>;

/** Why the server will not replace a certificate (409 ERR_CERTIFICATE_NOT_REPLACEABLE). */
export const NOT_REPLACEABLE_REASONS = [
  'not_found',
  'disabled',
  'deleted',
  'replaced',
  'renewed',
  'expired',
  'nft',
  'not_valid',
] as const;
export type NotReplaceableReason = (typeof NOT_REPLACEABLE_REASONS)[number];

/**
 * How a corrected re-issue ended (issue 28): the certificates replaced, or the server's refusal, each with what the
 * dialog needs to say it in the user's language (the codes of server/routes/reissue.ts).
 */
export type ReissueOutcome =
  | { kind: 'success'; replaced: number; certificates: { old: string; new: string }[] }
  /** 409 ERR_CERTIFICATE_NOT_REPLACEABLE: each key and why; none when one changed meanwhile */
  | { kind: 'not_replaceable'; certificates: { key: string; reason: NotReplaceableReason }[] }
  /** 402 NOT_ENOUGH_CREDITS */
  | { kind: 'not_enough_credits'; needed: number | null; current: number | null }
  /** 400 ERR_CHANGE_NOT_ALLOWED: the recipient key or the language */
  | { kind: 'change_not_allowed'; key: string; column: string }
  /** 400 ERR_NOTHING_CHANGED */
  | { kind: 'nothing_changed'; keys: string[] }
  /** 400 ERR_REASON_REQUIRED */
  | { kind: 'reason_required' }
  /** 400 ERR_REPEATED_CERTIFICATES */
  | { kind: 'repeated'; keys: string[] }
  /** 400 ERR_NO_VALIDITY (a renewal without a date of a template without a validity period) */
  | { kind: 'no_validity'; keys: string[] }
  /** 400 ERR_VALID_UNTIL_PAST */
  | { kind: 'valid_until_past' }
  /** 400 ERR_PUBLICATION_ERROR / ERR_UNKNOWN_COLUMNS / ERR_CPF_INCORRECT_DATA: the corrected rows, as a publish */
  | { kind: 'rejected'; errors: ImportError[]; lines: string[] }
  | { kind: 'failure'; status: number }
  | { kind: 'firewall' };

const strings = (value: unknown): string[] => (Array.isArray(value) ? value.map(String) : []);
const numberOrNull = (value: unknown): number | null => (typeof value === 'number' ? value : null);

/** The outcome of a re-issue the server did not accept, from the error apiRequest threw. */
export function reissueOutcomeOfError(error: unknown): ReissueOutcome {
  if (error instanceof NetworkError) return { kind: 'firewall' };
  if (!(error instanceof HttpError)) return { kind: 'failure', status: 0 };
  const body = (error.body ?? {}) as Record<string, unknown>;
  switch (body.code) {
    case 'ERR_CERTIFICATE_NOT_REPLACEABLE': {
      const listed = Array.isArray(body.certificates)
        ? (body.certificates as { key?: unknown; reason?: unknown }[])
        : [];
      return {
        kind: 'not_replaceable',
        certificates: listed.map((certificate) => ({
          key: String(certificate.key ?? ''),
          reason: (NOT_REPLACEABLE_REASONS as readonly unknown[]).includes(certificate.reason)
            ? (certificate.reason as NotReplaceableReason)
            : 'not_valid',
        })),
      };
    }
    case 'NOT_ENOUGH_CREDITS':
      return { kind: 'not_enough_credits', needed: numberOrNull(body.needed), current: numberOrNull(body.current) };
    case 'ERR_CHANGE_NOT_ALLOWED':
      return { kind: 'change_not_allowed', key: String(body.key ?? ''), column: String(body.column ?? '') };
    case 'ERR_NOTHING_CHANGED':
      return { kind: 'nothing_changed', keys: strings(body.keys) };
    case 'ERR_REASON_REQUIRED':
      return { kind: 'reason_required' };
    case 'ERR_REPEATED_CERTIFICATES':
      return { kind: 'repeated', keys: strings(body.keys) };
    case 'ERR_NO_VALIDITY':
      return { kind: 'no_validity', keys: strings(body.keys) };
    case 'ERR_VALID_UNTIL_PAST':
      return { kind: 'valid_until_past' };
  }
  if (error.status === 402) return { kind: 'not_enough_credits', needed: null, current: null };
  if (error.status === 400 || error.status === 422) {
    const errors = (errorList(error) ?? []).flatMap((item) => {
      const candidate = item as Partial<ImportError> | null;
      return candidate && isImportErrorCode(candidate.code)
        ? [{ code: candidate.code, details: strings(candidate.details), more: Number(candidate.more ?? 0) }]
        : [];
    });
    // ERR_CPF_INCORRECT_DATA: {data: {field: message}}
    const lines =
      body.data && typeof body.data === 'object'
        ? Object.entries(body.data).map(([field, message]) => `${field}: ${String(message)}`)
        : [];
    return { kind: 'rejected', errors, lines };
  }
  return { kind: 'failure', status: error.status };
}

/** The corrected re-issue (issue 28), a named method of the data provider. */
export const reissueMethods = {
  /**
   * POST /api/admin/certificates/reissue: the old certificates replaced by corrected ones, in one transaction. The same
   * idempotency key on a retry (a lost answer, a second click) makes the server answer the first re-issue instead of
   * refusing certificates it has just replaced.
   */
  async reissueCertificates(request: ReissueBody, idempotencyKey: string): Promise<ReissueOutcome> {
    try {
      const { body } = await apiRequest('/api/admin/certificates/reissue', 'post', {
        json: request,
        headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
      });
      return { kind: 'success', replaced: body.replaced, certificates: body.certificates };
    } catch (error) {
      return reissueOutcomeOfError(error);
    }
  },
  /**
   * POST /api/admin/certificates/renew (issue 28): a new certificate with a new validity for each, linked to the old
   * one, which stays valid until its own expiry. The success's `replaced` counts the certificates renewed.
   */
  async renewCertificates(request: RenewBody, idempotencyKey: string): Promise<ReissueOutcome> {
    try {
      const { body } = await apiRequest('/api/admin/certificates/renew', 'post', {
        json: request,
        headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
      });
      return { kind: 'success', replaced: body.renewed, certificates: body.certificates };
    } catch (error) {
      return reissueOutcomeOfError(error);
    }
  },
};
