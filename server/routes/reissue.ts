import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CERTIFICATE_KEY_PATTERN } from '../../domain/certificates';
import { IDEMPOTENCY_HEADER } from '../../domain/publication';
import { authOf } from '../auth/guard';
import type { AppContext } from '../context';
import { AppError } from '../errors';
import { requestLanguage, translate } from '../i18n';
import {
  CHANGE_REFUSED_CODE,
  MAX_REISSUE_CERTIFICATES,
  NOT_REPLACEABLE_CODE,
  NO_VALIDITY_CODE,
  NOTHING_CHANGED_CODE,
  REASON_MAX_LENGTH,
  REASON_REQUIRED_CODE,
  reissueCertificates,
  renewCertificates,
  REPEATED_KEYS_CODE,
  VALID_UNTIL_PAST_CODE,
} from '../services/certificates/reissue';

const certificateKey = z.string().regex(CERTIFICATE_KEY_PATTERN, '128 letters or digits');

/** The re-issue's own refusals, whose messages come from the server's catalogue (serverErrors.reissue) in the caller's language. */
const CATALOGUED: Record<string, string> = {
  [NOT_REPLACEABLE_CODE]: 'notReplaceable',
  [CHANGE_REFUSED_CODE]: 'changeNotAllowed',
  [NOTHING_CHANGED_CODE]: 'nothingChanged',
  [REASON_REQUIRED_CODE]: 'reasonRequired',
  [REPEATED_KEYS_CODE]: 'repeatedCertificates',
  [NO_VALIDITY_CODE]: 'noValidity',
  [VALID_UNTIL_PAST_CODE]: 'validUntilPast',
};

function translated(error: unknown, language: ReturnType<typeof requestLanguage>): unknown {
  if (!(error instanceof AppError) || !(error.code in CATALOGUED)) return error;
  const { certificates, keys, column } = error.details as {
    certificates?: { key: string; reason?: string }[];
    keys?: string[];
    column?: string;
  };
  const named = (certificates?.map((c) => c.key) ?? keys ?? []).join(', ');
  const renewedAlready = certificates !== undefined && certificates.length > 0;
  const key =
    error.code !== NOT_REPLACEABLE_CODE
      ? CATALOGUED[error.code]
      : named === ''
        ? 'changedMeanwhile'
        : renewedAlready && certificates.every((c) => c.reason === 'renewed')
          ? 'alreadyRenewed'
          : CATALOGUED[error.code];
  const message = translate(language, `serverErrors.reissue.${key}`, {
    keys: named,
    key: String((error.details as { key?: string }).key ?? ''),
    column: column ?? '',
    max: String(REASON_MAX_LENGTH),
    validUntil: String((error.details as { validUntil?: string } | undefined)?.validUntil ?? ''),
  });
  return new AppError(error.statusCode, error.code, message, error.details);
}

// the routes' own schemas, built once per process rather than for every app
const certificatesReissueHeaders = z.object({ [IDEMPOTENCY_HEADER]: z.string().min(1).max(200).optional() });
const certificatesReissueBody = z.object({
  certificates: z
    .array(
      z.object({
        key: certificateKey,
        changes: z.record(z.string().max(200), z.string().max(20_000)),
      }),
    )
    .min(1)
    .max(MAX_REISSUE_CERTIFICATES),
  reason: z.string().max(REASON_MAX_LENGTH),
});
const certificatesReissueAnswer = z.object({
  replaced: z.number(),
  campaignId: z.number(),
  campaignIds: z.array(z.number()),
  certificates: z.array(z.object({ old: z.string(), new: z.string() })),
});
const certificatesRenewHeaders = z.object({ [IDEMPOTENCY_HEADER]: z.string().min(1).max(200).optional() });
const certificatesRenewBody = z.object({
  keys: z.array(certificateKey).min(1).max(MAX_REISSUE_CERTIFICATES),
  validUntil: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'YYYY-MM-DD')
    .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), 'a real day')
    .optional(),
  reason: z.string().max(REASON_MAX_LENGTH).optional(),
});
const certificatesRenewAnswer = z.object({
  renewed: z.number(),
  campaignId: z.number(),
  campaignIds: z.array(z.number()),
  certificates: z.array(z.object({ old: z.string(), new: z.string() })),
});

/** Corrected re-issue and renewal (issue 28): POST /api/admin/certificates/reissue and /renew. */
export async function reissueRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.post(
    '/api/admin/certificates/reissue',
    {
      // the rights of a publish: a re-issue issues certificates and spends credits
      config: { access: { resource: 'publication', action: 'publish' } },
      schema: {
        summary: 'Replace valid certificates by corrected ones (corrected re-issue), in one transaction',
        description:
          'Body {certificates: [{key, changes: {column: value}}] (at most 10,000), reason}. changes are the corrected recipient fields (firstName, lastName, Email, the template’s other columns), checked as a publish checks its rows; the recipient key and the language cannot change. In one transaction the new certificates (same template and recipient, a new key) are created in a campaign "Correction" per template, the old ones are revoked for good (status 15, replaced: their revocation and suspension bits are set) and linked to them with the reason, which is shown on the old certificate’s page and never in a status list; one credit each unless the plan makes corrections free. After signing, the webhook certificate.replaced is sent and each recipient gets one mail in their language. 200 {replaced, campaignId, campaignIds, certificates: [{old, new}]}; 400 ERR_REASON_REQUIRED, ERR_REPEATED_CERTIFICATES, ERR_CHANGE_NOT_ALLOWED {key, column}, ERR_NOTHING_CHANGED {keys}, ERR_PUBLICATION_ERROR / ERR_UNKNOWN_COLUMNS (the corrected rows, as a publish); 402 NOT_ENOUGH_CREDITS; 409 ERR_CERTIFICATE_NOT_REPLACEABLE {certificates: [{key, reason: not_found | disabled | deleted | replaced | expired | nft | not_valid}]}. Nothing is changed by a refusal. Header Idempotency-Key: a repeated re-issue with the same key (a retry after a lost answer, a second click) answers the first one and replaces nothing again; 422 IDEMPOTENCY_KEY_REUSED when the key came with another re-issue.',
        headers: certificatesReissueHeaders,
        body: certificatesReissueBody,
        response: {
          200: certificatesReissueAnswer,
        },
      },
    },
    async (request) => {
      try {
        const key = request.headers[IDEMPOTENCY_HEADER];
        const idempotencyKey = typeof key === 'string' && key !== '' ? key : null;
        return await reissueCertificates(ctx, authOf(request), { ...request.body, idempotencyKey });
      } catch (error) {
        throw translated(error, requestLanguage(request));
      }
    },
  );
  api.post(
    '/api/admin/certificates/renew',
    {
      // the rights of a re-issue: a renewal issues certificates and spends credits
      config: { access: { resource: 'publication', action: 'publish' } },
      schema: {
        summary: 'Renew certificates: a new certificate with a new validity for each, linked to the old one',
        description:
          'Body {keys: [certificate key] (at most 10,000), validUntil? (YYYY-MM-DD, after today), reason? (kept with the link)}. Each certificate gets a new one with the same template and recipient data, issued today, expiring on validUntil, else today plus its template’s validity period, in a campaign "Renewal" per template, one credit each (a renewal is never free: the plan’s free corrections do not apply). The old certificate is NOT revoked: it stays valid until its own expiry (then shows expired), its public page says "Renewed on <date>" with a link to the new one, it gets no more expiry reminders and leaves the report’s expiring filter. A certificate is renewed at most once: renew its renewal (the newest) instead. Expired certificates may be renewed. After signing, the webhook certificate.renewed {event, campaignId, certificates: [{oldKey, newKey, validUntil}]} is sent and each recipient gets one mail in their language. 200 {renewed, campaignId, campaignIds, certificates: [{old, new}]}; 400 ERR_NO_VALIDITY {keys} (no validUntil and the template has no validity period), ERR_VALID_UNTIL_PAST {validUntil}, ERR_REPEATED_CERTIFICATES {keys}; 402 NOT_ENOUGH_CREDITS; 409 ERR_CERTIFICATE_NOT_REPLACEABLE {certificates: [{key, reason: not_found | disabled | deleted | replaced | renewed | nft | not_valid}]} (another issuer’s certificate is not_found). Nothing is changed by a refusal. Header Idempotency-Key: a repeated renewal with the same key answers the first one and renews nothing again; 422 IDEMPOTENCY_KEY_REUSED when the key came with another request.',
        headers: certificatesRenewHeaders,
        body: certificatesRenewBody,
        response: {
          200: certificatesRenewAnswer,
        },
      },
    },
    async (request) => {
      try {
        const key = request.headers[IDEMPOTENCY_HEADER];
        const idempotencyKey = typeof key === 'string' && key !== '' ? key : null;
        return await renewCertificates(ctx, authOf(request), { ...request.body, idempotencyKey });
      } catch (error) {
        throw translated(error, requestLanguage(request));
      }
    },
  );
}
