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
  NOTHING_CHANGED_CODE,
  REASON_MAX_LENGTH,
  REASON_REQUIRED_CODE,
  reissueCertificates,
  REPEATED_KEYS_CODE,
} from '../services/certificates/reissue';

const certificateKey = z.string().regex(CERTIFICATE_KEY_PATTERN, '128 letters or digits');

/** The re-issue's own refusals, whose messages come from the server's catalogue (serverErrors.reissue) in the caller's language. */
const CATALOGUED: Record<string, string> = {
  [NOT_REPLACEABLE_CODE]: 'notReplaceable',
  [CHANGE_REFUSED_CODE]: 'changeNotAllowed',
  [NOTHING_CHANGED_CODE]: 'nothingChanged',
  [REASON_REQUIRED_CODE]: 'reasonRequired',
  [REPEATED_KEYS_CODE]: 'repeatedCertificates',
};

function translated(error: unknown, language: ReturnType<typeof requestLanguage>): unknown {
  if (!(error instanceof AppError) || !(error.code in CATALOGUED)) return error;
  const { certificates, keys, column } = error.details as {
    certificates?: { key: string }[];
    keys?: string[];
    column?: string;
  };
  const named = (certificates?.map((c) => c.key) ?? keys ?? []).join(', ');
  const key = error.code === NOT_REPLACEABLE_CODE && named === '' ? 'changedMeanwhile' : CATALOGUED[error.code];
  const message = translate(language, `serverErrors.reissue.${key}`, {
    keys: named,
    key: String((error.details as { key?: string }).key ?? ''),
    column: column ?? '',
    max: String(REASON_MAX_LENGTH),
  });
  return new AppError(error.statusCode, error.code, message, error.details);
}

/** Corrected re-issue (issue 28): POST /api/admin/certificates/reissue. */
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
        headers: z.object({ [IDEMPOTENCY_HEADER]: z.string().min(1).max(200).optional() }),
        body: z.object({
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
        }),
        response: {
          200: z.object({
            replaced: z.number(),
            campaignId: z.number(),
            campaignIds: z.array(z.number()),
            certificates: z.array(z.object({ old: z.string(), new: z.string() })),
          }),
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
}
