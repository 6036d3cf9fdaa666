import type { Kysely } from 'kysely';
import { ACCOUNT_CURRENCY, dateOf, freeTrialEnd, isPayAsYouGo, planYear, type Account } from '../../domain/account';
import { findProduct } from '../../domain/selfServiceProducts';
import type { Database } from '../db/schema';
import { accountCurrency, endDuePlan } from '../repositories/billing';
import type { ParsedIssuer } from '../repositories/issuerRows';
import { findIssuer } from '../repositories/issuers';
import { countCertificatesSince, countRecipientsSince } from '../repositories/usage';

/**
 * The Account of spec 000 section 3 for an issuer, derived from the issuer and its billing account
 * (docs/decisions.md): the trial ends 30 days after the creation, the anniversary is the creation's day and
 * month, the cap is the held pack's limit, and usage counts the current plan year. A plan whose pending
 * cancellation is due ends here (back to FREE_TRIAL without a pack), and the currency is the billing account's
 * (EUR before the first checkout).
 */
export async function readAccount(db: Kysely<Database>, current: ParsedIssuer, now = new Date()): Promise<Account> {
  let issuer = current;
  if (issuer.plan_cancel_at !== null && issuer.plan_cancel_at <= now.toISOString()) {
    await endDuePlan(db, issuer.id, now.toISOString());
    issuer = (await findIssuer(db, issuer.id)) ?? issuer;
  }
  const { params } = issuer.parsed;
  const { start, anniversary } = planYear(issuer.created_at, dateOf(now));
  // campaigns' created_at are full timestamps: the plan year starts at midnight UTC of its first day
  const since = `${start}T00:00:00.000Z`;
  const [certificates, recipients, currency] = await Promise.all([
    countCertificatesSince(db, issuer.id, since),
    countRecipientsSince(db, issuer.id, since),
    accountCurrency(db, issuer.id),
  ]);
  return {
    plan: {
      contract: issuer.plan,
      unit: 'CERTIFICATE',
      pay_as_you_go: isPayAsYouGo(issuer.plan),
      annual_volume_cap: findProduct(issuer.plan_product)?.limit ?? null,
      product: issuer.plan_product,
      cancel_at: issuer.plan_cancel_at,
    },
    free_trial_end: issuer.plan === 'FREE_TRIAL' ? freeTrialEnd(issuer.created_at) : null,
    anniversary,
    onboarding: params.onboarded === true,
    verification: issuer.verified === 1,
    verification_submitted: params.verificationSubmitted === true,
    currency: currency ?? ACCOUNT_CURRENCY,
    usage: { certificates: { total: certificates }, recipients: { total: recipients }, since: start },
  };
}
