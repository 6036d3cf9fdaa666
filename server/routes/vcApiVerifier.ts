import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context';
import { AppError } from '../errors';
import { StatusLists } from '../services/credentials/statusLists';
import {
  onlyChecks,
  VC_API_CHECKS,
  vcApiPresentationVerification,
  vcApiVerification,
} from '../services/credentials/vcApiResult';
import { CredentialVerifier } from '../services/credentials/verifier';
import { allowAnyOrigin } from './protocolCors';

/** The same budget as POST /api/verify, counted apart. */
const VC_API_VERIFY_RATE = { perClient: 60, windowMs: 60_000 };
/** A credential or a presentation of a few credentials: far below this. */
export const VC_API_VERIFY_MAX_BYTES = 1024 * 1024;

const problemDetail = z.object({
  type: z.string(),
  title: z.string(),
  detail: z.string().optional(),
  check: z.string().optional().describe('the check it comes from'),
});
const verificationAnswer = z.object({
  verified: z.boolean(),
  checks: z.array(z.string()).describe('the checks made and passed: proof, issuer, validity, revocation, …'),
  warnings: z.array(problemDetail).describe('revoked, suspended, expired, not yet valid, unreadable issuer or list'),
  errors: z.array(problemDetail).describe('a broken or uncheckable proof, a malformed credential'),
});
const problemAnswer = z
  .object({ type: z.string(), title: z.string(), status: z.number(), detail: z.string().optional() })
  .describe('RFC 9457 problem details (application/problem+json)');

const jsonObject = z.record(z.string(), z.unknown());

/** An RFC 9457 answer: what was wrong with the request. */
function sendProblem(reply: FastifyReply, status: number, title: string, detail?: string) {
  return allowAnyOrigin(reply)
    .code(status)
    .type('application/problem+json')
    .send({ type: 'about:blank', title, status, ...(detail ? { detail } : {}) });
}

// the routes' own schemas, built once per process rather than for every app
const credentialsVerifyBody = z.object({
  verifiableCredential: jsonObject,
  options: z
    .object({
      checks: z
        .array(z.enum(VC_API_CHECKS))
        .min(1)
        .optional()
        .describe(
          'the checks to run and report (all when absent): proof, issuer, validity, revocation, suspension, dataModel',
        ),
    })
    .passthrough()
    .optional(),
});
const presentationsVerifyBody = z.object({
  verifiablePresentation: jsonObject,
  options: z.object({ challenge: z.string().min(1).max(1000), domain: z.string().max(1000).optional() }),
});
const presentationsVerifyAnswer = verificationAnswer.extend({
  holder: z.string().nullable(),
  credentialResults: z.array(verificationAnswer),
});

/**
 * The VC-API verifier (issue 30): POST /credentials/verify and POST /presentations/verify, public and
 * rate-limited like POST /api/verify, answering from the same verifier (server/services/credentials/verifier.ts).
 * Refused requests (not JSON, too large, no credential) are RFC 9457 problem details.
 */
export async function vcApiVerifierRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { db, config } = ctx;
  const verifier = new CredentialVerifier({
    db,
    publicUrl: config.publicUrl,
    statusLists: new StatusLists(db, config.credentialsKey, config.publicUrl),
  });
  const limiter = ctx.limits.limiter('vc-api-verify-client', VC_API_VERIFY_RATE.perClient, VC_API_VERIFY_RATE.windowMs);

  await app.register(async (scope) => {
    scope.setErrorHandler((error: FastifyError, _request, reply) => {
      if (hasZodFastifySchemaValidationErrors(error)) {
        const where = error.validation.map((v) => `${v.instancePath || '/'}: ${v.message}`).join('; ');
        return sendProblem(reply, 400, 'The request is not a VC-API verification request', where);
      }
      if (error instanceof AppError) return sendProblem(reply, error.statusCode, error.message);
      const status = error.statusCode ?? 500;
      if (status === 413)
        return sendProblem(reply, 413, 'The request is too large', `at most ${VC_API_VERIFY_MAX_BYTES} bytes`);
      if (status === 415) return sendProblem(reply, 415, 'The request must be JSON (application/json)');
      if (status >= 400 && status < 500) return sendProblem(reply, status, 'The request cannot be read', error.message);
      // anything else is ours: the application's handler logs it and answers
      throw error;
    });

    // verifier pages of other sites call these from the browser (the preflight: protocolCors.ts)
    scope.addHook('onSend', async (_request, reply) => {
      allowAnyOrigin(reply);
    });

    // the application reads other bodies too (text, forms): these routes take JSON only
    scope.addHook('preValidation', async (request, reply) => {
      const type = (request.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
      if (type !== 'application/json' && !/^application\/[a-z0-9.+-]*\+json$/.test(type)) {
        return sendProblem(reply, 415, 'The request must be JSON (application/json)');
      }
    });

    const api = scope.withTypeProvider<ZodTypeProvider>();
    const take = async (ip: string) => {
      if (!(await limiter.take(ip)))
        throw new AppError(429, 'TOO_MANY_REQUESTS', 'Too many verifications: wait a minute');
    };

    api.post(
      '/credentials/verify',
      {
        config: { auth: 'public' },
        bodyLimit: VC_API_VERIFY_MAX_BYTES,
        schema: {
          summary: 'VC-API: verifies a credential (proof, issuer, validity, status, data model)',
          description:
            'DataIntegrityProof eddsa-rdfc-2022 or Ed25519Signature2020; issuers did:web (this service, or another site read over https) or did:key. `verified` is false only for errors (a broken proof, a malformed credential); revoked, suspended or expired credentials are warnings.',
          body: credentialsVerifyBody,
          response: { 200: verificationAnswer, 400: problemAnswer, 413: problemAnswer, 415: problemAnswer },
        },
      },
      async (request) => {
        await take(request.ip);
        const { verifiableCredential, options } = request.body;
        const report = await verifier.verify(verifiableCredential);
        // one of our credentials checked by another site's verifier: counted on its certificate (issue 31)
        ctx.activity.verified(request, [report]);
        return onlyChecks(vcApiVerification(report), options?.checks);
      },
    );

    api.post(
      '/presentations/verify',
      {
        config: { auth: 'public' },
        bodyLimit: VC_API_VERIFY_MAX_BYTES,
        schema: {
          summary:
            "VC-API: verifies a presentation's proof (authentication, with a challenge and a domain) and its credentials",
          description:
            'The proof must be made by the holder for options.challenge (required) and options.domain; each embedded credential is verified as POST /credentials/verify does, and its errors make the presentation fail.',
          body: presentationsVerifyBody,
          response: {
            200: presentationsVerifyAnswer,
            400: problemAnswer,
            413: problemAnswer,
            415: problemAnswer,
          },
        },
      },
      async (request) => {
        await take(request.ip);
        const { verifiablePresentation, options } = request.body;
        const verification = await verifier.verifyPresentation(verifiablePresentation, options);
        ctx.activity.verified(request, verification.credentials);
        return vcApiPresentationVerification(verification);
      },
    );
  });
}
