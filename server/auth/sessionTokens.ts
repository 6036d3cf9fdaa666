import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';
import type { Kysely } from 'kysely';
import { AUTH_LEVEL, type AuthLevel, type TokenClaims } from '../../domain/auth';
import { roleClaim, type ProfileId } from '../../domain/roles';
import type { Database } from '../db/schema';
import { getOrCreateSetting } from '../repositories/settings';

export interface SessionSubject {
  userId: number;
  issuerId: number;
  email: string;
  profileId: ProfileId;
}

/** Signs and reads the HS256 session tokens; the secret is shared by every server through config or the database. */
export class SessionTokens {
  private constructor(
    private readonly secret: Uint8Array,
    private readonly tokenIssuer: string,
    private readonly ttlSeconds: number,
  ) {}

  static async create(options: {
    db: Kysely<Database>;
    configuredSecret: string | null;
    tokenIssuer: string;
    ttlSeconds: number;
  }): Promise<SessionTokens> {
    const secret =
      options.configuredSecret ??
      (await getOrCreateSetting(options.db, 'jwt_secret', () => randomBytes(48).toString('base64url')));
    return new SessionTokens(new TextEncoder().encode(secret), options.tokenIssuer, options.ttlSeconds);
  }

  async sign(subject: SessionSubject, authLevel: AuthLevel): Promise<string> {
    return new SignJWT({
      authenticated: authLevel === AUTH_LEVEL.complete,
      authLevel,
      uid: subject.userId,
      iid: subject.issuerId,
      roles: [roleClaim(subject.profileId)],
    })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(subject.email)
      .setIssuer(this.tokenIssuer)
      .setIssuedAt()
      .setExpirationTime(`${this.ttlSeconds}s`)
      .setJti(randomUUID())
      .sign(this.secret);
  }

  /** Short-lived signed values of our own (SSO nonces) use the same secret with a distinct purpose claim. */
  async signPurpose(purpose: string, ttlSeconds: number | null, claims: Record<string, unknown> = {}): Promise<string> {
    const jwt = new SignJWT({ ...claims, purpose })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer(this.tokenIssuer)
      .setIssuedAt();
    if (ttlSeconds !== null) jwt.setExpirationTime(`${ttlSeconds}s`);
    return jwt.sign(this.secret);
  }

  /** A key of its own for another use of the secret (HMAC-SHA256 of the purpose), so neither use can stand for the other. */
  derivedKey(purpose: string): Uint8Array {
    return createHmac('sha256', this.secret).update(purpose).digest();
  }

  async verifyPurpose(token: string, purpose: string): Promise<Record<string, unknown> | null> {
    try {
      const { payload } = await jwtVerify(token, this.secret, { issuer: this.tokenIssuer, algorithms: ['HS256'] });
      return payload.purpose === purpose ? payload : null;
    } catch {
      return null;
    }
  }

  /** The token's claims, or the reason it is refused ('expired' or 'invalid'). */
  async verify(token: string): Promise<{ claims: TokenClaims } | { error: 'expired' | 'invalid' }> {
    try {
      const { payload } = await jwtVerify(token, this.secret, {
        issuer: this.tokenIssuer,
        algorithms: ['HS256'],
        requiredClaims: ['sub', 'exp', 'jti'],
      });
      const claims = payload as unknown as TokenClaims;
      if (typeof claims.uid !== 'number' || typeof claims.iid !== 'number' || !Array.isArray(claims.roles)) {
        return { error: 'invalid' };
      }
      if (claims.authLevel !== AUTH_LEVEL.complete && claims.authLevel !== AUTH_LEVEL.secondFactorPending) {
        return { error: 'invalid' };
      }
      return { claims };
    } catch (error) {
      return { error: error instanceof errors.JWTExpired ? 'expired' : 'invalid' };
    }
  }
}
