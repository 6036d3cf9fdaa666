import type { UserRow } from './users';

/** authLevel claim: 1 while the second factor is pending, 2 once the session is complete. */
export const AUTH_LEVEL = {
  secondFactorPending: 1,
  complete: 2,
} as const;
export type AuthLevel = (typeof AUTH_LEVEL)[keyof typeof AUTH_LEVEL];

/** The claims of our session token (spec 000 section 3). */
export interface TokenClaims {
  authenticated: boolean;
  authLevel: AuthLevel;
  /** the user's email */
  sub: string;
  uid: number;
  iid: number;
  /** ROLE_-prefixed profile names */
  roles: string[];
  /** expiry, seconds since the epoch */
  exp: number;
  iat: number;
  /** issuer of the token */
  iss: string;
  jti: string;
}

/** Token validity check every 30 s; retry after 5 s; login waits 2 s after a failure (spec 000 section 9). */
export const TOKEN_CHECK_INTERVAL_MS = 30_000;
export const RETRY_DELAY_MS = 5_000;
export const LOGIN_FAILURE_WAIT_MS = 2_000;

export const AUTH_TOKEN_STORAGE_KEY = 'auth_token';

/**
 * GET /api/admin/who called with an API key: the key is the caller, not a person, so the answer names the key,
 * its level and its issuer (what an integrator needs for the issuer-scoped calls) and no user fields.
 */
export interface CurrentApiKey {
  kind: 'apikey';
  keyId: number;
  profile: string;
  profileId: number;
  issuerId: number;
  issuerName: string;
  plan: string;
  credits: number;
}

/** The current user as GET /api/admin/who answers it (spec 000 section 3, User): a user row and more. */
export interface CurrentUser extends UserRow {
  okCGU: boolean;
  okNotice: boolean;
  timezone: string;
  issuerId: number;
  issuerName: string;
  isValidator: boolean;
  sso: boolean;
  provider: string;
  verified: boolean;
  /** the account verification form was sent (spec 000 section 2.12) */
  verificationSubmitted: boolean;
  params: { tracking: boolean; hasCustomDesign: boolean; canEditTables: boolean };
  metatemplates: { Type: string }[];
  /** the issuer's pathway entitlement (spec 001 section 6: pathway features need it) */
  hasPathway: boolean;
  /** the issuer has a register contract id, so its registry templates take the account's ids */
  hasRegistryContract: boolean;
  credits: number;
  plan: string;
  noTotpAlertDisabled: boolean;
  notVerifiedAlertDisabled: boolean;
  /** what the server is set up with, as the web app needs it (GET /api/admin/who adds it) */
  server?: ServerFacts;
}

export interface ServerFacts {
  /** smtp: mails are sent; outbox: no SMTP server is set, mails are kept in the outbox table and not sent */
  mailDelivery: 'smtp' | 'outbox';
  /** the knowledge base the help links to (HELP_URL); null for the built-in guide */
  helpUrl: string | null;
}

/** Reads the claims of a JWT without checking its signature (the web app's local validity check). */
export function readTokenClaims(token: string): TokenClaims | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  try {
    const base64 = parts[1].replace(/-/g, '+').replace(/_/g, '/');
    const json = decodeURIComponent(
      Array.from(atob(base64), (c) => '%' + c.charCodeAt(0).toString(16).padStart(2, '0')).join(''),
    );
    const claims = JSON.parse(json) as TokenClaims;
    return typeof claims === 'object' && claims !== null ? claims : null;
  } catch {
    return null;
  }
}

export function isTokenExpired(claims: Pick<TokenClaims, 'exp'>, nowMs = Date.now()): boolean {
  return typeof claims.exp !== 'number' || claims.exp * 1000 <= nowMs;
}
