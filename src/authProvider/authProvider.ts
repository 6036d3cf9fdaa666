import type { AuthProvider, UserIdentity } from 'react-admin';
import { HttpError } from 'react-admin';
import { AUTH_LEVEL, type CurrentUser } from '../../domain/auth';
import { canAccess, type Action, type Resource } from '../../domain/permissions';
import { apiRequest } from '../dataProvider/apiRequest';
import { NFT_CLAIM_PATH } from '../../domain/nftClaims';
import { VERIFY_PATH } from '../session/publicPages';
import { clearToken, currentClaims, readToken, storeToken } from '../session/tokenStorage';

export type Identity = UserIdentity & { user: CurrentUser };

let whoCache: { token: string; user: Promise<CurrentUser> } | null = null;

/**
 * The signed-in user of GET /api/admin/who. The call also answers an API key's identity (kind: 'apikey'); a key
 * is no session of this web app, so it is refused like a forbidden token.
 */
async function who(): Promise<CurrentUser> {
  const { body } = await apiRequest('/api/admin/who', 'get');
  if ('kind' in body) throw new HttpError('Not a user session', 403, { code: 'NOT_A_USER_SESSION' });
  return body;
}

/** GET /api/admin/who once per token; a 400 or 403 answer ends the session (spec 000 section 8). */
export function loadCurrentUser(): Promise<CurrentUser> {
  const token = readToken();
  if (!token) return Promise.reject(new HttpError('Unable to retrieve token', 401));
  // between the sign-in link and the second factor the server refuses `who`, and that refusal would end the
  // pending session under the prompt that is about to complete it
  if (secondFactorPending()) return Promise.reject(new HttpError('The second factor is required', 401));
  if (whoCache?.token !== token) {
    const user = who();
    user.catch((error: unknown) => {
      if (whoCache?.user === user) whoCache = null;
      if (error instanceof HttpError && [400, 401, 403].includes(error.status)) clearToken();
    });
    whoCache = { token, user };
  }
  return whoCache.user;
}

export function forgetCurrentUser(): void {
  whoCache = null;
}

function secondFactorPending(): boolean {
  return currentClaims()?.authLevel === AUTH_LEVEL.secondFactorPending;
}

/** The pages anyone opens without signing in, outside the layout. */
export function isPublicPage(pathname: string): boolean {
  return pathname === VERIFY_PATH || pathname === NFT_CLAIM_PATH;
}

export const authProvider: AuthProvider = {
  /** Stores a session token obtained from a sign-in link, single sign-on or the second factor. */
  async login({ token }: { token: string }) {
    storeToken(token);
    forgetCurrentUser();
    const level = currentClaims()?.authLevel;
    return { redirectTo: level === AUTH_LEVEL.complete ? '/templates' : '/login' };
  },

  async logout() {
    const token = readToken();
    clearToken();
    forgetCurrentUser();
    if (token) {
      await apiRequest('/api/admin/logout', 'post', { token }).catch(() => undefined);
    }
    return '/login';
  },

  /** Local validity check (spec 000 section 4): a complete session with an unexpired token. */
  async checkAuth() {
    const claims = currentClaims();
    if (!claims || claims.authLevel !== AUTH_LEVEL.complete) {
      if (!claims) clearToken();
      throw { redirectTo: '/login', message: false };
    }
  },

  async checkError(error: unknown) {
    const status = (error as { status?: number })?.status;
    // <Admin> asks for the permissions on every page: a visitor's refusal on a public page (verify, NFT claim) logged
    // them out to the login screen once react-query's retries were over, seven seconds after the page opened
    if (status === 401 && isPublicPage(window.location.pathname)) return;
    if (status === 401) {
      clearToken();
      forgetCurrentUser();
      throw { redirectTo: '/login', message: false };
    }
  },

  async getIdentity(): Promise<Identity> {
    const user = await loadCurrentUser();
    return { id: user.id, fullName: `${user.firstName} ${user.lastName}`.trim() || user.email, user };
  },

  /**
   * <Admin> asks on every page, the login screen included: a person whose second factor is pending has no rights
   * yet, which is no error (an error would go through checkError and end the pending session).
   */
  async getPermissions() {
    if (secondFactorPending()) return null;
    return (await loadCurrentUser()).profileId;
  },

  async canAccess({ resource, action }: { resource: string; action: string }) {
    const user = await loadCurrentUser();
    // the admin area's resources are named admin/users, admin/org-units… after their routes
    const area = resource.replace(/^admin\//, '') as Resource;
    return canAccess(user.profileId, { resource: area, action: action as Action });
  },
};
