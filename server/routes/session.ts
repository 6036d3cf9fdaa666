import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AUTH_LEVEL, type ServerFacts } from '../../domain/auth';
import { isValidEmail, sanitizeEmail } from '../../domain/email';
import { isAdministrator } from '../../domain/permissions';
import { isProfileId } from '../../domain/roles';
import { isTotpSecret, matchedTotpStep } from '../../domain/totp';
import { authOf, sessionOf, unauthorized } from '../auth/guard';
import { hashLoginSecret, isLoginSecretFormat } from '../auth/loginLinks';
import { authorizationUrl, claimedIssuer, parseSsoConfig, verifyIdToken } from '../auth/sso';
import type { SessionSubject } from '../auth/sessionTokens';
import type { AppContext } from '../context';
import type { User } from '../db/schema';
import { AppError, badRequest } from '../errors';
import { serverLanguage } from '../i18n';
import { findIssuer, findIssuersWithSso } from '../repositories/issuers';
import { consumeLoginLink, revokeToken } from '../repositories/tokens';
import { acceptTotpStep, findUser, findUserInIssuer, findUsersByEmail, setTotpSecret } from '../repositories/users';
import { currentApiKey, currentUser } from '../services/currentUser';
import { printLinkWithoutSmtp, sendSignInLink } from '../services/signInLinks';
import { completeSignUp } from '../services/signUp';
import { apiErrorSchema } from './apiDocs';
import { okAnswer, profileIdAnswer, tokenAnswer } from './responseSchemas';

/** GET /api/admin/who: an API key describes itself; a person gets domain/auth.ts's CurrentUser. */
const whoAnswer = z.union([
  z.object({
    kind: z.literal('apikey'),
    keyId: z.number(),
    profile: z.string(),
    profileId: z.number(),
    issuerId: z.number(),
    issuerName: z.string(),
    plan: z.string(),
    credits: z.number(),
  }),
  z.object({
    id: z.number(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    profile: z.string(),
    profileId: profileIdAnswer,
    orgUnit: z.string().nullable(),
    hasTotp: z.boolean(),
    okCGU: z.boolean(),
    okNotice: z.boolean(),
    timezone: z.string(),
    issuerId: z.number(),
    issuerName: z.string(),
    isValidator: z.boolean(),
    sso: z.boolean(),
    provider: z.string(),
    verified: z.boolean(),
    verificationSubmitted: z.boolean(),
    params: z.object({ tracking: z.boolean(), hasCustomDesign: z.boolean(), canEditTables: z.boolean() }),
    metatemplates: z.array(z.object({ Type: z.string() })),
    hasPathway: z.boolean(),
    hasRegistryContract: z.boolean(),
    credits: z.number(),
    plan: z.string(),
    noTotpAlertDisabled: z.boolean(),
    notVerifiedAlertDisabled: z.boolean(),
    server: z.object({ mailDelivery: z.enum(['smtp', 'outbox']), helpUrl: z.string().nullable() }),
  }),
]);

const SSO_NONCE_PURPOSE = 'sso-nonce';
const SSO_NONCE_TTL_SECONDS = 600;

function subjectOf(user: User): SessionSubject {
  if (!isProfileId(user.profile_id)) throw new AppError(500, 'BAD_PROFILE', 'Unknown profile');
  return { userId: user.id, issuerId: user.issuer_id, email: user.email, profileId: user.profile_id };
}

// the routes' own schemas, built once per process rather than for every app
const loginQuery = z.object({
  email: z.string().max(320),
  issuer_id: z.coerce.number().int().positive().optional(),
  lang: z.string().max(5).optional(),
});
const loginAnswer302 = z.object({ redirectUrl: z.string() });
const loginAnswer401 = apiErrorSchema.extend({ issuers: z.record(z.string(), z.string()).optional() });
const loginTokenBody = z.object({ token: z.string().max(100) });
const ssoBody = z.object({ id_token: z.string().max(20_000) });
const userTotpQuery = z.object({ totp: z.string().max(10) });
const userTotpBody = z.object({ id: z.number().int(), key: z.string().max(64), totp: z.string().max(10) });
const userTotpAnswer = z.object({ hasTotp: z.boolean() });
const deleteUserTotpQuery = z.object({ id: z.coerce.number().int() });
const deleteUserTotpAnswer = z.object({ hasTotp: z.boolean() });

/** Sign-in by emailed link, single sign-on, the second factor, logout and the current user (spec 000 2.4, 2.8, 7). */
export async function sessionRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { db, tokens, config } = ctx;
  const { perEmail: emailLimit, perClient: clientLimit, windowMs } = config.loginRateLimit;
  const perEmail = ctx.limits.limiter('login-email', emailLimit, windowMs);
  const perClient = ctx.limits.limiter('login-client', clientLimit, windowMs);
  const totpAttempts = ctx.limits.limiter('login-totp', 10, windowMs);
  const api = app.withTypeProvider<ZodTypeProvider>();

  const tooMany = () => new AppError(429, 'TOO_MANY_REQUESTS', 'Too many attempts, try again later');

  api.post(
    '/api/admin/login',
    {
      config: { auth: 'public' },
      schema: {
        summary: 'Send a sign-in link to an address',
        querystring: loginQuery,
        description:
          '200 { ok: true } when the link is sent; 302 { redirectUrl } when the issuer signs in by SSO; 401 CHOOSE_ISSUER { issuers: { id: name } } when the address has accounts at several issuers.',
        response: {
          200: okAnswer,
          302: loginAnswer302,
          401: loginAnswer401,
        },
      },
    },
    async (request, reply) => {
      const email = sanitizeEmail(request.query.email);
      if (!isValidEmail(email)) throw badRequest('INVALID_EMAIL', 'The email address is not valid');
      if (!(await perClient.take(request.ip)) || !(await perEmail.take(email))) throw tooMany();

      const users = await findUsersByEmail(db, email);
      if (users.length === 0) throw new AppError(404, 'WRONG_ADDRESS', 'No account uses this address');
      const { issuer_id: issuerId } = request.query;
      if (issuerId === undefined && users.length > 1) {
        const issuers = Object.fromEntries(users.map((u) => [String(u.issuer_id), u.issuer_name]));
        return reply.code(401).send({ code: 'CHOOSE_ISSUER', message: 'Choose an issuer', issuers });
      }
      const user = issuerId === undefined ? users[0] : users.find((u) => u.issuer_id === issuerId);
      if (!user) throw new AppError(404, 'WRONG_ADDRESS', 'No account uses this address');

      const issuer = await findIssuer(db, user.issuer_id);
      const sso = parseSsoConfig(issuer?.sso_config ?? null);
      if (sso) {
        const nonce = await tokens.signPurpose(SSO_NONCE_PURPOSE, SSO_NONCE_TTL_SECONDS, { iid: user.issuer_id });
        const redirectUrl = authorizationUrl(sso, {
          redirectUri: `${config.publicUrl}/login/sso`,
          nonce,
          loginHint: email,
        });
        return reply.code(302).send({ redirectUrl });
      }

      const link = await sendSignInLink(ctx, {
        kind: 'login',
        userId: user.id,
        email,
        issuerName: user.issuer_name,
        language: serverLanguage(request.query.lang),
      });
      printLinkWithoutSmtp(ctx, request.log, 'sign-in', email, link);
      return { ok: true };
    },
  );

  api.post(
    '/api/admin/login/token',
    {
      config: { auth: 'public' },
      schema: {
        summary: 'Exchange a one-time sign-in link for a session token',
        body: loginTokenBody,
        response: { 200: tokenAnswer },
      },
    },
    async (request) => {
      if (!isLoginSecretFormat(request.body.token) || !(await perClient.take(request.ip))) {
        throw new AppError(401, 'INVALID_LINK', 'This sign-in link is not valid');
      }
      const hash = hashLoginSecret(request.body.token);
      // a self-service sign-up link (issue 18) creates its issuer on this first use
      const userId =
        (await consumeLoginLink(db, hash)) ?? (config.signUp.enabled ? await completeSignUp(ctx, hash) : null);
      const user = userId === null ? undefined : await findUser(db, userId);
      if (!user) throw new AppError(401, 'INVALID_LINK', 'This sign-in link is not valid or was already used');
      const level = user.totp_secret ? AUTH_LEVEL.secondFactorPending : AUTH_LEVEL.complete;
      return { token: await tokens.sign(subjectOf(user), level) };
    },
  );

  api.post(
    '/api/admin/sso',
    {
      config: { auth: 'public' },
      schema: {
        summary: 'Sign in with an OpenID Connect id_token',
        body: ssoBody,
        response: { 200: tokenAnswer },
      },
    },
    async (request) => {
      const refused = () => new AppError(401, 'SSO_REFUSED', 'Single sign-on was refused');
      if (!(await perClient.take(request.ip))) throw tooMany();
      const iss = claimedIssuer(request.body.id_token);
      if (!iss) throw refused();
      const candidates = (await findIssuersWithSso(db)).filter((i) => parseSsoConfig(i.sso_config)?.issuer === iss);
      for (const issuer of candidates) {
        const sso = parseSsoConfig(issuer.sso_config);
        if (!sso) continue;
        const verified = await verifyIdToken(request.body.id_token, sso);
        if (!verified?.nonce) continue;
        const nonce = await tokens.verifyPurpose(verified.nonce, SSO_NONCE_PURPOSE);
        if (!nonce || nonce.iid !== issuer.id) continue;
        const user = await findUserInIssuer(db, issuer.id, sanitizeEmail(verified.email));
        if (!user) continue;
        return { token: await tokens.sign(subjectOf(user), AUTH_LEVEL.complete) };
      }
      throw refused();
    },
  );

  api.post(
    '/api/admin/user/totp',
    {
      config: { auth: 'pending' },
      schema: {
        summary: 'Check a second-factor code and complete the session',
        querystring: userTotpQuery,
        response: { 200: tokenAnswer },
      },
    },
    async (request) => {
      const auth = sessionOf(request);
      if (!auth.user.totp_secret) throw badRequest('NO_SECOND_FACTOR', 'The second factor is not enabled');
      if (!(await totpAttempts.take(String(auth.user.id)))) throw tooMany();
      const step = matchedTotpStep(auth.user.totp_secret, request.query.totp);
      // a code counts once: a step at or before the last accepted one is refused like a wrong code
      if (step === null || !(await acceptTotpStep(db, auth.user.id, step))) {
        throw new AppError(401, 'WRONG_CODE', 'The code is not valid');
      }
      await revokeToken(db, auth.claims.jti, new Date(auth.claims.exp * 1000).toISOString());
      return { token: await tokens.sign(subjectOf(auth.user), AUTH_LEVEL.complete) };
    },
  );

  api.put(
    '/api/admin/user/totp',
    {
      config: { access: { resource: 'security', action: 'edit' } },
      schema: {
        summary: 'Enable the second factor with a new secret, proven by a current code',
        body: userTotpBody,
        response: { 200: userTotpAnswer },
      },
    },
    async (request) => {
      const auth = sessionOf(request);
      const { id, key, totp } = request.body;
      if (id !== auth.user.id) throw unauthorized();
      if (!isTotpSecret(key)) throw badRequest('INVALID_SECRET', 'The secret must be 20 bytes in base32');
      if (!(await totpAttempts.take(String(auth.user.id)))) throw tooMany();
      const step = matchedTotpStep(key, totp);
      if (step === null) throw new AppError(400, 'WRONG_CODE', 'The code is not valid');
      // the code that proved the new secret is spent: it cannot also complete a sign-in
      await setTotpSecret(db, id, key, step);
      return { hasTotp: true };
    },
  );

  api.delete(
    '/api/admin/user/totp',
    {
      config: { access: { resource: 'security', action: 'edit' } },
      schema: {
        summary: "Disable a user's second factor",
        querystring: deleteUserTotpQuery,
        response: { 200: deleteUserTotpAnswer },
      },
    },
    async (request) => {
      const auth = sessionOf(request);
      const { id } = request.query;
      if (id !== auth.user.id) {
        const target = await findUser(db, id);
        if (!target || target.issuer_id !== auth.issuer.id || !isAdministrator(auth.profileId)) throw unauthorized();
      }
      await setTotpSecret(db, id, null);
      return { hasTotp: false };
    },
  );

  api.post(
    '/api/admin/logout',
    { config: { auth: 'pending' }, schema: { summary: 'Revoke the current token', response: { 200: okAnswer } } },
    async (request) => {
      const { claims } = sessionOf(request);
      await revokeToken(db, claims.jti, new Date(claims.exp * 1000).toISOString());
      return { ok: true };
    },
  );

  api.get(
    '/api/admin/who',
    { schema: { summary: 'The signed-in user, or the API key calling', response: { 200: whoAnswer } } },
    async (request) => {
      const auth = authOf(request);
      if (auth.kind === 'apikey') return currentApiKey(auth);
      const server: ServerFacts = { mailDelivery: ctx.mailer.mode, helpUrl: config.helpUrl };
      return { ...(await currentUser(db, auth)), server };
    },
  );
}
