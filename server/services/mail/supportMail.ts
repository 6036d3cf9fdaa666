import type { HelpRequestType } from '../../../domain/helpForm';
import type { Language } from '../../../domain/language';
import type { MailAttachment, MailMessage } from './mailer';
import { escapeHtml } from '../../../domain/rendering/html';

export interface SupportRequest {
  type: HelpRequestType;
  object: string;
  description: string;
  language: Language;
  files: MailAttachment[];
}

export interface SupportRequester {
  userId: number;
  firstName: string;
  lastName: string;
  email: string;
  issuerId: number;
  issuerName: string;
  plan: string;
}

/** Control and invisible characters out, line breaks kept only where the text may have several lines. */
function plain(value: string, multiline = false): string {
  const kept = multiline ? value.replace(/\r\n?/g, '\n') : value.replace(/[\r\n\t]+/g, ' ');
  return kept
    .normalize('NFC')
    .replace(multiline ? /[^\P{Cc}\n\t]|\p{Cf}/gu : /[\p{Cc}\p{Cf}]/gu, '')
    .trim();
}

/** A file name without any folder, control characters or quotes, at most 100 characters. */
export function attachmentName(raw: string, index: number): string {
  const base = plain(raw.split(/[\\/]/).pop() ?? '')
    .replace(/["<>|?*:]/g, '_')
    .replace(/^\.+/, '');
  const short = [...base].slice(-100).join('');
  return short || `attachment-${index + 1}`;
}

function kilobytes(bytes: number): string {
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/**
 * The support request as the support team receives it: in English (the team's working language, not the
 * user's), with the requester as reply-to and who they are in the body. Every user text is stripped of
 * control characters, and escaped in the HTML part.
 */
export function supportRequestMail(options: {
  to: string;
  request: SupportRequest;
  requester: SupportRequester;
}): MailMessage {
  const { request, requester } = options;
  const object = plain(request.object);
  const description = plain(request.description, true);
  const name = plain(`${requester.firstName} ${requester.lastName}`) || requester.email;
  const issuer = plain(requester.issuerName);
  const files = request.files.map((file, index) => ({ ...file, filename: attachmentName(file.filename, index) }));
  const rows: [string, string][] = [
    ['Type', request.type],
    ['Object', object],
    ['From', `${name} <${requester.email}> (user ${requester.userId})`],
    ['Issuer', `${issuer} (id ${requester.issuerId}, plan ${requester.plan})`],
    ['Language', request.language],
    ['Attachments', files.map((file) => `${file.filename} (${kilobytes(file.content.length)})`).join(', ') || 'none'],
  ];
  const text = `${rows.map(([label, value]) => `${label}: ${value}`).join('\n')}\n\n${description}\n`;
  const html = `<!doctype html><html lang="en"><body style="font-family:Arial,sans-serif;color:#1f2937">
<table style="border-collapse:collapse;font-size:14px">${rows
    .map(
      ([label, value]) =>
        `<tr><th style="text-align:left;padding:2px 12px 2px 0;color:#6b7280">${label}</th><td>${escapeHtml(value)}</td></tr>`,
    )
    .join('')}</table>
<div style="margin-top:16px;white-space:pre-wrap;font-size:14px">${escapeHtml(description)}</div>
</body></html>`;
  return {
    to: options.to,
    subject: `Support request (${request.type}): ${object}`,
    text,
    html,
    replyTo: { name, address: requester.email },
    attachments: files,
  };
}
