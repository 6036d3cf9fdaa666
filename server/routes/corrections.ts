import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CORRECTION_ANSWER_MAX_LENGTH, CORRECTION_STATES, type CorrectionError } from '../../domain/correctionRequests';
import { RECIPIENT_CODE_MAX_ATTEMPTS, RECIPIENT_CODE_TTL_SECONDS } from '../../domain/recipientCodes';
import { authOf } from '../auth/guard';
import type { AppContext } from '../context';
import { AppError } from '../errors';
import { requestLanguage, translate } from '../i18n';
import {
  approveCorrection,
  askCorrection,
  CORRECTION_ANSWER_REQUIRED,
  CORRECTION_ANSWERED,
  CORRECTION_INVALID,
  CORRECTION_NOT_FOUND,
  correctionPage,
  type CorrectionPage,
  getCorrection,
  listCorrections,
  refuseCorrection,
  sendCorrectionCode,
  correctionSettings,
  setCorrectionSettings,
} from '../services/corrections/corrections';
import {
  CORRECTION_PAGE_POLICY_HEADER,
  renderCorrectionPage,
  type CorrectionPageStep,
} from '../services/corrections/correctionPage';
import { codePageParams, mailedCodeSteps, SPEND_RATE_PER_CLIENT, typedCode } from './mailedCodeSteps';
import { htmlAnswer } from './responseSchemas';

/** A form field `field.<name>` carries the corrected value of the certificate's field <name>. */
const FIELD_PREFIX = 'field.';

const askBody = z
  .object({
    code: z.string().max(40).optional(),
    lang: z.string().max(20).optional(),
    message: z.string().max(5000).optional(),
  })
  .catchall(z.string().max(5000))
  .nullish();

const pageResponses = {
  200: htmlAnswer('The page at this step'),
  400: htmlAnswer('A wrong code or a request that cannot be made: the page asks again'),
  404: htmlAnswer('No certificate whose correction can be asked with this key'),
  410: htmlAnswer('A code used, expired or tried too often: the page asks for a new one'),
  429: htmlAnswer('Too many requests'),
  502: htmlAnswer('The mail server did not take the code'),
};

const changeView = z.object({ from: z.string(), to: z.string() });
const requestView = z.object({
  id: z.number(),
  certificateKey: z.string(),
  status: z.enum(CORRECTION_STATES),
  changes: z.record(z.string(), changeView),
  message: z.string(),
  answer: z.string().nullable(),
  createdAt: z.string(),
  answeredAt: z.string().nullable(),
  answeredBy: z.number().nullable(),
  automatic: z.boolean(),
  replacementKey: z.string().nullable(),
  email: z.string(),
  templateId: z.number(),
});
const settingsAnswer = z.object({ autoApprove: z.boolean() });
const idParams = z.object({ id: z.coerce.number().int().positive() });

/** The refusals of these routes, whose messages come from the server's catalogue in the caller's language. */
const CATALOGUED: Record<string, string> = {
  [CORRECTION_NOT_FOUND]: 'notFound',
  [CORRECTION_ANSWERED]: 'answered',
  [CORRECTION_ANSWER_REQUIRED]: 'answerRequired',
};

function translated(error: unknown, request: FastifyRequest): unknown {
  if (!(error instanceof AppError) || !(error.code in CATALOGUED)) return error;
  const message = translate(requestLanguage(request), `serverErrors.correction.${CATALOGUED[error.code]}`, {
    max: String(CORRECTION_ANSWER_MAX_LENGTH),
  });
  return new AppError(error.statusCode, error.code, message, error.details);
}

// the routes' own schemas, built once per process rather than for every app
const correctionRequestsQuery = z.object({
  status: z.string().max(100).optional(),
  certificate: z.string().max(256).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
  offset: z.coerce.number().int().min(0).default(0),
});
const correctionRequestsAnswer = z.object({ data: z.array(requestView), total: z.number() });
const correctionRequestsApproveBody = z
  .object({ message: z.string().max(CORRECTION_ANSWER_MAX_LENGTH).optional() })
  .nullish();
const correctionRequestsRefuseBody = z.object({ message: z.string().max(CORRECTION_ANSWER_MAX_LENGTH * 2) });

/**
 * The recipient's correction requests (issue 28). Public: "Request a correction" from a certificate's public page,
 * server-rendered steps behind a code mailed to the certificate's address (send a code → the code, the corrected
 * fields and a message → sent). Admin: the issuer lists, reads, approves (a corrected re-issue) or refuses them, with
 * the rights of a re-issue.
 */
export async function correctionRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  // mailed codes and requests: the limits of the "Add to a wallet" page, counted apart
  const steps = mailedCodeSteps<CorrectionPage, CorrectionPageStep>(ctx, {
    area: 'correction',
    spendLimiter: 'correction-ask-client',
    policyHeader: CORRECTION_PAGE_POLICY_HEADER,
    find: (key, lang) => correctionPage(ctx, key, lang),
    render: ({ key, brandName, shown, state }) =>
      renderCorrectionPage({
        key,
        language: shown.language,
        title: shown.title,
        brandName,
        fields: shown.fields,
        pending: shown.pending,
        state,
      }),
  });

  steps.pageAndCodeRoutes(app, {
    pageSummary: 'A certificate\'s "Request a correction" page (HTML): asks for a code mailed to its address',
    codeSummary: "Mails a one-time correction code to the certificate's address; answers the request form (HTML)",
    responses: pageResponses,
    send: (key, language) => sendCorrectionCode(ctx, key, language),
    sent: (where) => ({ step: 'form', ...where }),
  });

  api.post(
    '/certificate/:key/correction',
    {
      config: { auth: 'public' },
      schema: {
        summary: 'Takes the mailed code with the corrected fields and a message: the correction request (HTML)',
        description: `A form post (code, field.<name> for each correctable field, message, lang). The code works once, for ${RECIPIENT_CODE_TTL_SECONDS / 60} minutes, and stops after ${RECIPIENT_CODE_MAX_ATTEMPTS} wrong tries (410); a request that changes nothing or names a field that cannot be corrected is refused (400) without spending the code. A pending request of the certificate is replaced. When the issuer approves small name changes automatically, the answer links the corrected certificate. At most ${SPEND_RATE_PER_CLIENT.limit} tries per client in 15 minutes.`,
        params: codePageParams,
        body: askBody,
        response: {
          200: pageResponses[200],
          400: pageResponses[400],
          404: pageResponses[404],
          410: pageResponses[410],
          429: pageResponses[429],
        },
      },
    },
    async (request, reply) => {
      const { key } = request.params;
      const body = request.body ?? {};
      const page = await steps.pageOf(request, reply, key, body.lang);
      if (!page) return reply;
      const values: Record<string, string> = {};
      for (const [name, value] of Object.entries(body)) {
        if (name.startsWith(FIELD_PREFIX) && typeof value === 'string') values[name.slice(FIELD_PREFIX.length)] = value;
      }
      const message = body.message ?? '';
      const again = { step: 'form' as const, values, message };
      const code = typedCode(body.code);
      return steps.spendCode(
        request,
        page,
        (problem) => ({ ...again, ...problem }),
        async () => {
          try {
            const asked = await askCorrection(ctx, key, { code, values, message });
            return await page.render(200, { step: 'done', replacementKey: asked.replacementKey });
          } catch (error) {
            if (error instanceof AppError && error.code === CORRECTION_INVALID) {
              const invalid = String(error.details.error) as CorrectionError['error'];
              return page.render(400, { ...again, error: { invalid } });
            }
            throw error;
          }
        },
      );
    },
  );

  // the rights of a re-issue: an approval issues a certificate and spends a credit
  const access = { resource: 'publication', action: 'publish' } as const;

  api.get(
    '/api/admin/correction-requests',
    {
      config: { access },
      schema: {
        summary: "The recipients' correction requests (issue 28), newest first",
        description:
          'Query status (pending, approved, refused; several separated by commas), certificate (a key), limit (at most 100) and offset. 200 {data, total}.',
        querystring: correctionRequestsQuery,
        response: { 200: correctionRequestsAnswer },
      },
    },
    async (request) => {
      const { status, certificate, limit, offset } = request.query;
      const statuses = status
        ?.split(',')
        .map((s) => s.trim())
        .filter((s) => s !== '');
      return listCorrections(ctx, authOf(request), {
        statuses,
        certificateKeys: certificate ? [certificate] : undefined,
        limit,
        offset,
      });
    },
  );

  api.get(
    '/api/admin/correction-settings',
    {
      config: { access },
      schema: {
        summary: 'Whether small name corrections asked by recipients are approved automatically',
        response: { 200: settingsAnswer },
      },
    },
    async (request) => correctionSettings(authOf(request)),
  );

  api.put(
    '/api/admin/correction-settings',
    {
      // an issuer's setting: its Administrators'
      config: { access: { resource: 'profile', action: 'edit' } },
      schema: {
        summary: 'Turns the automatic approval of small name corrections on or off',
        description:
          'Body {autoApprove}. When on, a request changing only the recipient’s first and last name by one or two letters in all (edit distance; case and accents count) is approved at once by a corrected re-issue, once per certificate; off by default.',
        body: settingsAnswer,
        response: { 200: settingsAnswer },
      },
    },
    async (request) => setCorrectionSettings(ctx, authOf(request), request.body.autoApprove),
  );

  api.get(
    '/api/admin/correction-requests/:id',
    {
      config: { access },
      schema: {
        summary: 'One correction request (404 ERR_CORRECTION_NOT_FOUND when not the issuer’s)',
        params: idParams,
        response: { 200: requestView },
      },
    },
    async (request) => {
      try {
        return await getCorrection(ctx, authOf(request), request.params.id);
      } catch (error) {
        throw translated(error, request);
      }
    },
  );

  api.post(
    '/api/admin/correction-requests/:id/approve',
    {
      config: { access },
      schema: {
        summary: 'Approves a correction request: the corrected re-issue of its certificate',
        description:
          'Body {message?} (a note kept with the request). The certificate is re-issued with the changes asked (POST /api/admin/certificates/reissue: one credit unless corrections are free, the recipient’s mail says what changed); 200 the request, approved, with replacementKey. 404 ERR_CORRECTION_NOT_FOUND; 409 ERR_CORRECTION_ANSWERED; the re-issue’s refusals (409 ERR_CERTIFICATE_NOT_REPLACEABLE, 402 NOT_ENOUGH_CREDITS, 400 ERR_PUBLICATION_ERROR).',
        params: idParams,
        body: correctionRequestsApproveBody,
        response: { 200: requestView },
      },
    },
    async (request) => {
      try {
        return await approveCorrection(ctx, authOf(request), request.params.id, request.body?.message ?? null);
      } catch (error) {
        throw translated(error, request);
      }
    },
  );

  api.post(
    '/api/admin/correction-requests/:id/refuse',
    {
      config: { access },
      schema: {
        summary: 'Refuses a correction request with a message, mailed to the recipient in their language',
        description: `Body {message} (required, at most ${CORRECTION_ANSWER_MAX_LENGTH} characters). Nothing is re-issued. 200 the request, refused. 400 ERR_CORRECTION_ANSWER_REQUIRED; 404 ERR_CORRECTION_NOT_FOUND; 409 ERR_CORRECTION_ANSWERED.`,
        params: idParams,
        body: correctionRequestsRefuseBody,
        response: { 200: requestView },
      },
    },
    async (request) => {
      try {
        return await refuseCorrection(ctx, authOf(request), request.params.id, request.body.message);
      } catch (error) {
        throw translated(error, request);
      }
    },
  );
}
