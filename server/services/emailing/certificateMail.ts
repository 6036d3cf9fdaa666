import type { EmailLanguage } from '../../../domain/emailing';
import type { Label } from '../../../domain/templates';
import { translate } from '../../i18n';
import type { MailAddress, MailMessage } from '../mail/mailer';
import { formatDate } from '../rendering/credentialPage';
import { escapeHtml } from '../../../domain/rendering/html';

/** A template label in one language: that language's text, else the first there is. */
export function labelIn(label: Label, language: string): string {
  if (typeof label === 'string') return label;
  return label[language] ?? Object.values(label)[0] ?? '';
}

export interface CertificateMailInput {
  to: string;
  language: EmailLanguage;
  subject: string;
  recipientName: string;
  issuerName: string;
  productName: string;
  title: string;
  /**
   * the credential's public page; its PDF and its LinkedIn button (our address that counts the click and leads
   * to LinkedIn's form) follow from it
   */
  link: string;
  /** the open-tracking image's address, when the issuer tracks openings */
  pixel: string | null;
  from?: MailAddress;
  replyTo?: MailAddress;
  /** the unique part of its Message-ID, fixed when it was queued (MailMessage.messageId) */
  messageId?: string;
  /**
   * "Add to your wallet" (issue 30): a live offer of the certificate made for this message, or 'specimen' in a test
   * message (its readers are not the recipient: it says where the section goes, without an offer); none when the
   * certificate cannot go into a wallet
   */
  wallet?: CertificateMailWallet | 'specimen' | null;
}

/** The wallet offer a certificate mail carries: its addresses, its transaction code and its QR code. */
export interface CertificateMailWallet {
  /** what the QR code holds: an address listing both protocols, for any wallet */
  interactionUrl: string;
  /** openid-credential-offer://… (OpenID wallets) */
  offerUri: string;
  /** https://lcw.app/request?… (the Learner Credential Wallet) */
  lcwUri: string;
  txCode: string | null;
  expiresAt: string;
  /** the QR code of interactionUrl, a PNG */
  qrPng: Buffer;
}

/** The inline QR image's Content-ID (its HTML shows cid:…). */
export const WALLET_QR_CID = 'wallet-qr@laurel';

/** The wallet section's HTML and text, in the mail's language. */
function walletSection(
  wallet: CertificateMailWallet | 'specimen',
  language: EmailLanguage,
): { html: string; text: string } {
  const t = (key: string, vars: Record<string, string> = {}) =>
    translate(language, `mail.certificate.wallet.${key}`, vars);
  const title = `<h2 style="font-size:17px;margin:24px 0 8px">${escapeHtml(t('title'))}</h2>`;
  if (wallet === 'specimen') {
    return {
      html: `${title}\n<p style="font-size:13px;color:#6b7280">${escapeHtml(t('specimen'))}</p>`,
      text: `${t('title')}\n${t('specimen')}`,
    };
  }
  const link = 'color:#1f5c4a;font-weight:600';
  const expiry = t('expiry', { date: formatDate(wallet.expiresAt.slice(0, 10), language) });
  const txCode = wallet.txCode
    ? {
        html: `<p>${escapeHtml(t('txCode'))} <strong style="font-size:18px;letter-spacing:2px;font-family:monospace">${escapeHtml(wallet.txCode)}</strong></p>`,
        text: `${t('txCode')} ${wallet.txCode}`,
      }
    : null;
  return {
    html: `${title}
<p>${escapeHtml(t('scan'))}</p>
<p><img src="cid:${WALLET_QR_CID}" width="200" height="200" alt="${escapeHtml(t('qrAlt'))}" style="display:block;width:200px;height:200px;border:0"></p>
<p>${escapeHtml(t('openId'))} <a href="${escapeHtml(wallet.offerUri)}" style="${link}">${escapeHtml(t('openIdLink'))}</a></p>
<p>${escapeHtml(t('lcw'))} <a href="${escapeHtml(wallet.lcwUri)}" style="${link}">${escapeHtml(t('lcwLink'))}</a></p>
${txCode ? `${txCode.html}\n` : ''}<p style="font-size:13px;color:#6b7280">${escapeHtml(expiry)}</p>`,
    text: [
      t('title'),
      `${t('scan')} ${t('qrText')} ${wallet.interactionUrl}`,
      `${t('openId')} ${wallet.offerUri}`,
      `${t('lcw')} ${wallet.lcwUri}`,
      ...(txCode ? [txCode.text] : []),
      expiry,
    ].join('\n'),
  };
}

/** The message that brings a recipient their certificate, in the chosen language, as text and HTML. */
export function certificateMail(input: CertificateMailInput): MailMessage {
  const t = (key: string) =>
    translate(input.language, `mail.certificate.${key}`, {
      name: input.recipientName,
      issuer: input.issuerName,
      title: input.title,
      product: input.productName,
    });
  const greeting = input.recipientName ? t('greeting') : t('greetingNoName');
  const lines = [greeting, t('intro'), t('share')];
  // the PDF and LinkedIn's form come with every credential mail (issue 31): "where is my PDF?"
  const pdf = `${input.link}/certificate.pdf`;
  // LinkedIn's Add to profile through the page's own address, which counts the click (issue 31; publicPages.ts)
  const linkedIn = `${input.link}/linkedin?lang=${encodeURIComponent(input.language)}`;
  const wallet = input.wallet ? walletSection(input.wallet, input.language) : null;
  const text = `${lines.join('\n\n')}\n\n${input.link}\n\n${t('pdf')}: ${pdf}\n${t('linkedIn')}: ${linkedIn}\n\n${wallet ? `${wallet.text}\n\n` : ''}${t('footer')}\n`;
  const secondary = 'color:#1f5c4a;font-weight:600';
  const html = `<!doctype html><html lang="${input.language}"><body style="font-family:Arial,sans-serif;color:#1f2937;line-height:1.5">
<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(t('intro'))}</p>
<p><a href="${escapeHtml(input.link)}" style="display:inline-block;padding:10px 18px;background:#1f5c4a;color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(t('action'))}</a></p>
<p><a href="${escapeHtml(pdf)}" style="${secondary}">${escapeHtml(t('pdf'))}</a> · <a href="${escapeHtml(linkedIn)}" style="${secondary}">${escapeHtml(t('linkedIn'))}</a></p>
<p>${escapeHtml(t('share'))}</p>
${wallet ? `${wallet.html}\n` : ''}<p style="font-size:12px;color:#9ca3af;word-break:break-all">${escapeHtml(input.link)}</p>
<p style="font-size:12px;color:#6b7280">${escapeHtml(t('footer'))}</p>
${input.pixel ? `<img src="${escapeHtml(input.pixel)}" width="1" height="1" alt="" style="display:block;border:0">` : ''}
</body></html>`;
  return {
    to: input.to,
    subject: input.subject,
    text,
    html,
    ...(input.from ? { from: input.from } : {}),
    ...(input.replyTo ? { replyTo: input.replyTo } : {}),
    ...(input.messageId ? { messageId: input.messageId } : {}),
    ...(input.wallet && input.wallet !== 'specimen'
      ? {
          attachments: [
            { filename: 'wallet-qr.png', content: input.wallet.qrPng, cid: WALLET_QR_CID, contentType: 'image/png' },
          ],
        }
      : {}),
  };
}
