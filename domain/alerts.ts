/** Which global alerts a user sees (spec 000 sections 2.7 and 5). */
export interface AlertFacts {
  hasTotp: boolean;
  sso: boolean;
  plan: string;
  verified: boolean;
  verificationSubmitted: boolean;
}

/** Only when the user has no second factor, does not sign in through single sign-on, and is not on a free trial. */
export function showTwoFactorAlert(facts: AlertFacts): boolean {
  return !facts.hasTotp && !facts.sso && facts.plan !== 'FREE_TRIAL';
}

/** Only when no verification was submitted, the issuer is not verified, and the plan is ESSENTIALS_PACK. */
export function showVerificationAlert(facts: AlertFacts): boolean {
  return !facts.verificationSubmitted && !facts.verified && facts.plan === 'ESSENTIALS_PACK';
}
