import type { Language } from '../../../domain/language';
import { isExpired } from '../../../domain/certificates';
import { todayIso } from '../../../domain/import';
import { canGoIntoWallet } from '../../../domain/walletDelivery';
import type { AppContext } from '../../context';
import { nowIso } from '../../db/clock';
import { notFound } from '../../errors';
import { recordMailOffer, walletDeliveryCertificate, withdrawMailOffers } from '../../repositories/walletDelivery';
import { walletOfferLinks } from '../wallets/links';
import { createWalletOffer } from '../wallets/offers';
import type { CertificateMailWallet } from '../emailing/certificateMail';
import { sendRecipientCode, spendRecipientCode } from '../recipientCodes/recipientCodes';
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
      expired: isExpired(certificate.expiration_date, todayIso()),
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

/** A certificate the public page may offer to a wallet, else 404 (as an unknown one: nothing to learn here). */
async function deliverableCertificate(ctx: Ctx, key: string): Promise<DeliveryCertificate> {
  const certificate = await walletDeliveryCertificate(ctx.db, { key });
  if (!goesIntoWallet(certificate) || certificate.email === '') {
    throw notFound('WALLET_NOT_AVAILABLE', 'This credential cannot be added to a wallet');
  }
  return certificate;
}

/**
 * The public page's first step: mails a one-time 'wallet' code to the certificate's address (never shown),
 * replacing any earlier one, and answers where it went as the page may say it (j***@example.org).
 */
export async function sendWalletCode(
  ctx: Ctx,
  key: string,
  language: Language,
): Promise<{ sentTo: string; validMinutes: number }> {
  return sendRecipientCode(ctx, await deliverableCertificate(ctx, key), 'wallet', language);
}

/**
 * The public page's second step: the mailed code, spent (spendRecipientCode: one-time, short-lived, a few tries;
 * RECIPIENT_CODE_EXPIRED / RECIPIENT_CODE_WRONG), buys a fresh offer of the certificate.
 */
export async function redeemWalletCode(ctx: Ctx, key: string, code: string): Promise<CertificateMailWallet> {
  const certificate = await deliverableCertificate(ctx, key);
  await spendRecipientCode(ctx, certificate, 'wallet', code);
  const { id: _id, ...offer } = await freshOffer(ctx, certificate);
  return offer;
}

/** Whether the certificate's mail would carry an offer (a test message then shows where it goes). */
export async function mailsWalletOffer(ctx: Pick<Ctx, 'db'>, certificateId: number): Promise<boolean> {
  return goesIntoWallet(await walletDeliveryCertificate(ctx.db, { id: certificateId }));
}
