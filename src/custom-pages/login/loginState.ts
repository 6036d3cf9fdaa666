/**
 * The login screen's states (spec 000 section 2.4): idle, pending, ok (a link was sent), an error, or the
 * issuer choice when the address belongs to several issuers. After a failure the screen waits before a retry.
 */
export type LoginError = 'invalid_email' | 'wrong_address' | 'too_many' | 'network' | 'generic';

export type LoginState =
  | { status: 'idle' }
  | { status: 'pending' }
  | { status: 'ok'; email: string }
  | { status: 'choose_issuer'; issuers: Record<string, string> }
  | { status: 'redirecting' }
  | { status: 'error'; error: LoginError; waiting: boolean };

export type LoginEvent =
  | { type: 'submit' }
  | { type: 'invalid_email' }
  | { type: 'sent'; email: string }
  | { type: 'choose_issuer'; issuers: Record<string, string> }
  | { type: 'sso' }
  | { type: 'failed'; error: LoginError }
  | { type: 'wait_over' }
  | { type: 'reset' };

export const initialLoginState: LoginState = { status: 'idle' };

export function loginReducer(state: LoginState, event: LoginEvent): LoginState {
  switch (event.type) {
    case 'submit':
      return state.status === 'pending' || isWaiting(state) ? state : { status: 'pending' };
    case 'invalid_email':
      return { status: 'error', error: 'invalid_email', waiting: false };
    case 'sent':
      return { status: 'ok', email: event.email };
    case 'choose_issuer':
      return { status: 'choose_issuer', issuers: event.issuers };
    case 'sso':
      return { status: 'redirecting' };
    case 'failed':
      return { status: 'error', error: event.error, waiting: true };
    case 'wait_over':
      return state.status === 'error' ? { ...state, waiting: false } : state;
    case 'reset':
      return initialLoginState;
  }
}

export function isWaiting(state: LoginState): boolean {
  return state.status === 'error' && state.waiting;
}

/** Which error a failed admin/login call means: 404 wrong address, 429 too many, no answer network. */
export function loginErrorFor(status: number | undefined): LoginError {
  if (status === undefined) return 'network';
  if (status === 404) return 'wrong_address';
  if (status === 429) return 'too_many';
  if (status === 400) return 'invalid_email';
  return 'generic';
}
