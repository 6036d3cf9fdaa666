import type { EmailLanguage } from '../../../domain/emailing';
import { escapeHtml } from '../../../domain/rendering/html';
import { translate } from '../../i18n';
import type { MailMessage } from '../mail/mailer';

/**
 * The recipient's mail when the issuer refuses their correction request (issue 28), in their language, with the
 * issuer's message. (An approval's mail is the corrected re-issue's: replacementNotice.ts.)
 */
export function correctionRefusedMail(input: {
  to: string;
  language: EmailLanguage;
  name: string;
  issuer: string;
  title: string;
  product: string;
  answer: string;
  link: string;
  from: MailMessage['from'] | null;
  replyTo: MailMessage['replyTo'] | null;
}): MailMessage {
  const t = (key: string) =>
    translate(input.language, `mail.correctionRefused.${key}`, {
      name: input.name,
      issuer: input.issuer,
      title: input.title,
      product: input.product,
    });
  const greeting = input.name ? t('greeting') : t('greetingNoName');
  const text = `${greeting}\n\n${t('intro')}\n\n${t('message')}\n${input.answer}\n\n${t('unchanged')}\n\n${input.link}\n\n${t('footer')}\n`;
  const html = `<!doctype html><html lang="${input.language}"><body style="font-family:Arial,sans-serif;color:#1f2937;line-height:1.5">
<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(t('intro'))}</p>
<p>${escapeHtml(t('message'))}</p>
<blockquote style="margin:0 0 16px;padding:8px 14px;border-left:4px solid #d1d5db;white-space:pre-wrap">${escapeHtml(input.answer)}</blockquote>
<p>${escapeHtml(t('unchanged'))}</p>
<p><a href="${escapeHtml(input.link)}">${escapeHtml(input.link)}</a></p>
<p style="font-size:12px;color:#6b7280">${escapeHtml(t('footer'))}</p>
</body></html>`;
  return {
    to: input.to,
    subject: t('subject'),
    text,
    html,
    ...(input.from ? { from: input.from } : {}),
    ...(input.replyTo ? { replyTo: input.replyTo } : {}),
  };
}
