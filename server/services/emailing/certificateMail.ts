import type { EmailLanguage } from '../../../domain/emailing';
import type { Label } from '../../../domain/templates';
import { linkedInAddToProfileUrl } from '../../../domain/sharing/linkedIn';
import { translate } from '../../i18n';
import type { MailAddress, MailMessage } from '../mail/mailer';

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

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
  /** the credential's public page; its PDF and LinkedIn's Add to profile are derived from it */
  link: string;
  /** the issuer's LinkedIn organisation id, for LinkedIn's form (its page and logo) */
  organizationId?: string | null;
  /** YYYY-MM-DD, for LinkedIn's form: when it was obtained, and when it expires */
  issued?: string | null;
  expires?: string | null;
  /** the open-tracking image's address, when the issuer tracks openings */
  pixel: string | null;
  from?: MailAddress;
  replyTo?: MailAddress;
  /** the unique part of its Message-ID, fixed when it was queued (MailMessage.messageId) */
  messageId?: string;
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
  const linkedIn = linkedInAddToProfileUrl({
    name: input.title,
    organizationId: input.organizationId ?? null,
    organizationName: input.issuerName,
    issued: input.issued ?? null,
    expires: input.expires ?? null,
    certUrl: input.link,
    certId: input.link.slice(input.link.lastIndexOf('/') + 1),
  });
  const text = `${lines.join('\n\n')}\n\n${input.link}\n\n${t('pdf')}: ${pdf}\n${t('linkedIn')}: ${linkedIn}\n\n${t('footer')}\n`;
  const secondary = 'color:#1f5c4a;font-weight:600';
  const html = `<!doctype html><html lang="${input.language}"><body style="font-family:Arial,sans-serif;color:#1f2937;line-height:1.5">
<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(t('intro'))}</p>
<p><a href="${escapeHtml(input.link)}" style="display:inline-block;padding:10px 18px;background:#1f5c4a;color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(t('action'))}</a></p>
<p><a href="${escapeHtml(pdf)}" style="${secondary}">${escapeHtml(t('pdf'))}</a> · <a href="${escapeHtml(linkedIn)}" style="${secondary}">${escapeHtml(t('linkedIn'))}</a></p>
<p>${escapeHtml(t('share'))}</p>
<p style="font-size:12px;color:#9ca3af;word-break:break-all">${escapeHtml(input.link)}</p>
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
  };
}
