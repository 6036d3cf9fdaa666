import { afterEach, describe, expect, it, vi } from 'vitest';
import { HttpError } from 'react-admin';
import { AUTH_LEVEL, AUTH_TOKEN_STORAGE_KEY } from '../../domain/auth';
import { authProvider, isPublicPage, loadCurrentUser } from './authProvider';

function tokenWith(authLevel: number): string {
  const payload = { authenticated: true, authLevel, sub: 'a@example.org', uid: 1, iid: 1, roles: [], iat: 0 };
  const body = btoa(JSON.stringify({ ...payload, exp: Math.floor(Date.now() / 1000) + 600 }));
  return `e30.${body.replace(/=+$/, '')}.sig`;
}

describe('the auth provider on public pages', () => {
  afterEach(() => window.history.replaceState(null, '', '/'));

  it('leaves a visitor of the verify page where they are when a call is refused for want of a session', async () => {
    window.history.replaceState(null, '', '/verify');
    await expect(authProvider.checkError(new HttpError('Unable to retrieve token', 401))).resolves.toBeUndefined();
  });

  it('still sends a signed-in page to the login screen when its session is refused', async () => {
    window.history.replaceState(null, '', '/templates');
    await expect(authProvider.checkError(new HttpError('Unable to retrieve token', 401))).rejects.toMatchObject({
      redirectTo: '/login',
    });
  });

  it('names the public pages', () => {
    expect(['/verify', '/nft/claim', '/login', '/templates'].map(isPublicPage)).toEqual([true, true, false, false]);
  });
});

describe('the auth provider between the sign-in link and the second factor', () => {
  afterEach(() => {
    localStorage.clear();
    vi.unstubAllGlobals();
  });

  it('answers no permissions without asking the server, and keeps the pending session for the prompt', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    localStorage.setItem(AUTH_TOKEN_STORAGE_KEY, tokenWith(AUTH_LEVEL.secondFactorPending));
    await expect(authProvider.getPermissions?.({})).resolves.toBeNull();
    await expect(loadCurrentUser()).rejects.toMatchObject({ status: 401 });
    expect(fetch).not.toHaveBeenCalled();
    expect(localStorage.getItem(AUTH_TOKEN_STORAGE_KEY)).not.toBeNull();
  });
});
