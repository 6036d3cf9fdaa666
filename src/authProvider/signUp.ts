import { apiRequest, type ApiBody } from '../dataProvider/apiRequest';

/** Self-service sign-up (issue 18): calls made before any session exists, beside the sign-in calls. */
export const signUpCalls = {
  /** GET /api/admin/signup: whether the login page offers a free trial */
  async status(): Promise<{ enabled: boolean }> {
    return (await apiRequest('/api/admin/signup', 'get', { token: null })).body;
  },
  /** POST /api/admin/signup: mails the link that creates the organisation (the same answer for every address) */
  async request(body: ApiBody<'/api/admin/signup', 'post'>): Promise<void> {
    await apiRequest('/api/admin/signup', 'post', { json: body, token: null });
  },
};
