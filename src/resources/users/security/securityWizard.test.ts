import { describe, expect, it } from 'vitest';
import { groupSecret, initialWizard, wizardReducer, type WizardState } from './securityWizard';

describe('second-factor wizard', () => {
  it('runs through steps 0, 1, 2 and ends at -1', () => {
    let state: WizardState = initialWizard;
    state = wizardReducer(state, { type: 'start', secret: 'ABCD' });
    expect(state).toMatchObject({ step: 1, secret: 'ABCD' });
    state = wizardReducer(state, { type: 'continue' });
    expect(state.step).toBe(2);
    state = wizardReducer(state, { type: 'verify' });
    expect(state.pending).toBe(true);
    state = wizardReducer(state, { type: 'verified' });
    expect(state).toEqual({ step: -1, secret: null, error: null, pending: false });
  });

  it('stays on step 2 with an error after a wrong code, ready to retry', () => {
    const verifying: WizardState = { step: 2, secret: 'ABCD', error: null, pending: true };
    const failed = wizardReducer(verifying, { type: 'failed', error: 'wrong_code' });
    expect(failed).toEqual({ step: 2, secret: 'ABCD', error: 'wrong_code', pending: false });
    expect(wizardReducer(failed, { type: 'verify' })).toMatchObject({ pending: true, error: null });
  });

  it('groups the secret by four', () => {
    expect(groupSecret('ABCDEFGHIJ')).toBe('ABCD EFGH IJ');
  });
});
