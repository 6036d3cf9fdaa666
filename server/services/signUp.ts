import type { Kysely } from 'kysely';
import { BRAND_NAMES, chooseBrand } from '../../domain/brand';
import type { Language } from '../../domain/language';
import { hashLoginSecret, newLoginSecret } from '../auth/loginLinks';
import type { AppContext } from '../context';
import { isoAfterSeconds, nowIso } from '../db/clock';
import type { Database } from '../db/schema';
import { findUsersByEmail } from '../repositories/users';
import { createIssuerWithAdministrator } from './issuers/createIssuer';
import { signInMail } from './mail/loginMail';
import { deliverMail } from './mail/mailQueue';
import { sendSignInLink } from './signInLinks';
import { inTransaction } from '../db/transactions';
import { claimSignUpRequest, insertSignUpRequest, setSignUpIssuer } from '../repositories/signUpRequests';

/** The longest organisation name a sign-up takes. */
export const ORGANISATION_NAME_MAX = 100;

/**
 * Self-service sign-up (issue 18). Asking never creates anything: it mails a one-time link, and the link's first
 * use creates the issuer on FREE_TRIAL with the configured credits and the person as its Administrator. An
 * address that already has an account gets the normal sign-in link instead; the caller answers the same in
 * both cases, so the form cannot tell which addresses have accounts. Answers the link (logged in outbox mode).
 */
export async function requestSignUp(
  ctx: Pick<AppContext, 'config' | 'db' | 'mailer'>,
  request: { organisation: string; email: string; language: Language },
): Promise<string> {
  const users = await findUsersByEmail(ctx.db, request.email);
  if (users.length > 0) {
    const user = users[0];
    return sendSignInLink(ctx, {
      kind: 'login',
      userId: user.id,
      email: request.email,
      issuerName: user.issuer_name,
      language: request.language,
    });
  }
  const ttl = ctx.config.loginLinkTtlSeconds;
  const secret = newLoginSecret();
  await insertSignUpRequest(ctx.db, {
    token_hash: hashLoginSecret(secret),
    email: request.email,
    organisation: request.organisation,
    language: request.language,
    created_at: nowIso(),
    expires_at: isoAfterSeconds(ttl),
    used_at: null,
    issuer_id: null,
  });
  const link = `${ctx.config.publicUrl}/login/${secret}`;
  await deliverMail(
    ctx,
    signInMail({
      kind: 'signup',
      to: request.email,
      link,
      language: request.language,
      productName: BRAND_NAMES[chooseBrand(new URL(ctx.config.publicUrl).hostname)],
      issuerName: request.organisation,
      validMinutes: Math.round(ttl / 60),
    }),
    { notAfter: new Date(Date.now() + ttl * 1000) },
  );
  return link;
}

/**
 * Uses a sign-up link: in one transaction marks it used (a second use finds nothing) and creates the issuer and
 * its Administrator. Answers the user to sign in, or null when the hash is no unused, unexpired sign-up link.
 * When the address got an account meanwhile (another sign-up, an invitation), that account signs in and no
 * second issuer is made.
 */
export async function completeSignUp(
  ctx: Pick<AppContext, 'config' | 'db'>,
  tokenHash: string,
): Promise<number | null> {
  return inTransaction(ctx.db, async (trx: Kysely<Database>) => {
    const now = nowIso();
    const request = await claimSignUpRequest(trx, tokenHash, now);
    if (!request) return null;
    const existing = await findUsersByEmail(trx, request.email);
    if (existing.length > 0) return existing[0].id;
    const { issuerId, userId } = await createIssuerWithAdministrator(trx, ctx.config.credentialsKey, {
      name: request.organisation,
      plan: 'FREE_TRIAL',
      credits: ctx.config.signUp.credits,
      administrator: { email: request.email, firstName: '', lastName: '' },
    });
    await setSignUpIssuer(trx, tokenHash, issuerId);
    return userId;
  });
}
