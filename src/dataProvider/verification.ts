import { apiRequest, apiUpload, type ApiBody, type ApiResult } from './apiRequest';

/** What POST /api/verify checks, sent as JSON: a link, a key or a pasted credential (a file goes as FormData). */
export type VerifyBody = NonNullable<ApiBody<'/api/verify', 'post'>>;
/** The verdict of each check and what the credential says (domain/credentialVerification.ts's VerificationReport). */
export type VerificationAnswer = ApiResult<'/api/verify', 'post'>;

export const verificationMethods = {
  /** POST /api/verify (public, sent without the session): a link, a key, a pasted credential or a file. */
  verifyCredential: async (request: VerifyBody | FormData): Promise<VerificationAnswer> =>
    (request instanceof FormData
      ? await apiUpload('/api/verify', 'post', request, { token: null })
      : await apiRequest('/api/verify', 'post', { json: request, token: null })
    ).body,
};
