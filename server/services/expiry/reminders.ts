import { BRAND_NAMES, chooseBrand } from '../../../domain/brand';
import { escapeHtml } from '../../../domain/rendering/html';
import { RECIPIENT_LANGUAGE, type EmailLanguage } from '../../../domain/emailing';
import { dueReminders, REMINDER_MAX_DAYS } from '../../../domain/expiry';
import { todayIso } from '../../../domain/import/blankFile';
import { formatLocalDate } from '../../../domain/localDate';
import type { AppContext } from '../../context';
import { translate } from '../../i18n';
import {
  findIssuerContactEmail,
  listExpiringCertificates,
  recordExpiryReminder,
  type ExpiringCertificate,
} from '../../repositories/expiryReminders';
import { findIssuer } from '../../repositories/issuers';
import type { ParsedTemplate } from '../../repositories/templateRows';
import { findIssuerTemplate } from '../../repositories/templates';
import { certificateTitle, defaultMessage, mailLanguage } from '../emailing/sendEmails';
import { enqueueJob } from '../jobs/jobQueue';
import { deliverMail } from '../mail/mailQueue';
import type { MailMessage } from '../mail/mailer';

/**
 * Expiry reminders (issue 28). There is no cron: the sweep is a job, EXPIRY_SWEEP_JOB, that the worker runs and that
 * queues its own next run for the next day (a singleton per day: one queued at a time, whatever the number of
 * workers or restarts); the app queues one when it starts. Each run looks at validated certificates expiring within the
 * largest offset, and for each one whose reminder day has come records the offset in expiry_reminders (unique per
 * certificate and offset) before the mail is queued: a reminder goes once, even when two sweeps meet. When a sweep
 * finds several offsets due at once (the worker was down, or a certificate was published a few days before its
 * expiry), it sends the nearest and records the others as skipped.
 */
export const EXPIRY_SWEEP_JOB = 'expiry.sweep';

/** A reminder: the credential, when it expires (in days and as a date) and the link. */
export function expiryReminderMail(input: {
  to: string;
  language: EmailLanguage;
  name: string;
  issuer: string;
  title: string;
  product: string;
  expiration: string;
  days: number;
  link: string;
  /** the issuer's copy: says whose credential it is */
  issuerCopy: boolean;
  from: MailMessage['from'] | null;
  replyTo: MailMessage['replyTo'] | null;
}): MailMessage {
  const t = (key: string) =>
    translate(input.language, `mail.expiring.${key}`, {
      name: input.name,
      issuer: input.issuer,
      title: input.title,
      product: input.product,
      date: formatLocalDate(input.expiration, input.language),
      days: String(input.days),
      email: input.to,
    });
  const greeting = input.issuerCopy ? t('issuerGreeting') : input.name ? t('greeting') : t('greetingNoName');
  const intro = input.issuerCopy ? t('issuerIntro') : t('intro');
  const text = `${greeting}\n\n${intro}\n\n${t('renew')}\n\n${input.link}\n\n${t('footer')}\n`;
  const html = `<!doctype html><html lang="${input.language}"><body style="font-family:Arial,sans-serif;color:#1f2937;line-height:1.5">
<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(intro)}</p>
<p>${escapeHtml(t('renew'))}</p>
<p><a href="${escapeHtml(input.link)}" style="display:inline-block;padding:10px 18px;background:#1f5c4a;color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(t('action'))}</a></p>
<p style="font-size:12px;color:#9ca3af;word-break:break-all">${escapeHtml(input.link)}</p>
<p style="font-size:12px;color:#6b7280">${escapeHtml(t('footer'))}</p>
</body></html>`;
  return {
    to: input.to,
    subject: input.issuerCopy ? t('issuerSubject') : t('subject'),
    text,
    html,
    ...(input.from ? { from: input.from } : {}),
    ...(input.replyTo ? { replyTo: input.replyTo } : {}),
  };
}

export interface SweepResult {
  /** reminders sent to recipients */
  sent: number;
  /** copies to issuers */
  issuerCopies: number;
  /** offsets passed over because a nearer one went */
  skipped: number;
}

/** One sweep on `today` (ISO day; the clock's today by default). */
export async function sweepExpiryReminders(ctx: AppContext, today = todayIso()): Promise<SweepResult> {
  const until = new Date(Date.parse(`${today}T00:00:00Z`) + REMINDER_MAX_DAYS * 86_400_000).toISOString().slice(0, 10);
  const certificates = await listExpiringCertificates(ctx.db, today, until);
  const templates = new Map<number, ParsedTemplate | null>();
  const result: SweepResult = { sent: 0, issuerCopies: 0, skipped: 0 };
  for (const certificate of certificates) {
    if (!templates.has(certificate.template_id)) {
      templates.set(
        certificate.template_id,
        (await findIssuerTemplate(ctx.db, certificate.issuer_id, certificate.template_id)) ?? null,
      );
    }
    const template = templates.get(certificate.template_id);
    if (!template) continue;
    const { reminderDays } = template.parsed.expiry;
    const due = dueReminders(certificate.expiration_date, today, reminderDays, certificate.sent);
    for (const offset of due.skip)
      if (await recordExpiryReminder(ctx.db, certificate.id, offset, true)) result.skipped++;
    if (due.send === null || !(await recordExpiryReminder(ctx.db, certificate.id, due.send))) continue;
    const copies = await sendReminder(ctx, certificate, template, due.send);
    result.sent++;
    result.issuerCopies += copies;
  }
  return result;
}

async function sendReminder(
  ctx: AppContext,
  certificate: ExpiringCertificate,
  template: ParsedTemplate,
  days: number,
): Promise<number> {
  const issuer = await findIssuer(ctx.db, certificate.issuer_id);
  if (!issuer) return 0;
  const product = BRAND_NAMES[chooseBrand(new URL(ctx.config.publicUrl).hostname)];
  const language = mailLanguage(certificate.language, RECIPIENT_LANGUAGE);
  const settings = defaultMessage(ctx, issuer, template.id, language);
  const common = {
    language,
    name: `${certificate.first_name} ${certificate.last_name}`.trim(),
    issuer: issuer.name,
    title: certificateTitle(template, certificate.language),
    product,
    expiration: certificate.expiration_date,
    days,
    link: `${ctx.config.publicUrl}/certificate/${certificate.key}`,
    from: settings.from,
    replyTo: settings.replyTo,
  };
  await deliverMail(ctx, expiryReminderMail({ ...common, to: certificate.email, issuerCopy: false }));
  const { remindIssuer, issuerReminderEmail } = template.parsed.expiry;
  if (!remindIssuer) return 0;
  const to = issuerReminderEmail || (await findIssuerContactEmail(ctx.db, certificate.issuer_id));
  if (!to) return 0;
  // the issuer's copy is in the recipient's mail language (issuers have no language of their own here)
  await deliverMail(ctx, expiryReminderMail({ ...common, to, issuerCopy: true }));
  return 1;
}

/**
 * Queues the sweep of runAt's day; nothing when that day's is queued or running already (a singleton per day: the
 * running sweep can queue the next day's).
 */
export async function scheduleExpirySweep(ctx: Pick<AppContext, 'db'>, runAt: Date): Promise<void> {
  const singletonKey = `${EXPIRY_SWEEP_JOB}:${runAt.toISOString().slice(0, 10)}`;
  await enqueueJob(ctx.db, EXPIRY_SWEEP_JOB, {}, { runAt, singletonKey, maxAttempts: 3 });
}

function nextSweepTime(now = new Date()): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1, 0, 10));
}

/** The worker's side: sweeps, then queues tomorrow's sweep. */
export function registerExpiryJobs(ctx: AppContext): void {
  ctx.jobs.register(EXPIRY_SWEEP_JOB, async () => {
    await sweepExpiryReminders(ctx);
    await scheduleExpirySweep(ctx, nextSweepTime());
  });
}

/** At start: a sweep now, unless one is queued (it then runs at its time). */
export async function startExpirySweeps(ctx: AppContext): Promise<void> {
  await scheduleExpirySweep(ctx, new Date());
}
