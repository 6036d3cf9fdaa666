import { createRemoteJWKSet, decodeJwt, jwtVerify, type JWTVerifyGetKey } from 'jose';
import { z } from 'zod';

/** The identity provider an issuer signs its users in with (OpenID Connect, implicit flow with an id_token). */
export const ssoConfigSchema = z.object({
  /** the provider's `iss` value */
  issuer: z.string().url(),
  clientId: z.string().min(1),
  jwksUri: z.string().url(),
  authorizationEndpoint: z.string().url(),
});
export type SsoConfig = z.infer<typeof ssoConfigSchema>;

export function parseSsoConfig(raw: string | null): SsoConfig | null {
  if (!raw) return null;
  const parsed = ssoConfigSchema.safeParse(JSON.parse(raw));
  return parsed.success ? parsed.data : null;
}

const keySets = new Map<string, JWTVerifyGetKey>();

function keySetFor(jwksUri: string): JWTVerifyGetKey {
  let keySet = keySets.get(jwksUri);
  if (!keySet) {
    keySet = createRemoteJWKSet(new URL(jwksUri), { timeoutDuration: 5000, cooldownDuration: 30_000 });
    keySets.set(jwksUri, keySet);
  }
  return keySet;
}

/** The `iss` an id_token claims, read before verification only to choose which provider verifies it. */
export function claimedIssuer(idToken: string): string | null {
  try {
    const iss = decodeJwt(idToken).iss;
    return typeof iss === 'string' ? iss : null;
  } catch {
    return null;
  }
}

export interface VerifiedIdToken {
  email: string;
  nonce: string | null;
}

/** Verifies signature, issuer, audience and expiry against the provider's published keys. */
export async function verifyIdToken(idToken: string, config: SsoConfig): Promise<VerifiedIdToken | null> {
  try {
    const { payload } = await jwtVerify(idToken, keySetFor(config.jwksUri), {
      issuer: config.issuer,
      audience: config.clientId,
      requiredClaims: ['exp', 'iat'],
    });
    if (typeof payload.email !== 'string' || payload.email_verified === false) return null;
    return { email: payload.email, nonce: typeof payload.nonce === 'string' ? payload.nonce : null };
  } catch {
    return null;
  }
}

export function authorizationUrl(
  config: SsoConfig,
  options: { redirectUri: string; nonce: string; loginHint: string },
): string {
  const url = new URL(config.authorizationEndpoint);
  url.searchParams.set('client_id', config.clientId);
  url.searchParams.set('response_type', 'id_token');
  url.searchParams.set('response_mode', 'fragment');
  url.searchParams.set('scope', 'openid email');
  url.searchParams.set('redirect_uri', options.redirectUri);
  url.searchParams.set('nonce', options.nonce);
  url.searchParams.set('login_hint', options.loginHint);
  return url.toString();
}
