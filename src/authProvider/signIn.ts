import { apiRequest } from '../dataProvider/apiRequest';

/**
 * The sign-in calls of spec 000 section 4, made before a session exists (or while its second factor is pending),
 * so they belong to the auth side rather than to the data provider. Each answers the server's session token, which
 * the pages hand to react-admin's login().
 */
export const signInCalls = {
  /** POST /api/admin/login: a link is mailed (200), or the issuer signs in elsewhere (302 with redirectUrl). */
  async requestLink(query: { email: string; lang: string; issuerId?: string }): Promise<{ redirectUrl?: string }> {
    const { status, body } = await apiRequest('/api/admin/login', 'post', {
      query: {
        email: query.email,
        lang: query.lang,
        ...(query.issuerId ? { issuer_id: Number(query.issuerId) } : {}),
      },
      token: null,
    });
    return status === 302 && body && 'redirectUrl' in body && body.redirectUrl ? { redirectUrl: body.redirectUrl } : {};
  },
  /** POST /api/admin/login/token: the mailed link's secret for a session token. */
  async exchangeLink(secret: string): Promise<string> {
    const { body } = await apiRequest('/api/admin/login/token', 'post', { json: { token: secret }, token: null });
    return body.token;
  },
  /** POST /api/admin/sso: the identity provider's id_token for a session token. */
  async exchangeSso(idToken: string): Promise<string> {
    const { body } = await apiRequest('/api/admin/sso', 'post', { json: { id_token: idToken }, token: null });
    return body.token;
  },
  /** POST /api/admin/user/totp: the second factor's code completes the pending session. */
  async verifySecondFactor(code: string): Promise<string> {
    const { body } = await apiRequest('/api/admin/user/totp', 'post', { query: { totp: code } });
    return body.token;
  },
};
