import { describe, expect, it } from 'vitest';
import { blocksPublishing, controlStep } from './publishFlow';

describe('the publish controls', () => {
  it('stop on credits first, then on rows too long, then ask for the check word', () => {
    expect(controlStep({ needed: 5, credits: 4, tooLong: [2], tooLongAccepted: false })).toEqual({
      step: 'not_enough_credits',
      needed: 5,
      current: 4,
      fromServer: false,
    });
    expect(controlStep({ needed: 5, credits: 5, tooLong: [2], tooLongAccepted: false })).toEqual({
      step: 'too_long',
      rows: [2],
    });
    expect(controlStep({ needed: 5, credits: 5, tooLong: [2], tooLongAccepted: true })).toEqual({ step: 'confirm' });
  });

  it('leave the credits to the server when they could not be read', () => {
    expect(controlStep({ needed: 5, credits: null, tooLong: [], tooLongAccepted: false })).toEqual({
      step: 'confirm',
    });
  });

  it('block publishing the same rows again after a refusal, not after a failure', () => {
    expect(blocksPublishing({ kind: 'rejected', errors: [] })).toBe(true);
    expect(blocksPublishing({ kind: 'failure' })).toBe(false);
    expect(blocksPublishing({ kind: 'firewall' })).toBe(false);
  });
});
