import { apiLanguage, apiRequest, type ApiBody, type ApiResult, type WithLocale } from './apiRequest';

/** The account as GET /api/issuer/{id}/account answers it (domain/account.ts's Account, from the route's schema). */
export type AccountAnswer = ApiResult<'/api/issuer/{id}/account', 'get'>;
/** The welcome questionnaire's answers in the language they were given in. */
export type OnboardingAnswersBody = WithLocale<ApiBody<'/api/onboarding/answers', 'post'>>;
/** The acceptances of the terms of service and of the data-protection notice. */
export type TermsAcceptance = ApiBody<'/api/admin/terms', 'put'>;

/** The account of My plan and onboarding (spec 000 sections 2.14, 3 and 4): plan, usage, terms, questionnaire. */
export const accountMethods = {
  /** GET /api/issuer/{id}/account */
  getAccount: async (issuerId: number) =>
    (await apiRequest('/api/issuer/{id}/account', 'get', { path: { id: issuerId } })).body,
  /** POST /api/onboarding/answers: the welcome questionnaire's answers */
  saveOnboardingAnswers: async (body: OnboardingAnswersBody) => {
    await apiRequest('/api/onboarding/answers', 'post', { json: { ...body, language: apiLanguage(body.language) } });
  },
  /** PATCH /api/issuer/{id}/account/onboard: the questionnaire is done; answers the account */
  markOnboarded: async (issuerId: number) =>
    (await apiRequest('/api/issuer/{id}/account/onboard', 'patch', { path: { id: issuerId } })).body,
  /** PUT /api/admin/terms: the terms of service and the data-protection notice accepted; answers both acceptances */
  acceptTerms: async (update: TermsAcceptance) => (await apiRequest('/api/admin/terms', 'put', { json: update })).body,
};
