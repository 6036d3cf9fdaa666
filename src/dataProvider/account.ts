import type { Account } from '../../domain/account';
import type { TermsUpdate } from '../../domain/terms';
import { apiFetch } from './httpClient';

/** The account of My plan and onboarding (spec 000 sections 2.14, 3 and 4): plan, usage, terms, questionnaire. */
export const accountMethods = {
  /** GET /api/issuer/{id}/account */
  getAccount: async (issuerId: number) => (await apiFetch<Account>(`/api/issuer/${issuerId}/account`)).body,
  /** POST /api/onboarding/answers: the welcome questionnaire's answers */
  saveOnboardingAnswers: async (answers: Record<string, unknown>) => {
    await apiFetch('/api/onboarding/answers', { method: 'POST', json: answers });
  },
  /** PATCH /api/issuer/{id}/account/onboard: the questionnaire is done; answers the account */
  markOnboarded: async (issuerId: number) =>
    (await apiFetch<Account>(`/api/issuer/${issuerId}/account/onboard`, { method: 'PATCH' })).body,
  /** PUT /api/admin/terms: the terms of service and the data-protection notice accepted */
  acceptTerms: async (update: TermsUpdate) => {
    await apiFetch('/api/admin/terms', { method: 'PUT', json: update });
  },
};
