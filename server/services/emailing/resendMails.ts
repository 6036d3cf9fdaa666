import { randomUUID } from 'node:crypto';
import { ENABLED_STATUSES } from '../../../domain/certificates';
import { RECIPIENT_LANGUAGE } from '../../../domain/emailing';
import type { AppContext } from '../../context';
import { nowIso } from '../../db/clock';
import type { ParsedIssuer } from '../../repositories/issuerRows';
import { mailDeliveriesOf, saveMailDelivery } from '../../repositories/mailDeliveries';
import { defaultMessage, mailLanguage, planMailRetryJob, type MessageSettings } from './sendEmails';
import { inTransaction } from '../../db/transactions';
import { failedMailCertificates, markMailUnsent } from '../../repositories/emailing';

/**
 * POST /api/admin/emails/resend: the not-delivered messages of these certificates (the issuer's, active, with an
 * address) go out again, each with the settings it was first sent with (the issuer's defaults when none were
 * kept), through the retry job at once, with a new 24-hour window. They show as not sent until then; other keys
 * are skipped. Answers how many were queued.
 */
export async function resendFailedMails(
  ctx: AppContext,
  issuer: ParsedIssuer,
  keys: readonly string[],
): Promise<{ ok: true; nbEmails: number }> {
  const unique = [...new Set(keys)];
  const certificates = [];
  for (let i = 0; i < unique.length; i += 500) {
    certificates.push(...(await failedMailCertificates(ctx.db, issuer.id, unique.slice(i, i + 500))));
  }
  const failed = certificates.filter((row) => ENABLED_STATUSES.includes(row.status_id) && row.email !== '');
  const kept = new Map<number, string>();
  for (let i = 0; i < failed.length; i += 500) {
    const rows = await mailDeliveriesOf(
      ctx.db,
      issuer.id,
      failed.slice(i, i + 500).map((row) => row.id),
    );
    for (const row of rows) kept.set(row.certificate_id, row.message);
  }
  const now = nowIso();
  for (const certificate of failed) {
    const message =
      kept.get(certificate.id) ??
      JSON.stringify({
        ...defaultMessage(ctx, issuer, certificate.template_id, mailLanguage(certificate.language, RECIPIENT_LANGUAGE)),
        // the kept settings carry their request's Message-ID; these get their own, fixed now for every attempt
        messageId: randomUUID(),
      } satisfies MessageSettings);
    await inTransaction(ctx.db, async (trx) => {
      await saveMailDelivery(trx, {
        certificateId: certificate.id,
        issuerId: issuer.id,
        templateId: certificate.template_id,
        message,
        requestedAt: now,
        state: 'pending',
        attempts: 0,
        windowStartedAt: now,
        nextAttemptAt: now,
        lastError: '',
      });
      await markMailUnsent(trx, certificate.id, now);
    });
  }
  if (failed.length > 0) await planMailRetryJob(ctx);
  return { ok: true, nbEmails: failed.length };
}
