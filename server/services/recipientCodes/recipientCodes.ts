import { BRAND_NAMES, chooseBrand } from '../../../domain/brand';
import type { Language } from '../../../domain/language';
import {
  maskedEmail,
  RECIPIENT_CODE_LENGTH,
  RECIPIENT_CODE_MAX_ATTEMPTS,
  RECIPIENT_CODE_TTL_SECONDS,
  type RecipientCodePurpose,
} from '../../../domain/recipientCodes';
import type { AppContext } from '../../context';
import { nowIso } from '../../db/clock';
import { inCallerTransaction } from '../../db/transactions';
import { AppError, notFound } from '../../errors';
import {
  countWrongRecipientCode,
  deleteRecipientCodes,
  insertRecipientCode,
  latestRecipientCode,
  spendRecipientCodeRow,
} from '../../repositories/recipientCodes';
import { deliverMail } from '../mail/mailQueue';
import { hashSecret, newTxCode, sameHash } from '../wallets/secrets';
import { recipientCodeMail } from './recipientCodeMail';

/** A mailed code that was used, expired, replaced by a newer one or tried too often (410): ask for a new one. */
export const RECIPIENT_CODE_EXPIRED = 'RECIPIENT_CODE_EXPIRED';
/** A code that is not the one mailed (400): `details.attemptsLeft` more tries. */
export const RECIPIENT_CODE_WRONG = 'RECIPIENT_CODE_WRONG';
/** A certificate without an address (404): no code can prove anything. */
export const RECIPIENT_CODE_NO_ADDRESS = 'RECIPIENT_CODE_NO_ADDRESS';

type Ctx = Pick<AppContext, 'db' | 'config' | 'mailer'>;

/** What the codes need of a certificate: its row id, its key (the hash is bound to it) and its address. */
export interface RecipientCodeCertificate {
  id: number;
  key: string;
  email: string;
}

function hashCode(certificate: RecipientCodeCertificate, purpose: RecipientCodePurpose, code: string): string {
  return hashSecret(`${certificate.key}:${purpose}:${code}`);
}

/**
 * Mails a one-time code to the certificate's address (never shown to the visitor), for one purpose, replacing the
 * certificate's earlier code for that purpose; answers where it went as a page may say it (j***@example.org) and
 * for how many minutes it works. The caller checks that the certificate may be acted on and rate-limits.
 */
export async function sendRecipientCode(
  ctx: Ctx,
  certificate: RecipientCodeCertificate,
  purpose: RecipientCodePurpose,
  language: Language,
): Promise<{ sentTo: string; validMinutes: number }> {
  if (certificate.email.trim() === '') {
    throw notFound(RECIPIENT_CODE_NO_ADDRESS, 'This credential has no address to send a code to');
  }
  const code = newTxCode(RECIPIENT_CODE_LENGTH);
  const now = new Date();
  const expiresAt = new Date(now.getTime() + RECIPIENT_CODE_TTL_SECONDS * 1000);
  const key = { certificateId: certificate.id, purpose };
  await inCallerTransaction(ctx.db, async (trx) => {
    await deleteRecipientCodes(trx, key);
    await insertRecipientCode(trx, key, {
      code_hash: hashCode(certificate, purpose, code),
      created_at: nowIso(now),
      expires_at: nowIso(expiresAt),
    });
  });
  const validMinutes = Math.round(RECIPIENT_CODE_TTL_SECONDS / 60);
  await deliverMail(
    ctx,
    recipientCodeMail({
      to: certificate.email,
      code,
      purpose,
      language,
      validMinutes,
      productName: BRAND_NAMES[chooseBrand(new URL(ctx.config.publicUrl).hostname)],
    }),
    { notAfter: expiresAt },
  );
  return { sentTo: maskedEmail(certificate.email), validMinutes };
}

/**
 * Spends the certificate's latest code for the purpose: it works once, for RECIPIENT_CODE_TTL_SECONDS, and stops
 * after RECIPIENT_CODE_MAX_ATTEMPTS wrong tries. Throws RECIPIENT_CODE_EXPIRED (410: used, expired, replaced, tried
 * too often or never sent) or RECIPIENT_CODE_WRONG (400, `details.attemptsLeft`); resolves once the code is spent.
 */
export async function spendRecipientCode(
  ctx: Pick<AppContext, 'db'>,
  certificate: RecipientCodeCertificate,
  purpose: RecipientCodePurpose,
  code: string,
): Promise<void> {
  const stored = await latestRecipientCode(ctx.db, { certificateId: certificate.id, purpose });
  const now = new Date();
  const expired = () =>
    new AppError(410, RECIPIENT_CODE_EXPIRED, 'This code was used or has expired: ask for a new one');
  if (
    !stored ||
    stored.used_at !== null ||
    Date.parse(stored.expires_at) <= now.getTime() ||
    stored.failed_attempts >= RECIPIENT_CODE_MAX_ATTEMPTS
  ) {
    throw expired();
  }
  if (!sameHash(stored.code_hash, hashCode(certificate, purpose, code))) {
    if (!(await countWrongRecipientCode(ctx.db, stored.id, RECIPIENT_CODE_MAX_ATTEMPTS))) throw expired();
    const attemptsLeft = RECIPIENT_CODE_MAX_ATTEMPTS - stored.failed_attempts - 1;
    if (attemptsLeft <= 0) throw expired();
    throw new AppError(400, RECIPIENT_CODE_WRONG, 'This is not the code we sent', { attemptsLeft });
  }
  if (!(await spendRecipientCodeRow(ctx.db, stored.id, nowIso(now), RECIPIENT_CODE_MAX_ATTEMPTS))) throw expired();
}
