import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { AUTH_LEVEL, type TokenClaims } from '../../domain/auth';
import { AUTH_MESSAGES, canAccess, type AccessRequest } from '../../domain/permissions';
import { effectiveProfile, isProfileId, PROFILE, type ProfileId } from '../../domain/roles';
import { nowIso } from '../db/clock';
import type { ApiKey, Database, User } from '../db/schema';
import { AppError } from '../errors';
import { findActiveApiKey, touchApiKey } from '../repositories/apiKeys';
import type { ParsedIssuer } from '../repositories/issuerRows';
import { getIssuer } from '../repositories/issuers';
import { isTokenRevoked } from '../repositories/tokens';
import { findIssuerUser } from '../repositories/users';
import { apiKeyIssuer, hashApiKey, isApiKeyFormat } from './apiKeys';
import type { SessionTokens } from './sessionTokens';

/**
 * Who may call a route: 'public' anyone; 'pending' a signed-in person whose second factor may still be pending;
 * 'user' (the default under /api) a fully signed-in person, or a program with an API key.
 */
export type AuthMode = 'public' | 'pending' | 'user';

/** A person signed in with a session token. */
export interface SessionAuth {
  kind: 'session';
  claims: TokenClaims;
  user: User;
  issuer: ParsedIssuer;
  /** the profile the rules apply to: Reader while the issuer is blocked */
  profileId: ProfileId;
}

/** A program calling with an API key: the rights of the key's level, within its issuer. */
export interface ApiKeyAuth {
  kind: 'apikey';
  apiKey: ApiKey;
  issuer: ParsedIssuer;
  profileId: ProfileId;
}

/**
 * The issuer itself acting on no one's request: what the server does on its own for an issuer (an automatic approval
 * of a recipient's correction, issue 28). Never made by the guard, so no route runs as it; it has the rights of an
 * Administrator of its issuer (it is only handed to services that the issuer's own setting turned on), and records
 * no user (callerUserId: null).
 */
export interface SystemAuth {
  kind: 'system';
  issuer: ParsedIssuer;
  profileId: ProfileId;
}

/** Who a guarded request comes from: a person or a program. */
export type RequestAuth = SessionAuth | ApiKeyAuth;

/** Who a service acts for: a request's caller, or the issuer itself. */
export type AuthContext = RequestAuth | SystemAuth;

/** The issuer acting on its own (SystemAuth), for a service the issuer's settings turned on. */
export function systemAuth(issuer: ParsedIssuer): SystemAuth {
  return { kind: 'system', issuer, profileId: PROFILE.Administrator };
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: RequestAuth | null;
  }
  interface FastifyContextConfig {
    auth?: AuthMode;
    access?: AccessRequest;
  }
}

export const missingToken = () => new AppError(401, 'MISSING_TOKEN', AUTH_MESSAGES.missingToken);
export const invalidToken = () => new AppError(401, 'INVALID_TOKEN', AUTH_MESSAGES.invalidToken);
export const unauthorized = () => new AppError(403, 'UNAUTHORIZED_OPERATION', AUTH_MESSAGES.unauthorized);

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match ? match[1] : null;
}

const LAST_USED_PRECISION_MS = 60_000;

async function authenticateApiKey(db: Kysely<Database>, tokens: SessionTokens, key: string): Promise<ApiKeyAuth> {
  const issuerId = await apiKeyIssuer(tokens, key);
  if (issuerId === null) throw invalidToken();
  const apiKey = await findActiveApiKey(db, issuerId, hashApiKey(key));
  if (!apiKey || !isProfileId(apiKey.level)) throw invalidToken();
  const issuer = await getIssuer(db, issuerId);
  // "last used" to the minute: a busy integration does not write on every call
  const lastUsed = apiKey.last_used_at ? Date.parse(apiKey.last_used_at) : 0;
  if (Date.now() - lastUsed > LAST_USED_PRECISION_MS) {
    await touchApiKey(db, apiKey.id, nowIso());
  }
  return { kind: 'apikey', apiKey, issuer, profileId: effectiveProfile(apiKey.level, issuer.is_blocked === 1) };
}

export async function authenticate(db: Kysely<Database>, tokens: SessionTokens, token: string): Promise<SessionAuth> {
  const result = await tokens.verify(token);
  if ('error' in result) {
    throw result.error === 'expired' ? new AppError(401, 'TOKEN_EXPIRED', 'jwt expired') : invalidToken();
  }
  const { claims } = result;
  if (await isTokenRevoked(db, claims.jti)) throw invalidToken();
  const user = await findIssuerUser(db, claims.iid, claims.uid);
  if (!user || !isProfileId(user.profile_id)) throw invalidToken();
  const issuer = await getIssuer(db, user.issuer_id);
  return {
    kind: 'session',
    claims,
    user,
    issuer,
    profileId: effectiveProfile(user.profile_id, issuer.is_blocked === 1),
  };
}

/** Every route under /api is guarded unless it says otherwise; rights come from domain/permissions. */
export function registerGuard(app: FastifyInstance, db: Kysely<Database>, tokens: SessionTokens): void {
  app.decorateRequest('auth', null);
  // a callback hook, so that a public request (a certificate's page, the web app's files) makes no promise here
  app.addHook('onRequest', (request, _reply, done) => {
    const config = request.routeOptions.config;
    const mode: AuthMode = config?.auth ?? (request.url.startsWith('/api/') ? 'user' : 'public');
    if (mode === 'public') {
      done();
      return;
    }
    guard(request, mode, config?.access).then(() => done(), done);
  });

  async function guard(request: FastifyRequest, mode: AuthMode, access: AccessRequest | undefined): Promise<void> {
    const token = bearerToken(request);
    if (!token) throw missingToken();
    const auth = isApiKeyFormat(token)
      ? await authenticateApiKey(db, tokens, token)
      : await authenticate(db, tokens, token);
    if (mode === 'user' && auth.kind === 'session' && auth.claims.authLevel !== AUTH_LEVEL.complete) {
      throw new AppError(401, 'SECOND_FACTOR_REQUIRED', 'The second factor is required');
    }
    if (mode === 'pending' && auth.kind !== 'session') throw unauthorized();
    if (access && !canAccess(auth.profileId, access)) throw unauthorized();
    request.auth = auth;
  }
}

/** The signed-in context of a guarded route (the guard has already refused anyone else). */
export function authOf(request: FastifyRequest): RequestAuth {
  if (!request.auth) throw missingToken();
  return request.auth;
}

/** The signed-in person, for the calls that only make sense for one (their session, their second factor). */
export function sessionOf(request: FastifyRequest): SessionAuth {
  const auth = authOf(request);
  if (auth.kind !== 'session') throw unauthorized();
  return auth;
}
