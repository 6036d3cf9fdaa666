import { createCipheriv, createDecipheriv, randomBytes, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../context';
import type { Database } from '../../db/schema';
import { classifyMailError } from '../emailing/mailRetrySchedule';
import { enqueueJob } from '../jobs/jobQueue';
import { queueOf, type JobLog } from '../jobs/jobs';
import type { MailMessage } from './mailer';

/**
 * Mail a request sends (a sign-in link, a sign-up link, an invitation, a support request) never waits on the SMTP
 * server (issue 27): the request queues it as a job and answers; the worker sends it, and a failed attempt is
 * tried again with the job queue's back-off (2, 4, 8 s… up to five minutes on SQLite, pg-boss's doubling on
 * PostgreSQL) for MAIL_JOB_ATTEMPTS attempts. A 5xx answer (a refused address) is not tried again. Without
 * SMTP_URL the mailer keeps the message in the outbox table instead, at once.
 */
export const MAIL_SEND_JOB = 'mail.send';
/** about 25 minutes of an SMTP outage on SQLite, one to two hours on PostgreSQL */
export const MAIL_JOB_ATTEMPTS = 12;

/**
 * The job's payload. The message is sealed with the credentials key (AES-256-GCM): it may hold a sign-in link,
 * which the database otherwise keeps only as a hash, and jobs stay in the database after they ran.
 */
interface QueuedMail {
  sealed: string;
  /** a link that expires: the message is dropped rather than sent after this time (ISO-8601), or null */
  notAfter: string | null;
}

const SEAL_FORMAT = 'v1';
const SEAL_CONTEXT = Buffer.from('laurel:queued-mail', 'utf8');

interface SealedAttachment {
  filename: string;
  /** base64 */
  content: string;
  cid?: string;
  contentType?: string;
}

export function sealMail(message: MailMessage, key: Uint8Array): string {
  const plain = JSON.stringify({
    ...message,
    attachments: message.attachments?.map((file) => ({ ...file, content: file.content.toString('base64') })),
  });
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(SEAL_CONTEXT);
  const ciphertext = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [SEAL_FORMAT, iv, cipher.getAuthTag(), ciphertext]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
}

export function unsealMail(sealed: string, key: Uint8Array): MailMessage {
  const [format, iv, tag, ciphertext, ...rest] = sealed.split('.');
  if (format !== SEAL_FORMAT || !iv || !tag || !ciphertext || rest.length > 0) {
    throw new Error('the queued message is not in a known format');
  }
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'), { authTagLength: 16 });
  decipher.setAAD(SEAL_CONTEXT);
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  const plain = Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]);
  const parsed = JSON.parse(plain.toString('utf8')) as Omit<MailMessage, 'attachments'> & {
    attachments?: SealedAttachment[];
  };
  return {
    ...parsed,
    attachments: parsed.attachments?.map((file) => ({ ...file, content: Buffer.from(file.content, 'base64') })),
  };
}

/**
 * Queues a message for the worker to send over SMTP, within the caller's transaction when given one, and wakes
 * this process's worker. `notAfter`: the time after which the message is useless (its link expired).
 */
export async function enqueueMail(
  db: Kysely<Database>,
  key: Uint8Array,
  message: MailMessage,
  notAfter: Date | null,
): Promise<void> {
  // the Message-ID is chosen now, once: every attempt of this job sends the same one
  const stamped = { ...message, messageId: message.messageId ?? randomUUID() };
  const payload: QueuedMail = { sealed: sealMail(stamped, key), notAfter: notAfter?.toISOString() ?? null };
  await enqueueJob(db, MAIL_SEND_JOB, payload, { maxAttempts: MAIL_JOB_ATTEMPTS });
  if (!db.isTransaction) queueOf(db)?.wake();
}

/** The worker's side: sends a queued message; a failed attempt throws, to be tried again, unless it never can be. */
export function registerMailJobs(ctx: AppContext, log: JobLog): void {
  ctx.jobs.register(MAIL_SEND_JOB, async (payload, job) => {
    const { sealed, notAfter } = payload as QueuedMail;
    if (notAfter !== null && Date.now() > Date.parse(notAfter)) {
      log.warn({ jobId: job.id }, 'queued mail dropped: its link expired before the mail server took it');
      return;
    }
    const message = unsealMail(sealed, ctx.config.credentialsKey);
    try {
      await ctx.mailer.send(message);
    } catch (error) {
      const failure = classifyMailError(error);
      if (failure.kind === 'temporary') throw error;
      log.warn({ jobId: job.id, to: message.to, reason: failure.reason }, 'queued mail refused for good');
    }
  });
}

/** How a mail leaves: queued for the worker (a request: it never waits on SMTP), or sent now (the CLI reports it). */
export type MailDelivery = 'queued' | 'now';

/**
 * Hands a message to the mailer: over SMTP, queued (enqueueMail) or sent now; without SMTP_URL, kept in the
 * outbox table either way.
 */
export async function deliverMail(
  ctx: Pick<AppContext, 'config' | 'db' | 'mailer'>,
  message: MailMessage,
  options: { delivery?: MailDelivery; notAfter?: Date | null } = {},
): Promise<void> {
  if (ctx.mailer.mode === 'smtp' && (options.delivery ?? 'queued') === 'queued') {
    await enqueueMail(ctx.db, ctx.config.credentialsKey, message, options.notAfter ?? null);
  } else {
    await ctx.mailer.send(message);
  }
}
