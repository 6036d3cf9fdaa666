import type { VerificationReport } from '../../domain/credentialVerification';
import type { VerifyRequest } from '../custom-pages/verify/verifyState';
import { apiFetch } from './httpClient';

export const verificationMethods = {
  /** POST /api/verify (public, sent without the session): a link, a key, a pasted credential or a file. */
  verifyCredential: async (request: VerifyRequest | FormData) =>
    (
      await apiFetch<VerificationReport>('/api/verify', {
        method: 'POST',
        token: null,
        ...(request instanceof FormData ? { body: request } : { json: request }),
      })
    ).body,
};
