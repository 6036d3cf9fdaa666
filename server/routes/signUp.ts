import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isValidEmail, sanitizeEmail } from '../../domain/email';
import type { AppContext } from '../context';
import { AppError, badRequest, notFound } from '../errors';
import { serverLanguage } from '../i18n';
import { printLinkWithoutSmtp } from '../services/signInLinks';
import { ORGANISATION_NAME_MAX, requestSignUp } from '../services/signUp';

// the routes' own schemas, built once per process rather than for every app
const signupAnswer = z.object({ enabled: z.boolean() });
const signupBody = z.object({
  organisation: z.string().max(1000),
  email: z.string().max(320),
  language: z.string().max(5).optional(),
});
const signupAnswer202 = z.object({ ok: z.literal(true) });

/**
 * Self-service sign-up from the login page (issue 18), off unless SIGNUP_ENABLED. Rate-limited per address and
 * per client like sign-in, with counters of its own. The link it mails is used like a sign-in link
 * (POST /api/admin/login/token), which creates the issuer on its first use.
 */
export async function signUpRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { config } = ctx;
  const perEmail = ctx.limits.limiter('signup-email', config.loginRateLimit.perEmail, config.loginRateLimit.windowMs);
  const perClient = ctx.limits.limiter(
    'signup-client',
    config.loginRateLimit.perClient,
    config.loginRateLimit.windowMs,
  );
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/admin/signup',
    {
      config: { auth: 'public' },
      schema: {
        summary: 'Whether self-service sign-up is open on this installation',
        response: { 200: signupAnswer },
      },
    },
    () => ({ enabled: config.signUp.enabled }),
  );

  api.post(
    '/api/admin/signup',
    {
      config: { auth: 'public' },
      schema: {
        summary: 'Start a free trial: mail a link that creates the organisation on its first use',
        description:
          'Answers 202 whether or not the address already has an account (that address gets the normal sign-in link instead), so that the form reveals no account. 404 SIGNUP_DISABLED when sign-up is off, 400 INVALID_EMAIL or INVALID_ORGANISATION, 429 TOO_MANY_REQUESTS past the per-address or per-client limit.',
        body: signupBody,
        response: { 202: signupAnswer202 },
      },
    },
    async (request, reply) => {
      if (!config.signUp.enabled) throw notFound('SIGNUP_DISABLED', 'Self-service sign-up is not open here');
      const email = sanitizeEmail(request.body.email);
      if (!isValidEmail(email)) throw badRequest('INVALID_EMAIL', 'The email address is not valid');
      const organisation = request.body.organisation.trim().replace(/\s+/g, ' ');
      if (organisation.length === 0 || organisation.length > ORGANISATION_NAME_MAX) {
        throw badRequest(
          'INVALID_ORGANISATION',
          `The organisation's name needs 1 to ${ORGANISATION_NAME_MAX} characters`,
        );
      }
      if (!(await perClient.take(request.ip)) || !(await perEmail.take(email))) {
        throw new AppError(429, 'TOO_MANY_REQUESTS', 'Too many attempts, try again later');
      }
      const link = await requestSignUp(ctx, { organisation, email, language: serverLanguage(request.body.language) });
      printLinkWithoutSmtp(ctx, request.log, 'sign-up', email, link);
      return reply.code(202).send({ ok: true });
    },
  );
}
