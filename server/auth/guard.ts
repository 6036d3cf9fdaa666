import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { AUTH_LEVEL, type TokenClaims } from '../../domain/auth';
import { AUTH_MESSAGES, canAccess, type AccessRequest } from '../../domain/permissions';
import { effectiveProfile, isProfileId, type ProfileId } from '../../domain/roles';
import type { Database, Issuer, User } from '../db/schema';
import { AppError } from '../errors';
import { isTokenRevoked } from '../repositories/tokens';
import type { SessionTokens } from './sessionTokens';

/**
 * Who may call a route: 'public' anyone; 'pending' a signed-in user whose second factor may still be pending;
 * 'user' (the default under /api) a fully signed-in user.
 */
export type AuthMode = 'public' | 'pending' | 'user';

export interface AuthContext {
  claims: TokenClaims;
  user: User;
  issuer: Issuer;
  /** the profile the rules apply to: Reader while the issuer is blocked */
  profileId: ProfileId;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
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

export async function authenticate(db: Kysely<Database>, tokens: SessionTokens, token: string): Promise<AuthContext> {
  const result = await tokens.verify(token);
  if ('error' in result) {
    throw result.error === 'expired' ? new AppError(401, 'TOKEN_EXPIRED', 'jwt expired') : invalidToken();
  }
  const { claims } = result;
  if (await isTokenRevoked(db, claims.jti)) throw invalidToken();
  const user = await db
    .selectFrom('users')
    .selectAll()
    .where('id', '=', claims.uid)
    .where('issuer_id', '=', claims.iid)
    .executeTakeFirst();
  if (!user || !isProfileId(user.profile_id)) throw invalidToken();
  const issuer = await db.selectFrom('issuers').selectAll().where('id', '=', user.issuer_id).executeTakeFirstOrThrow();
  return { claims, user, issuer, profileId: effectiveProfile(user.profile_id, issuer.is_blocked === 1) };
}

/** Every route under /api is guarded unless it says otherwise; rights come from domain/permissions. */
export function registerGuard(app: FastifyInstance, db: Kysely<Database>, tokens: SessionTokens): void {
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request) => {
    const config = request.routeOptions.config;
    const mode: AuthMode = config?.auth ?? (request.url.startsWith('/api/') ? 'user' : 'public');
    if (mode === 'public') return;
    const token = bearerToken(request);
    if (!token) throw missingToken();
    const auth = await authenticate(db, tokens, token);
    if (mode === 'user' && auth.claims.authLevel !== AUTH_LEVEL.complete) {
      throw new AppError(401, 'SECOND_FACTOR_REQUIRED', 'The second factor is required');
    }
    if (config?.access && !canAccess(auth.profileId, config.access)) throw unauthorized();
    request.auth = auth;
  });
}

/** The signed-in context of a guarded route (the guard has already refused anyone else). */
export function authOf(request: FastifyRequest): AuthContext {
  if (!request.auth) throw missingToken();
  return request.auth;
}
