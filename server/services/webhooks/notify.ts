import { randomUUID } from 'node:crypto';
import { renderNotification } from '../../../domain/notifications';
import type { AppContext } from '../../context';
import { enqueueJob } from '../jobs/jobQueue';
import { ensureWebhookSecret, findNotificationConfig, planNextWebhookAttempt } from '../../repositories/webhooks';
import { deliverWithRetries, type DeliveryOutcome, type RetryOptions } from './deliver';
import { webhookSettings, type WebhookSettings } from '../../settings/webhooks';
import { campaignDeliveryId, newWebhookSecret } from './signing';

/** The id a test call puts in place of ${campaignId}: no campaign has it. */
export const TEST_CAMPAIGN_ID = 0;

/** A campaign's webhook is tried again, with back-off, for this long after its first attempt. */
export const RETRY_WINDOW_MS = 24 * 60 * 60 * 1000;
/** The wait before the first later round, doubled for each further one (5, 10, 20 … minutes, last at 24 h). */
export const RETRY_FIRST_DELAY_MS = 5 * 60 * 1000;
export const WEBHOOK_RETRY_JOB = 'webhook.retry';

export type NotificationResult = DeliveryOutcome & { attempts: number };

interface RetryJob {
  issuerId: number;
  campaignId: number;
  /** when the first attempt was made (ms since 1970): the retry window counts from it */
  firstAttemptAt: number;
  /** how many later rounds ran before this one */
  round: number;
  /** the number the next attempt is recorded with */
  attempt: number;
}

/** When the next round runs, or null once the 24-hour window is over. */
export function nextRetryAt(firstAttemptAt: number, round: number, now = Date.now()): Date | null {
  const end = firstAttemptAt + RETRY_WINDOW_MS;
  if (now >= end) return null;
  return new Date(Math.min(now + RETRY_FIRST_DELAY_MS * 2 ** round, end));
}

/** The issuer's signing secret; made on the first delivery when the administrator has not made one yet. */
function signingSecret(ctx: Pick<AppContext, 'db'>, issuerId: number): Promise<string> {
  return ensureWebhookSecret(ctx.db, issuerId, newWebhookSecret());
}

async function deliverRound(
  ctx: Pick<AppContext, 'db'> & Partial<Pick<AppContext, 'jobs'>>,
  job: RetryJob,
  settings: WebhookSettings,
  retry: RetryOptions,
): Promise<NotificationResult | null> {
  const config = await findNotificationConfig(ctx.db, job.issuerId);
  if (!config || config.url.trim() === '') return null;
  const request = {
    ...renderNotification(config, job.campaignId),
    secret: await signingSecret(ctx, job.issuerId),
    deliveryId: campaignDeliveryId(job.campaignId, 'published'),
  };
  const target = { issuerId: job.issuerId, campaignId: job.campaignId };
  const result = await deliverWithRetries(ctx.db, target, request, settings, { ...retry, firstAttempt: job.attempt });
  const next = !result.ok && result.retryable ? nextRetryAt(job.firstAttemptAt, job.round) : null;
  if (next) {
    const later: RetryJob = { ...job, round: job.round + 1, attempt: result.attempts + 1 };
    await enqueueJob(ctx.db, WEBHOOK_RETRY_JOB, later, { runAt: next, maxAttempts: 1 });
    await planNextWebhookAttempt(ctx.db, job.issuerId, job.campaignId, next.toISOString());
  }
  return result;
}

/**
 * Sends the issuer's webhook for a published campaign, signed, with quick retries, every attempt recorded; when
 * it still fails with a temporary error, later rounds are queued with back-off for 24 hours. Meant for the
 * publication's background job; answers null when the issuer has no webhook, and never throws for a failed call.
 */
export async function notifyCampaignPublished(
  ctx: Pick<AppContext, 'db'> & Partial<Pick<AppContext, 'jobs'>>,
  issuerId: number,
  campaignId: number,
  settings: WebhookSettings = webhookSettings(),
  retry: RetryOptions = {},
): Promise<NotificationResult | null> {
  const job: RetryJob = { issuerId, campaignId, firstAttemptAt: Date.now(), round: 0, attempt: 1 };
  return deliverRound(ctx, job, settings, retry);
}

/** The later rounds run as jobs of the in-process worker: one attempt each, then the next round is planned. */
export function registerWebhookJobs(ctx: AppContext): void {
  ctx.jobs.register(WEBHOOK_RETRY_JOB, async (payload) => {
    await deliverRound(ctx, payload as RetryJob, ctx.config.webhooks, { attempts: 1 });
  });
}

/** The administrator's Test button: one signed attempt with a sample campaign id, recorded without a campaign. */
export async function sendTestNotification(
  ctx: Pick<AppContext, 'db'>,
  issuerId: number,
  settings: WebhookSettings,
): Promise<NotificationResult | null> {
  const config = await findNotificationConfig(ctx.db, issuerId);
  if (!config || config.url.trim() === '') return null;
  return deliverWithRetries(
    ctx.db,
    { issuerId, campaignId: null },
    {
      ...renderNotification(config, TEST_CAMPAIGN_ID),
      secret: await signingSecret(ctx, issuerId),
      deliveryId: `test-${randomUUID()}`,
    },
    settings,
    { attempts: 1 },
  );
}
