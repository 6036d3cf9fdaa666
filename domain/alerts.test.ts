import { describe, expect, it } from 'vitest';
import { showTwoFactorAlert, showVerificationAlert, type AlertFacts } from './alerts';

const base: AlertFacts = {
  hasTotp: false,
  sso: false,
  plan: 'ESSENTIALS_PACK',
  verified: false,
  verificationSubmitted: false,
};

describe('global alerts', () => {
  it('shows the two-factor alert only without TOTP, without SSO, outside the free trial', () => {
    expect(showTwoFactorAlert(base)).toBe(true);
    expect(showTwoFactorAlert({ ...base, hasTotp: true })).toBe(false);
    expect(showTwoFactorAlert({ ...base, sso: true })).toBe(false);
    expect(showTwoFactorAlert({ ...base, plan: 'FREE_TRIAL' })).toBe(false);
  });

  it('shows the verification alert only for an unverified ESSENTIALS_PACK issuer that submitted nothing', () => {
    expect(showVerificationAlert(base)).toBe(true);
    expect(showVerificationAlert({ ...base, verified: true })).toBe(false);
    expect(showVerificationAlert({ ...base, verificationSubmitted: true })).toBe(false);
    expect(showVerificationAlert({ ...base, plan: 'WHITE_LABEL' })).toBe(false);
  });
});
