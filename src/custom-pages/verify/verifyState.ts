import {
  CERTIFICATE_KEY_INPUT,
  VERIFY_ERROR_CODES,
  type VerificationReport,
  type VerifyErrorCode,
} from '../../../domain/credentialVerification';

/** What the page sends for what was pasted: an address, a key, or a credential pasted as JSON. */
export type VerifyRequest = { url: string } | { key: string } | { credential: Record<string, unknown> };

export function requestFor(pasted: string): VerifyRequest | null {
  const text = pasted.trim();
  if (/^https?:\/\//i.test(text)) return { url: text };
  if (CERTIFICATE_KEY_INPUT.test(text)) return { key: text };
  if (text.startsWith('{')) {
    try {
      const value = JSON.parse(text) as unknown;
      if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
        return { credential: value as Record<string, unknown> };
      }
    } catch {
      return null;
    }
  }
  return null;
}

/** Why a verification could not run: one of the server's codes, an input we do not read, or anything else. */
export type VerifyError = VerifyErrorCode | 'invalid_input' | 'network' | 'generic';

export function verifyErrorFor(code: string | undefined): VerifyError {
  return (VERIFY_ERROR_CODES as readonly string[]).includes(code ?? '') ? (code as VerifyErrorCode) : 'generic';
}

/** The page's states: nothing asked yet, a check running, its report, or why it could not run. */
export type VerifyState =
  | { status: 'idle' }
  | { status: 'checking'; source: string }
  | { status: 'done'; source: string; report: VerificationReport }
  | { status: 'error'; error: VerifyError };

export type VerifyAction =
  | { type: 'start'; source: string }
  | { type: 'report'; report: VerificationReport }
  | { type: 'failed'; error: VerifyError }
  | { type: 'reset' };

export const initialVerifyState: VerifyState = { status: 'idle' };

export function verifyReducer(state: VerifyState, action: VerifyAction): VerifyState {
  switch (action.type) {
    case 'start':
      return { status: 'checking', source: action.source };
    case 'report':
      return state.status === 'checking' ? { status: 'done', source: state.source, report: action.report } : state;
    case 'failed':
      return { status: 'error', error: action.error };
    case 'reset':
      return initialVerifyState;
  }
}
