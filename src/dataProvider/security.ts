import { apiRequest } from './apiRequest';

/** Two-step verification (spec 000 sections 2.3 and 7): a user's own, or an Administrator turning a user's off. */
export const securityMethods = {
  /** PUT /api/admin/user/totp: the new secret, confirmed by a first code */
  enableSecondFactor: async (userId: number, secret: string, code: string) => {
    await apiRequest('/api/admin/user/totp', 'put', { json: { id: userId, key: secret, totp: code } });
  },
  /** DELETE /api/admin/user/totp?id= */
  disableSecondFactor: async (userId: number) => {
    await apiRequest('/api/admin/user/totp', 'delete', { query: { id: userId } });
  },
};
