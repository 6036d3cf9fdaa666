import { afterEach, describe, expect, it } from 'vitest';
import { HttpError } from 'react-admin';
import { authProvider, isPublicPage } from './authProvider';

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
