import nodemailer from 'nodemailer';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Database } from '../../db/schema';
import { insertOutboxMessage } from '../../repositories/outbox';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  /** 'smtp' sends for real; 'outbox' keeps messages in the outbox table (the embedded default). */
  readonly mode: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<void>;
  close(): void;
}

export function createMailer(options: {
  smtpUrl: string | null;
  from: string;
  db: Kysely<Database>;
  log: Logger;
}): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(withPool(options.smtpUrl));
    return {
      mode: 'smtp',
      async send(message) {
        await transport.sendMail({ from: options.from, ...message });
      },
      close: () => transport.close(),
    };
  }
  return {
    mode: 'outbox',
    async send(message) {
      await insertOutboxMessage(options.db, message);
      options.log.info({ to: message.to, subject: message.subject }, 'mail kept in the outbox (no SMTP_URL set)');
    },
    close: () => undefined,
  };
}

function withPool(smtpUrl: string): string {
  const url = new URL(smtpUrl);
  if (!url.searchParams.has('pool')) url.searchParams.set('pool', 'true');
  return url.toString();
}
