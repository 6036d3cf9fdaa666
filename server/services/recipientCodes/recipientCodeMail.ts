import type { Language } from '../../../domain/language';
import type { RecipientCodePurpose } from '../../../domain/recipientCodes';
import { translate } from '../../i18n';
import type { MailMessage } from '../mail/mailer';
import { escapeHtml } from '../../../domain/rendering/html';

/** The code a certificate's public page asks for, mailed to the certificate's address, in the page's language. */
export function recipientCodeMail(options: {
  to: string;
  code: string;
  purpose: RecipientCodePurpose;
  language: Language;
  validMinutes: number;
  productName: string;
}): MailMessage {
  const t = (key: string) =>
    translate(options.language, `mail.recipientCode.${key}`, {
      product: options.productName,
      minutes: String(options.validMinutes),
    });
  const intro = t(`intro.${options.purpose}`);
  const text = `${intro}\n\n${options.code}\n\n${t('expiry')}\n${t('ignore')}\n`;
  const html = `<!doctype html><html lang="${options.language}"><body style="font-family:Arial,sans-serif;color:#1f2937">
<p>${escapeHtml(intro)}</p>
<p style="font-size:28px;font-weight:700;letter-spacing:6px;font-family:monospace">${escapeHtml(options.code)}</p>
<p style="font-size:13px;color:#6b7280">${escapeHtml(t('expiry'))}<br>${escapeHtml(t('ignore'))}</p>
</body></html>`;
  return { to: options.to, subject: t(`subject.${options.purpose}`), text, html };
}
