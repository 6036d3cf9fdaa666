import type { Transporter } from 'nodemailer';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Database } from '../../db/schema';
import { insertOutboxMessage } from '../../repositories/outbox';
import type { MailAddress, Mailer } from '../../ports/mailer';

export type { MailAddress, MailAttachment, MailMessage, Mailer } from '../../ports/mailer';

export function createMailer(options: {
  smtpUrl: string | null;
  from: string;
  db: Kysely<Database>;
  log: Logger;
}): Mailer {
  const { smtpUrl } = options;
  if (smtpUrl) {
    // nodemailer is loaded with the first message (issue 16 point 5: a server that sends none never holds it)
    let transport: Transporter | null = null;
    let opening: Promise<Transporter> | null = null;
    const open = () =>
      (opening ??= import('nodemailer').then(
        ({ default: nodemailer }) => (transport = nodemailer.createTransport(withTransportDefaults(smtpUrl))),
        (error: unknown) => {
          opening = null;
          throw error;
        },
      ));
    return {
      mode: 'smtp',
      async send({ from, replyTo, messageId, ...message }) {
        const sender = from ?? options.from;
        await (
          await open()
        ).sendMail({
          ...message,
          from: sender,
          ...(replyTo ? { replyTo } : {}),
          ...(messageId ? { messageId: `<${messageId}@${senderDomain(sender)}>` } : {}),
        });
      },
      close: () => transport?.close(),
    };
  }
  return {
    mode: 'outbox',
    async send(message) {
      await insertOutboxMessage(options.db, {
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
      });
      options.log.info({ to: message.to, subject: message.subject }, 'mail kept in the outbox (no SMTP_URL set)');
    },
    close: () => undefined,
  };
}

/**
 * A pooled connection, and time limits far below nodemailer's (2 minutes to connect, 30 s for the greeting,
 * 10 minutes of silence): a mail server that accepts and never answers holds a worker's attempt for seconds, not
 * minutes (issue 27). SMTP_URL's own query parameters win (…?greetingTimeout=30000).
 */
export const SMTP_TRANSPORT_DEFAULTS = {
  pool: 'true',
  connectionTimeout: '10000',
  greetingTimeout: '10000',
  socketTimeout: '30000',
};

function withTransportDefaults(smtpUrl: string): string {
  const url = new URL(smtpUrl);
  for (const [name, value] of Object.entries(SMTP_TRANSPORT_DEFAULTS)) {
    if (!url.searchParams.has(name)) url.searchParams.set(name, value);
  }
  return url.toString();
}

/** The domain of the sender's address (a Message-ID's right-hand side), `laurel.invalid` if it has none. */
export function senderDomain(sender: string | MailAddress): string {
  const address = typeof sender === 'string' ? (/<([^>]+)>/.exec(sender)?.[1] ?? sender) : sender.address;
  const domain = address.slice(address.lastIndexOf('@') + 1).trim();
  return address.includes('@') && /^[A-Za-z0-9.-]+$/.test(domain) ? domain : 'laurel.invalid';
}
