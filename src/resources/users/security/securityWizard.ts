/**
 * The second-factor wizard of spec 000 section 2.8: step 0 start, 1 show the secret, 2 verify a code,
 * -1 enabled. A wrong code keeps the user on step 2 with an error to retry.
 */
export type WizardStep = 0 | 1 | 2 | -1;

export interface WizardState {
  step: WizardStep;
  secret: string | null;
  error: 'wrong_code' | 'generic' | null;
  pending: boolean;
}

export type WizardEvent =
  | { type: 'start'; secret: string }
  | { type: 'continue' }
  | { type: 'back' }
  | { type: 'verify' }
  | { type: 'verified' }
  | { type: 'failed'; error: 'wrong_code' | 'generic' }
  | { type: 'reset' };

export const initialWizard: WizardState = { step: 0, secret: null, error: null, pending: false };

export function wizardReducer(state: WizardState, event: WizardEvent): WizardState {
  switch (event.type) {
    case 'start':
      return { step: 1, secret: event.secret, error: null, pending: false };
    case 'continue':
      return state.step === 1 ? { ...state, step: 2, error: null } : state;
    case 'back':
      return state.step === 2 ? { ...state, step: 1, error: null } : state;
    case 'verify':
      return state.step === 2 ? { ...state, pending: true, error: null } : state;
    case 'verified':
      return { step: -1, secret: null, error: null, pending: false };
    case 'failed':
      return { ...state, pending: false, error: event.error };
    case 'reset':
      return initialWizard;
  }
}

/** The secret shown in groups of four, as authenticator apps print it. */
export function groupSecret(secret: string): string {
  return (
    secret
      .replace(/=+$/, '')
      .match(/.{1,4}/g)
      ?.join(' ') ?? secret
  );
}
