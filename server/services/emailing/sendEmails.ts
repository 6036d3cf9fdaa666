import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { BRAND_NAMES, chooseBrand, type Brand } from '../../../domain/brand';
import { CERTIFICATE_STATUS, ENABLED_STATUSES } from '../../../domain/certificates';
import { sanitizeEmail } from '../../../domain/email';
import {
  DEFAULT_EMAIL_LANGUAGE,
  EMAIL_LANGUAGE_CHOICES,
  EMAIL_LANGUAGES,
  RECIPIENT_LANGUAGE,
  testRecipients,
  validateEmailForm,
  type EmailingSettings,
  type EmailLanguage,
  type EmailLanguageChoice,
  type EmailSendPayload,
} from '../../../domain/emailing';
import { allowedSenderDomains, BRAND_MAIL_DOMAINS } from '../../../domain/profileParams';
import type { AppContext } from '../../context';
import { nowIso } from '../../db/clock';
import type { Database } from '../../db/schema';
import { AppError, badRequest, notFound } from '../../errors';
import { retryWhileDatabaseDown } from '../../db/databaseHealth';
import { translate } from '../../i18n';
import { enqueueJob } from '../jobs/jobQueue';
import {
  claimMailDelivery,
  clearPlannedMailRetry,
  deleteMailDelivery,
  dueMailDeliveries,
  nextPendingMailAttempt,
  planMailRetry,
  plannedMailRetry,
  saveMailDelivery,
} from '../../repositories/mailDeliveries';
import type { MailAddress } from '../mail/mailer';
import { parseJson } from '../../../domain/json';
import { certificateMail, labelIn, type CertificateMailWallet } from './certificateMail';
import { mailsWalletOffer, mailWalletOffer, withdrawMailOffer } from '../walletDelivery/walletDelivery';
import { classifyMailError, nextMailAttemptAt, type MailFailure } from './mailRetrySchedule';
import { inTransaction } from '../../db/transactions';
import {
  automatedMailCertificates,
  campaignEmailing,
  findIssuerTemplateId,
  mailCertificate,
  mailDeliveryCertificateIds,
  mailTargetCertificates,
  mailTemplate,
  markMailOpened,
  setMailOutcome,
  testMailCertificate,
} from '../../repositories/emailing';
import type { ParsedIssuer } from '../../repositories/issuerRows';
import { getIssuer } from '../../repositories/issuers';
import type { ParsedTemplate } from '../../repositories/templateRows';

export const EMAILS_JOB = 'emails.send';
/** Messages in flight at once on the pooled transport. */
const CONCURRENCY = 5;

export interface MessageSettings {
  object: string;
  /** the message's language, or each certificate's own (RECIPIENT_LANGUAGE) */
  language: EmailLanguageChoice;
  from: MailAddress | null;
  replyTo: MailAddress | null;
  /**
   * The request's part of its messages' Message-IDs, chosen when the request is queued (each certificate's is
   * `<messageId>.<certificate id>@<sender's domain>`): a message sent again (its job retried after the worker died
   * between the mail server's acceptance and the record of it, or a later attempt) carries the same Message-ID, by
   * which mail servers and clients drop a second copy. Absent (a test message, a job queued before it existed):
   * nodemailer makes one at each send.
   */
  messageId?: string;
}

export interface EmailsJob {
  issuerId: number;
  templateId: number;
  certificateIds: number[];
  message: MessageSettings;
  /** certificates whose mail went out at or after this time are not sent again when the job is retried */
  requestedAt: string;
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/** The brand this server sends mail for: PUBLIC_URL's, as the product name in its mails. */
export function mailBrand(ctx: Pick<AppContext, 'config'>): Brand {
  return chooseBrand(new URL(ctx.config.publicUrl).hostname);
}

/** GET /api/admin/emailing: what the send-emails form starts from. */
export function emailingSettings(issuer: ParsedIssuer, userEmail: string | null, brand: Brand): EmailingSettings {
  const { params } = issuer.parsed;
  const sender = (params.sender ?? {}) as Record<string, unknown>;
  const replyTo = (params.replyTo ?? {}) as Record<string, unknown>;
  // the issuer's domains, then the brand's own (never the other brand's)
  const domains = allowedSenderDomains(issuer.domains, BRAND_MAIL_DOMAINS[brand]);
  const userInDomain = userEmail !== null && domains.some((domain) => userEmail.endsWith(`@${domain}`));
  return {
    domains,
    mailingTemplates: [],
    defaults: {
      object: text(params.object),
      sender: {
        name: text(sender.name) || issuer.name,
        email:
          text(sender.email) || (userInDomain ? (userEmail as string) : `no-reply@${BRAND_MAIL_DOMAINS[brand][0]}`),
      },
      replyTo: { name: text(replyTo.name), email: text(replyTo.email) },
    },
    tracking: params.tracking === true,
  };
}

function checkPayload(issuer: ParsedIssuer, payload: EmailSendPayload, test: boolean, brand: Brand): MessageSettings {
  const domains = allowedSenderDomains(issuer.domains, BRAND_MAIL_DOMAINS[brand]);
  const form = {
    object: payload.object,
    sender: { name: payload.sender.name, email: payload.sender.email ?? '' },
    replyTo: { name: payload.replyTo?.name ?? '', email: payload.replyTo?.email ?? '' },
    recipients: payload.recipients ?? '',
  };
  const errors = validateEmailForm(form, { domains, test });
  if (Object.keys(errors).length > 0)
    throw badRequest('VALIDATION_ERROR', 'The message is not valid', { fields: errors });
  const language = EMAIL_LANGUAGE_CHOICES.includes(payload.language as EmailLanguageChoice)
    ? (payload.language as EmailLanguageChoice)
    : DEFAULT_EMAIL_LANGUAGE;
  const senderEmail = sanitizeEmail(form.sender.email);
  const replyEmail = sanitizeEmail(form.replyTo.email);
  return {
    object: form.object.trim(),
    language,
    from: senderEmail ? { name: form.sender.name.trim(), address: senderEmail } : null,
    replyTo: replyEmail ? { name: form.replyTo.name.trim(), address: replyEmail } : null,
  };
}

function parseIds(ids: string | undefined): number[] | null {
  if (ids === undefined || ids.trim() === '') return null;
  const list = ids.split(';').map((id) => Number(id.trim()));
  if (list.some((id) => !Number.isInteger(id) || id <= 0)) throw badRequest('VALIDATION_ERROR', 'ids are not valid');
  return [...new Set(list)];
}

/** The certificates a send targets: the ids given, or the whole campaign, within the issuer and template. */
async function targetCertificates(db: Kysely<Database>, issuerId: number, payload: EmailSendPayload) {
  const ids = parseIds(payload.ids);
  if (ids === null && payload.campaignId === undefined) {
    throw badRequest('VALIDATION_ERROR', 'ids or campaignId is required');
  }
  const template = await findIssuerTemplateId(db, issuerId, payload.templateId);
  if (!template) throw notFound('TEMPLATE_NOT_FOUND', 'No such template');
  const rows = [];
  const chunks =
    ids === null
      ? [null]
      : Array.from({ length: Math.ceil(ids.length / 500) }, (_, i) => ids.slice(i * 500, i * 500 + 500));
  for (const chunk of chunks) {
    rows.push(...(await mailTargetCertificates(db, issuerId, payload.templateId, chunk, payload.campaignId)));
  }
  if (rows.some((row) => row.status_id === CERTIFICATE_STATUS.minting)) {
    throw new AppError(409, 'OPERATION_PENDING', 'Some certificates are still being minted: try later');
  }
  return rows.filter((row) => ENABLED_STATUSES.includes(row.status_id) && row.email !== '');
}

/**
 * POST /api/admin/emails: checks the form as the page does, refuses while certificates are minting, and
 * queues one message per active certificate with an address (one per recipient, whatever their languages);
 * the background job sends them.
 */
export async function queueCertificateEmails(
  ctx: AppContext,
  issuer: ParsedIssuer,
  payload: EmailSendPayload,
): Promise<{ ok: true; nbEmails: number }> {
  const message = checkPayload(issuer, payload, false, mailBrand(ctx));
  const certificates = await targetCertificates(ctx.db, issuer.id, payload);
  if (certificates.length === 0) return { ok: true, nbEmails: 0 };
  const job: EmailsJob = {
    issuerId: issuer.id,
    templateId: payload.templateId,
    certificateIds: certificates.map((row) => row.id),
    message,
    requestedAt: nowIso(),
  };
  await inTransaction(ctx.db, (trx) => enqueueEmailJobs(trx, job));
  ctx.jobs.wake();
  return { ok: true, nbEmails: certificates.length };
}

interface MailContext {
  issuer: ParsedIssuer;
  /** the certificate's title in a language, as its public page shows it */
  title: (language: string) => string;
  tracking: boolean;
  productName: string;
}

async function mailContext(ctx: AppContext, issuerId: number, templateId: number): Promise<MailContext> {
  const issuer = await getIssuer(ctx.db, issuerId);
  const template = await mailTemplate(ctx.db, templateId);
  return {
    issuer,
    title: (language) => certificateTitle(template, language),
    tracking: issuer.parsed.params.tracking === true,
    productName: BRAND_NAMES[chooseBrand(new URL(ctx.config.publicUrl).hostname)],
  };
}

/**
 * The certificate's title in `language` (the badge's title, else the template's label in that language), not
 * the template's name in the issuer's list: it is what the recipient sees on the public page.
 */
export function certificateTitle(
  template: { default_language: string; parsed: Pick<ParsedTemplate['parsed'], 'label' | 'content'> },
  language: string,
): string {
  const { content, label } = template.parsed;
  const values = content[language] ?? content[template.default_language] ?? {};
  return values.microcertitle?.trim() || labelIn(label, language);
}

/**
 * The language a certificate's message is written in: the one the sender chose, or with RECIPIENT_LANGUAGE the
 * certificate's own (its recipient's, see publish.ts) when the product has mail texts in it, else English.
 */
export function mailLanguage(certificateLanguage: string, chosen: EmailLanguageChoice): EmailLanguage {
  if (chosen !== RECIPIENT_LANGUAGE) return chosen;
  return EMAIL_LANGUAGES.includes(certificateLanguage as EmailLanguage)
    ? (certificateLanguage as EmailLanguage)
    : DEFAULT_EMAIL_LANGUAGE;
}

/** A certificate's Message-ID (its unique part) within a request's messages, when the request has one. */
export function certificateMessageId(settings: MessageSettings, certificateId: number): string | undefined {
  return settings.messageId ? `${settings.messageId}.${certificateId}` : undefined;
}

function messageFor(
  ctx: AppContext,
  context: MailContext,
  settings: MessageSettings,
  certificate: {
    key: string;
    email: string;
    first_name: string;
    last_name: string;
    obtention_date: string | null;
    expiration_date: string | null;
  },
  to: string,
  withPixel: boolean,
  language: EmailLanguage,
  messageId?: string,
  wallet: CertificateMailWallet | 'specimen' | null = null,
) {
  return certificateMail({
    to,
    language,
    subject: settings.object,
    recipientName: `${certificate.first_name} ${certificate.last_name}`.trim(),
    issuerName: context.issuer.name,
    productName: context.productName,
    title: context.title(language),
    link: `${ctx.config.publicUrl}/certificate/${certificate.key}`,
    pixel: withPixel && context.tracking ? `${ctx.config.publicUrl}/mail/open/${certificate.key}.gif` : null,
    ...(settings.from ? { from: settings.from } : {}),
    ...(settings.replyTo ? { replyTo: settings.replyTo } : {}),
    ...(messageId ? { messageId } : {}),
    wallet,
  });
}

/** POST /api/admin/emailTest: the first certificate's message, sent now to the test recipients only. */
export async function sendTestEmail(
  ctx: AppContext,
  issuer: ParsedIssuer,
  payload: EmailSendPayload,
): Promise<{ ok: true; nbEmails: number }> {
  const settings = checkPayload(issuer, payload, true, mailBrand(ctx));
  const firstId = parseIds(payload.ids)?.[0];
  if (firstId === undefined) throw badRequest('VALIDATION_ERROR', 'ids is required');
  const certificate = await testMailCertificate(ctx.db, issuer.id, payload.templateId, firstId);
  if (!certificate) throw notFound('CERTIFICATE_NOT_FOUND', 'No such certificate');
  const context = await mailContext(ctx, issuer.id, payload.templateId);
  const recipients = testRecipients(payload.recipients ?? '');
  // the test recipients are not the certificate's: no live offer, only where the section goes
  const wallet = (await mailsWalletOffer(ctx, firstId)) ? 'specimen' : null;
  try {
    const language = mailLanguage(certificate.language, settings.language);
    for (const to of recipients) {
      await ctx.mailer.send(messageFor(ctx, context, settings, certificate, to, false, language, undefined, wallet));
    }
  } catch (error) {
    throw new AppError(502, 'MAIL_FAILED', `The mail server refused the message: ${(error as Error).message}`);
  }
  return { ok: true, nbEmails: recipients.length };
}

/** One message to deliver: a certificate's, with the settings it was asked with, maybe after earlier failures. */
interface Outgoing {
  certificateId: number;
  issuerId: number;
  templateId: number;
  message: MessageSettings;
  requestedAt: string;
  /** the failed attempts so far and when their 24-hour window opened; none on the first attempt */
  previous: { attempts: number; windowStartedAt: string } | null;
}

/**
 * Sends each message and records what became of it: accepted (Sent, its pending row removed); refused for good
 * by a 5xx answer (not delivered, the answer kept as the reason); or failed for a passing reason (a 4xx answer, a
 * refused or dropped connection, a time-out), kept pending in mail_deliveries with its next attempt, and not
 * delivered once 24 hours of attempts have failed. Once the server is unreachable, the rest of the batch is
 * recorded with the same failure instead of waiting on it again. Answers how many messages stay pending.
 */
async function deliverMessages(ctx: AppContext, items: readonly Outgoing[]): Promise<number> {
  const contexts = new Map<string, Promise<MailContext>>();
  const contextOf = (item: Outgoing) => {
    const key = `${item.issuerId}:${item.templateId}`;
    if (!contexts.has(key)) contexts.set(key, mailContext(ctx, item.issuerId, item.templateId));
    return contexts.get(key) as Promise<MailContext>;
  };
  const queue = [...items];
  let unreachable: string | null = null;
  let pending = 0;

  const recordFailure = async (item: Outgoing, failure: MailFailure) => {
    const now = new Date();
    const attempts = (item.previous?.attempts ?? 0) + 1;
    const windowStartedAt = item.previous?.windowStartedAt ?? nowIso(now);
    const next =
      failure.kind === 'temporary' ? nextMailAttemptAt(Date.parse(windowStartedAt), attempts, now.getTime()) : null;
    await saveMailDelivery(ctx.db, {
      certificateId: item.certificateId,
      issuerId: item.issuerId,
      templateId: item.templateId,
      message: JSON.stringify(item.message),
      requestedAt: item.requestedAt,
      state: next ? 'pending' : 'failed',
      attempts,
      windowStartedAt,
      nextAttemptAt: next ? nowIso(next) : null,
      lastError: failure.reason,
    });
    if (next) {
      pending += 1;
      return;
    }
    await setMailOutcome(ctx.db, item.certificateId, 0, nowIso());
  };

  const worker = async () => {
    for (let item = queue.shift(); item !== undefined; item = queue.shift()) {
      const certificate = await mailCertificate(ctx.db, item.certificateId);
      // sent or given up for a later request; an outcome in the request's own millisecond came before it (a resend
      // right after a give-up)
      const superseded = certificate?.mail_sent_at != null && certificate.mail_sent_at > item.requestedAt;
      if (!certificate || !ENABLED_STATUSES.includes(certificate.status_id) || certificate.email === '' || superseded) {
        if (item.previous) await deleteMailDelivery(ctx.db, item.certificateId);
        continue;
      }
      if (unreachable !== null) {
        await recordFailure(item, { kind: 'temporary', unreachable: true, reason: unreachable });
        continue;
      }
      // the wallet offer is made as the message is built: its code exists in clear only in this message
      let wallet: Awaited<ReturnType<typeof mailWalletOffer>> = null;
      try {
        const context = await contextOf(item);
        const language = mailLanguage(certificate.language, item.message.language);
        const messageId = certificateMessageId(item.message, certificate.id);
        wallet = await mailWalletOffer(ctx, certificate.id);
        await ctx.mailer.send(
          messageFor(ctx, context, item.message, certificate, certificate.email, true, language, messageId, wallet),
        );
      } catch (error) {
        // a message the server did not take leaves its offer in no mailbox
        if (wallet) await withdrawMailOffer(ctx, wallet.id).catch(() => undefined);
        const failure = classifyMailError(error);
        if (failure.unreachable) unreachable ??= failure.reason;
        await recordFailure(item, failure);
        continue;
      }
      // the mail is gone: its record waits out a database restart rather than fail the job, whose retry would send
      // it again (found by the chaos test, tests/chaos)
      await retryWhileDatabaseDown(async () => {
        await setMailOutcome(ctx.db, certificate.id, 1, nowIso());
        if (item.previous) await deleteMailDelivery(ctx.db, item.certificateId);
      });
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return pending;
}

/** The job: sends each message not yet sent for this request; those that fail for a passing reason wait for a retry. */
export async function runEmailsJob(ctx: AppContext, job: EmailsJob): Promise<void> {
  // a message pending from an earlier request is replaced by this one
  const earlier = await pendingOf(ctx.db, job.certificateIds);
  const items = job.certificateIds.map((certificateId) => ({
    certificateId,
    issuerId: job.issuerId,
    templateId: job.templateId,
    message: job.message,
    requestedAt: job.requestedAt,
    previous: earlier.has(certificateId) ? { attempts: 0, windowStartedAt: job.requestedAt } : null,
  }));
  if ((await deliverMessages(ctx, items)) > 0) await planMailRetryJob(ctx);
}

/** Which of these certificates have an undelivered message on record. */
async function pendingOf(db: Kysely<Database>, ids: readonly number[]): Promise<Set<number>> {
  const found = new Set<number>();
  for (let i = 0; i < ids.length; i += 500) {
    const rows = await mailDeliveryCertificateIds(db, ids.slice(i, i + 500));
    for (const row of rows) found.add(row.certificate_id);
  }
  return found;
}

export const MAIL_RETRY_JOB = 'emails.retry';
/** A claimed message not recorded within this time (its worker died) is taken up by a later round. */
const CLAIM_MS = 10 * 60 * 1000;
/** A planned retry job older than this is taken as lost and planned again. */
const PLAN_STALE_MS = 15 * 60 * 1000;
const RETRY_PAGE = 200;
const RETRY_PAGES_PER_RUN = 50;

/**
 * Plans the retry job for the earliest pending attempt, unless a job already runs by then: every failure shares
 * one planned job (mail_retry_schedule), whatever the job queue offers.
 */
export async function planMailRetryJob(ctx: AppContext): Promise<void> {
  const next = await nextPendingMailAttempt(ctx.db);
  if (next === null) return;
  const planned = await plannedMailRetry(ctx.db);
  const now = Date.now();
  if (planned !== null && planned <= next && Date.parse(planned) > now - PLAN_STALE_MS) return;
  await planMailRetry(ctx.db, next);
  await enqueueJob(ctx.db, MAIL_RETRY_JOB, {}, { runAt: new Date(Math.max(now, Date.parse(next))), maxAttempts: 3 });
  ctx.jobs.wake();
}

/**
 * The retry job: takes the pending messages that are due (each claimed, so two workers never send one twice),
 * tries them again, then plans the next run for the earliest attempt left.
 */
export async function runMailRetries(ctx: AppContext): Promise<void> {
  await clearPlannedMailRetry(ctx.db, nowIso());
  for (let page = 0; page < RETRY_PAGES_PER_RUN; page++) {
    const now = new Date();
    const due = await dueMailDeliveries(ctx.db, nowIso(now), RETRY_PAGE);
    if (due.length === 0) break;
    const claimUntil = nowIso(new Date(now.getTime() + CLAIM_MS));
    const items: Outgoing[] = [];
    for (const row of due) {
      if (!(await claimMailDelivery(ctx.db, row, claimUntil))) continue;
      items.push({
        certificateId: row.certificate_id,
        issuerId: row.issuer_id,
        templateId: row.template_id,
        message: parseJson<MessageSettings>(row.message, {
          object: '',
          language: DEFAULT_EMAIL_LANGUAGE,
          from: null,
          replyTo: null,
        }),
        requestedAt: row.requested_at,
        previous: { attempts: row.attempts, windowStartedAt: row.window_started_at },
      });
    }
    await deliverMessages(ctx, items);
  }
  await planMailRetryJob(ctx);
}

export function registerEmailJobs(ctx: AppContext): void {
  ctx.jobs.register(EMAILS_JOB, (payload) => runEmailsJob(ctx, payload as EmailsJob));
  ctx.jobs.register(MAIL_RETRY_JOB, () => runMailRetries(ctx));
}

/** The open-tracking image: marks the first opening of a sent message. */
export async function recordMailOpened(db: Kysely<Database>, key: string): Promise<void> {
  await markMailOpened(db, key, nowIso());
}

/**
 * A message with the issuer's default subject, sender and reply-to in `language`; defaults that do not pass the
 * form's rules fall back to the product's sender and a plain subject.
 */
export function defaultMessage(
  ctx: AppContext,
  issuer: ParsedIssuer,
  templateId: number,
  language: EmailLanguage,
): MessageSettings {
  const { defaults } = emailingSettings(issuer, null, mailBrand(ctx));
  try {
    return checkPayload(issuer, { templateId, ...defaults, language }, false, mailBrand(ctx));
  } catch {
    return {
      object: translate(language, 'mail.certificate.subject', { issuer: issuer.name }),
      language,
      from: null,
      replyTo: null,
    };
  }
}

/**
 * The "automated emailing" of a publish: the campaign's recipients get their certificate with the issuer's
 * default subject, sender and reply-to, in each certificate's language when it is en, fr or es. Defaults that
 * do not pass the form's rules fall back to the product's sender and a plain subject.
 */
/** Certificates per emails job: a job interrupted (a crash, a lapsed lease) costs an attempt of this many only. */
const EMAILS_PER_JOB = 200;
/** Sending is idempotent (a message sent for the request is skipped), so an interrupted job may be taken up often. */
const EMAILS_JOB_ATTEMPTS = 10;

/**
 * The request's jobs, one per EMAILS_PER_JOB certificates, in the caller's transaction. One job for a whole campaign
 * lost its unsent mails once it had been interrupted more often than its attempts (the chaos test's full form: a
 * 10,000-recipient job killed 4 times left 9,034 mails unsent).
 */
async function enqueueEmailJobs(db: Kysely<Database>, job: EmailsJob): Promise<void> {
  // the Message-IDs are chosen now, once: every attempt of these jobs, and every retry after them, sends the same
  const message = { ...job.message, messageId: job.message.messageId ?? randomUUID() };
  for (let i = 0; i < job.certificateIds.length; i += EMAILS_PER_JOB) {
    const certificateIds = job.certificateIds.slice(i, i + EMAILS_PER_JOB);
    await enqueueJob(db, EMAILS_JOB, { ...job, message, certificateIds }, { maxAttempts: EMAILS_JOB_ATTEMPTS });
  }
}

export async function queueAutomatedEmails(ctx: AppContext, issuerId: number, campaignId: number): Promise<number> {
  const campaign = await campaignEmailing(ctx.db, campaignId);
  if (!campaign || campaign.automated_emailing !== 1) return 0;
  const issuer = await getIssuer(ctx.db, issuerId);
  const certificates = await automatedMailCertificates(ctx.db, campaignId);
  const byLanguage = new Map<EmailLanguage, number[]>();
  for (const certificate of certificates) {
    const language = mailLanguage(certificate.language, RECIPIENT_LANGUAGE);
    byLanguage.set(language, [...(byLanguage.get(language) ?? []), certificate.id]);
  }
  for (const [language, ids] of byLanguage) {
    const message = defaultMessage(ctx, issuer, campaign.template_id, language);
    const job: EmailsJob = {
      issuerId,
      templateId: campaign.template_id,
      certificateIds: ids,
      message,
      requestedAt: nowIso(),
    };
    await enqueueEmailJobs(ctx.db, job);
  }
  return certificates.length;
}
