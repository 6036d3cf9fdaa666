import { PROFILE, type ProfileId } from '../../domain/roles';
import type { LaurelApp } from '../../server/app';
import { insertIssuer } from '../../server/repositories/issuers';
import { listOutbox } from '../../server/repositories/outbox';
import { insertUser } from '../../server/repositories/users';
import { loginLinkIn, type startSmtpSink } from '../support/smtpSink';

/** The secret of the newest sign-in link the outbox holds for `email`. */
export async function lastLinkSecret(app: LaurelApp, email: string): Promise<string> {
  const messages = await listOutbox(app.laurel.db, email);
  const last = messages.at(-1);
  const match = last && /\/login\/([A-Za-z0-9_-]{43})/.exec(last.text_body);
  if (!match) throw new Error(`no sign-in link for ${email}`);
  return match[1];
}

/** An SMTP sink the app sends its mail to (tests/support/smtpSink.ts). */
type Mailbox = Pick<Awaited<ReturnType<typeof startSmtpSink>>, 'messages' | 'waitFor'>;

/** The secret of the sign-in link mailed to `email` among the messages the sink received after the first `before`. */
async function mailedLinkSecret(mailbox: Mailbox, email: string, before: number): Promise<string> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const mail = mailbox.messages
      .slice(before)
      .reverse()
      .find((m) => m.to.includes(email));
    if (mail) return loginLinkIn(mail).split('/').at(-1) as string;
    if (Date.now() > deadline) throw new Error(`no sign-in link mailed to ${email}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * Signs in through the real calls (login, the mailed link, exchange) and returns the session token; the link is
 * read from the outbox, or from `mailbox` when the app sends over SMTP.
 */
export async function signIn(app: LaurelApp, email: string, issuerId?: number, mailbox?: Mailbox): Promise<string> {
  const query = new URLSearchParams({ email, ...(issuerId ? { issuer_id: String(issuerId) } : {}) });
  const before = mailbox?.messages.length ?? 0;
  const login = await app.inject({ method: 'POST', url: `/api/admin/login?${query}` });
  if (login.statusCode !== 200) throw new Error(`login answered ${login.statusCode}: ${login.body}`);
  // over SMTP the link is queued: the worker sends it (the test apps' worker runs when asked)
  if (mailbox) await app.laurel.jobs.runUntilIdle();
  const secret = mailbox ? await mailedLinkSecret(mailbox, email, before) : await lastLinkSecret(app, email);
  const exchange = await app.inject({ method: 'POST', url: '/api/admin/login/token', payload: { token: secret } });
  if (exchange.statusCode !== 200) throw new Error(`exchange answered ${exchange.statusCode}: ${exchange.body}`);
  return exchange.json<{ token: string }>().token;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export async function addIssuer(app: LaurelApp, name: string, extra: { is_blocked?: number } = {}): Promise<number> {
  return insertIssuer(app.laurel.db, { name, plan: 'FREE_TRIAL', credits: 0, ...extra });
}

export async function addUser(
  app: LaurelApp,
  issuerId: number,
  email: string,
  profileId: ProfileId = PROFILE.Publisher,
): Promise<number> {
  return insertUser(app.laurel.db, {
    issuer_id: issuerId,
    email,
    profile_id: profileId,
    first_name: 'Test',
    last_name: 'User',
  });
}

export function decodeClaims(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8')) as Record<string, unknown>;
}

/** The seeded Administrator signed in: the headers to call with, and the ids the token carries. */
export async function signInAdmin(app: LaurelApp, email = 'admin@example.org', mailbox?: Mailbox) {
  const token = await signIn(app, email, undefined, mailbox);
  const claims = decodeClaims(token);
  return { token, headers: bearer(token), issuerId: claims.iid as number, userId: claims.uid as number };
}
