import { describe, expect, it } from 'vitest';
import { isTokenExpired, readTokenClaims } from './auth';

function fakeToken(claims: object): string {
  const encode = (value: object) =>
    btoa(String.fromCharCode(...new TextEncoder().encode(JSON.stringify(value))))
      .replace(/=+$/, '')
      .replace(/\+/g, '-')
      .replace(/\//g, '_');
  return `${encode({ alg: 'HS256' })}.${encode(claims)}.signature`;
}

describe('token claims', () => {
  it('reads the claims of a token, accents included', () => {
    const claims = readTokenClaims(fakeToken({ sub: 'élodie@example.org', authLevel: 2, exp: 10 }));
    expect(claims).toMatchObject({ authLevel: 2, exp: 10 });
  });

  it('returns null for anything that is not a token', () => {
    expect(readTokenClaims('nonsense')).toBeNull();
    expect(readTokenClaims('a.b.c')).toBeNull();
  });

  it('says when a token has expired', () => {
    expect(isTokenExpired({ exp: 100 }, 99_000)).toBe(false);
    expect(isTokenExpired({ exp: 100 }, 100_000)).toBe(true);
  });
});
