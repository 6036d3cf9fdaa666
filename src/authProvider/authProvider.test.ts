import { describe, expect, it } from 'vitest';
import { authProvider } from './authProvider';

describe('the auth provider for a visitor without a session', () => {
  it('gives no permissions rather than a refusal, so a public page is not sent to the login screen', async () => {
    localStorage.clear();
    await expect(authProvider.getPermissions?.({})).resolves.toBeNull();
    // the signed-in pages are still refused to them
    await expect(authProvider.checkAuth({})).rejects.toMatchObject({ redirectTo: '/login' });
  });
});
