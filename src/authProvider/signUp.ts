import { apiFetch } from '../dataProvider/httpClient';

/** Self-service sign-up (issue 18): calls made before any session exists, beside the sign-in calls. */
export const signUpCalls = {
  /** GET /api/admin/signup: whether the login page offers a free trial */
  async status(): Promise<{ enabled: boolean }> {
    return (await apiFetch<{ enabled: boolean }>('/api/admin/signup', { token: null })).body;
  },
  /** POST /api/admin/signup: mails the link that creates the organisation (the same answer for every address) */
  async request(body: { organisation: string; email: string; language: string }): Promise<void> {
    await apiFetch('/api/admin/signup', { method: 'POST', json: body, token: null });
  },
};
