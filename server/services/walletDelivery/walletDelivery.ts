import { BRAND_NAMES, chooseBrand } from '../../../domain/brand';
import type { Language } from '../../../domain/language';
import {
  canGoIntoWallet,
  maskedEmail,
  WALLET_CODE_LENGTH,
  WALLET_CODE_MAX_ATTEMPTS,
  WALLET_CODE_TTL_SECONDS,
} from '../../../domain/walletDelivery';
import type { AppContext } from '../../context';
import { nowIso } from '../../db/clock';
import { AppError, notFound } from '../../errors';
import {
  countWrongDeliveryCode,
  latestDeliveryCode,
  recordMailOffer,
  replaceDeliveryCode,
  spendDeliveryCode,
  walletDeliveryCertificate,
  withdrawMailOffers,
} from '../../repositories/walletDelivery';
import { walletOfferLinks } from '../wallets/links';
import { createWalletOffer } from '../wallets/offers';
import { hashSecret, newTxCode, sameHash } from '../wallets/secrets';
import { deliverMail } from '../mail/mailQueue';
import type { CertificateMailWallet } from '../emailing/certificateMail';
import { walletCodeMail } from './walletCodeMail';
import { qrPng } from './qrImage';

/**
 * Live offers a certificate's mails may hold at once: each mail the mail server accepted carries one, and the
 * recipient may open any of the latest; older ones are withdrawn when a new mail is built.
 */
export const MAIL_OFFERS_KEPT = 3;

type Ctx = Pick<AppContext, 'db' | 'config' | 'mailer'>;

export type DeliveryCertificate = NonNullable<Awaited<ReturnType<typeof walletDeliveryCertificate>>>;

export function goesIntoWallet(certificate: DeliveryCertificate | undefined): certificate is DeliveryCertificate {
  return (
    certificate !== undefined &&
    canGoIntoWallet({
      statusId: certificate.status_id,
      signed: Boolean(certificate.signed),
      isNft: certificate.is_nft === 1,
    })
  );
}

/** A fresh offer of the certificate (OID4VCI with a transaction code), with every address and its QR code. */
async function freshOffer(ctx: Ctx, certificate: DeliveryCertificate): Promise<CertificateMailWallet & { id: number }> {
  const offer = await createWalletOffer(ctx.db, {
    issuerId: certificate.issuer_id,
    certificateKey: certificate.key,
    protocol: 'oid4vci',
    ttlSeconds: ctx.config.walletOfferTtlSeconds,
    withTxCode: true,
    userId: null,
  });
  const links = walletOfferLinks(ctx.config.publicUrl, certificate.issuer_id, offer.code);
  return {
    id: offer.id,
    interactionUrl: links.interactionUrl,
    offerUri: links.offerUri,
    lcwUri: links.lcwUri,
    txCode: offer.txCode,
    expiresAt: offer.expiresAt,
    qrPng: qrPng(links.interactionUrl),
  };
}

/**
 * The offer a certificate mail carries, made as the mail is built (its code exists in clear only then), or null
 * when the certificate cannot go into a wallet. Each build makes a new offer (the code is stored hashed: a mail
 * built again cannot show the earlier one); the certificate keeps its MAIL_OFFERS_KEPT newest mail offers, and
 * withdrawMailOffer takes back the offer of a mail the server did not accept.
 */
export async function mailWalletOffer(
  ctx: Ctx,
  certificateId: number,
): Promise<(CertificateMailWallet & { id: number }) | null> {
  const certificate = await walletDeliveryCertificate(ctx.db, { id: certificateId });
  if (!goesIntoWallet(certificate)) return null;
  const offer = await freshOffer(ctx, certificate);
  const now = nowIso();
  await recordMailOffer(ctx.db, { offer_id: offer.id, certificate_id: certificate.id, created_at: now });
  await withdrawMailOffers(ctx.db, { certificateId: certificate.id, keep: MAIL_OFFERS_KEPT }, now);
  return offer;
}

/** The offer of a mail that did not leave: nobody holds it. */
export async function withdrawMailOffer(ctx: Ctx, offerId: number): Promise<void> {
  await withdrawMailOffers(ctx.db, { offerId }, nowIso());
}

function hashCode(certificateKey: string, code: string): string {
  return hashSecret(`${certificateKey}:${code}`);
}

/** A certificate the public page may offer to a wallet, else 404 (as an unknown one: nothing to learn here). */
async function deliverableCertificate(ctx: Ctx, key: string): Promise<DeliveryCertificate> {
  const certificate = await walletDeliveryCertificate(ctx.db, { key });
  if (!goesIntoWallet(certificate) || certificate.email === '') {
    throw notFound('WALLET_NOT_AVAILABLE', 'This credential cannot be added to a wallet');
  }
  return certificate;
}

/**
 * The public page's first step: mails a one-time code to the certificate's address (never shown), replacing any
 * earlier one, and answers where it went as the page may say it (j***@example.org).
 */
export async function sendWalletCode(
  ctx: Ctx,
  key: string,
  language: Language,
): Promise<{ sentTo: string; validMinutes: number }> {
  const certificate = await deliverableCertificate(ctx, key);
  const code = newTxCode(WALLET_CODE_LENGTH);
  const now = new Date();
  const expiresAt = new Date(now.getTime() + WALLET_CODE_TTL_SECONDS * 1000);
  await replaceDeliveryCode(ctx.db, {
    certificate_id: certificate.id,
    code_hash: hashCode(certificate.key, code),
    created_at: nowIso(now),
    expires_at: nowIso(expiresAt),
  });
  const validMinutes = Math.round(WALLET_CODE_TTL_SECONDS / 60);
  await deliverMail(
    ctx,
    walletCodeMail({
      to: certificate.email,
      code,
      language,
      validMinutes,
      productName: BRAND_NAMES[chooseBrand(new URL(ctx.config.publicUrl).hostname)],
    }),
    { notAfter: expiresAt },
  );
  return { sentTo: maskedEmail(certificate.email), validMinutes };
}

/** A mailed code that was used, expired or tried too often: ask for a new one. */
export const WALLET_CODE_EXPIRED = 'WALLET_CODE_EXPIRED';
/** A code that is not the one mailed: `attemptsLeft` more tries. */
export const WALLET_CODE_WRONG = 'WALLET_CODE_WRONG';

/**
 * The public page's second step: the mailed code, checked (one-time, WALLET_CODE_TTL_SECONDS, WALLET_CODE_MAX_ATTEMPTS
 * wrong tries), buys a fresh offer of the certificate.
 */
export async function redeemWalletCode(ctx: Ctx, key: string, code: string): Promise<CertificateMailWallet> {
  const certificate = await deliverableCertificate(ctx, key);
  const stored = await latestDeliveryCode(ctx.db, certificate.id);
  const now = new Date();
  const expired = () => new AppError(410, WALLET_CODE_EXPIRED, 'This code was used or has expired: ask for a new one');
  if (
    !stored ||
    stored.used_at !== null ||
    Date.parse(stored.expires_at) <= now.getTime() ||
    stored.failed_attempts >= WALLET_CODE_MAX_ATTEMPTS
  ) {
    throw expired();
  }
  if (!sameHash(stored.code_hash, hashCode(certificate.key, code))) {
    await countWrongDeliveryCode(ctx.db, stored.id);
    const attemptsLeft = WALLET_CODE_MAX_ATTEMPTS - stored.failed_attempts - 1;
    if (attemptsLeft <= 0) throw expired();
    throw new AppError(400, WALLET_CODE_WRONG, 'This is not the code we sent', { attemptsLeft });
  }
  if (!(await spendDeliveryCode(ctx.db, stored.id, nowIso(now)))) throw expired();
  const { id: _id, ...offer } = await freshOffer(ctx, certificate);
  return offer;
}

/** Whether the certificate's mail would carry an offer (a test message then shows where it goes). */
export async function mailsWalletOffer(ctx: Pick<Ctx, 'db'>, certificateId: number): Promise<boolean> {
  return goesIntoWallet(await walletDeliveryCertificate(ctx.db, { id: certificateId }));
}
