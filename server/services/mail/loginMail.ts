import type { Language } from '../../../domain/language';
import { translate } from '../../i18n';
import type { MailMessage } from './mailer';
import { escapeHtml } from '../../../domain/rendering/html';

/**
 * A sign-in link (kind 'login'), an invitation to a new user (kind 'invitation') or the link that confirms a
 * self-service sign-up (kind 'signup'), in the user's language.
 */
export function signInMail(options: {
  kind: 'login' | 'invitation' | 'signup';
  to: string;
  link: string;
  language: Language;
  productName: string;
  issuerName: string;
  validMinutes: number;
}): MailMessage {
  const t = (key: string) =>
    translate(options.language, `mail.${options.kind}.${key}`, {
      product: options.productName,
      issuer: options.issuerName,
      minutes: String(options.validMinutes),
      days: String(Math.round(options.validMinutes / 1440)),
    });
  const subject = t('subject');
  const intro = t('intro');
  const action = t('action');
  const expiry = t('expiry');
  const ignore = t('ignore');
  const text = `${intro}\n\n${options.link}\n\n${expiry}\n${ignore}\n`;
  const html = `<!doctype html><html lang="${options.language}"><body style="font-family:Arial,sans-serif;color:#1f2937">
<p>${escapeHtml(intro)}</p>
<p><a href="${escapeHtml(options.link)}" style="display:inline-block;padding:10px 18px;background:#1f5c4a;color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(action)}</a></p>
<p style="font-size:13px;color:#6b7280">${escapeHtml(expiry)}<br>${escapeHtml(ignore)}</p>
<p style="font-size:12px;color:#9ca3af;word-break:break-all">${escapeHtml(options.link)}</p>
</body></html>`;
  return { to: options.to, subject, text, html };
}
