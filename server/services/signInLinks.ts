import { BRAND_NAMES, chooseBrand } from '../../domain/brand';
import type { Language } from '../../domain/language';
import { hashLoginSecret, newLoginSecret } from '../auth/loginLinks';
import type { AppContext } from '../context';
import { isoAfterSeconds } from '../db/clock';
import { saveLoginLink } from '../repositories/tokens';
import { signInMail } from './mail/loginMail';
import { deliverMail, type MailDelivery } from './mail/mailQueue';

/**
 * Creates a one-time sign-in link for a user and mails it: a sign-in asked on the login screen, or the
 * invitation of a new user (valid longer). Returns the link (logged when mail stays in the outbox). A request
 * queues the mail (it never waits on the SMTP server); the CLI sends it now, to say whether it went.
 */
export async function sendSignInLink(
  ctx: Pick<AppContext, 'config' | 'db' | 'mailer'>,
  options: { kind: 'login' | 'invitation'; userId: number; email: string; issuerName: string; language: Language },
  delivery: MailDelivery = 'queued',
): Promise<string> {
  const ttl = options.kind === 'invitation' ? ctx.config.invitationTtlSeconds : ctx.config.loginLinkTtlSeconds;
  const secret = newLoginSecret();
  await saveLoginLink(ctx.db, {
    tokenHash: hashLoginSecret(secret),
    userId: options.userId,
    expiresAt: isoAfterSeconds(ttl),
  });
  const link = `${ctx.config.publicUrl}/login/${secret}`;
  const expiresAt = new Date(Date.now() + ttl * 1000);
  await deliverMail(
    ctx,
    signInMail({
      kind: options.kind,
      to: options.email,
      link,
      language: options.language,
      productName: BRAND_NAMES[chooseBrand(new URL(ctx.config.publicUrl).hostname)],
      issuerName: options.issuerName,
      validMinutes: Math.round(ttl / 60),
    }),
    { delivery, notAfter: expiresAt },
  );
  return link;
}

/**
 * Without SMTP_URL a link's mail only sits in the outbox table: the link is printed in the log for the operator
 * (the embedded default), and on the terminal when one runs the server, where someone needs it at a glance.
 */
export function printLinkWithoutSmtp(
  ctx: Pick<AppContext, 'mailer'>,
  log: { info(message: string): void },
  what: 'sign-in' | 'invitation' | 'sign-up',
  email: string,
  link: string,
): void {
  if (ctx.mailer.mode !== 'outbox') return;
  log.info(`${what} link for ${email}: ${link}`);
  if (process.stdout.isTTY) console.info(`\n${what[0].toUpperCase()}${what.slice(1)} link for ${email}:\n  ${link}\n`);
}
