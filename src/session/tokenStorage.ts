import { AUTH_TOKEN_STORAGE_KEY, isTokenExpired, readTokenClaims, type TokenClaims } from '../../domain/auth';

export function readToken(): string | null {
  return localStorage.getItem(AUTH_TOKEN_STORAGE_KEY);
}

export function storeToken(token: string): void {
  localStorage.setItem(AUTH_TOKEN_STORAGE_KEY, token);
}

export function clearToken(): void {
  localStorage.removeItem(AUTH_TOKEN_STORAGE_KEY);
}

/** The stored token's claims when it is still within its validity, else null. */
export function currentClaims(now = Date.now()): TokenClaims | null {
  const token = readToken();
  const claims = token ? readTokenClaims(token) : null;
  if (!claims || isTokenExpired(claims, now)) return null;
  return claims;
}
