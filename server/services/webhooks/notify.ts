import { renderNotification } from '../../../domain/notifications';
import type { AppContext } from '../../context';
import { findNotificationConfig } from '../../repositories/webhooks';
import { deliverWithRetries, type DeliveryOutcome, type RetryOptions } from './deliver';
import { webhookSettings, type WebhookSettings } from './settings';

/** The id a test call puts in place of ${campaignId}: no campaign has it. */
export const TEST_CAMPAIGN_ID = 0;

export type NotificationResult = DeliveryOutcome & { attempts: number };

/**
 * Sends the issuer's webhook for a published campaign, with retries, every attempt recorded. Meant for the
 * publication's background job; answers null when the issuer has no webhook, and never throws for a failed call.
 */
export async function notifyCampaignPublished(
  ctx: Pick<AppContext, 'db'>,
  issuerId: number,
  campaignId: number,
  settings: WebhookSettings = webhookSettings(),
  retry: RetryOptions = {},
): Promise<NotificationResult | null> {
  const config = await findNotificationConfig(ctx.db, issuerId);
  if (!config || config.url.trim() === '') return null;
  return deliverWithRetries(ctx.db, { issuerId, campaignId }, renderNotification(config, campaignId), settings, retry);
}

/** The administrator's Test button: one attempt with a sample campaign id, recorded without a campaign. */
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
    renderNotification(config, TEST_CAMPAIGN_ID),
    settings,
    { attempts: 1 },
  );
}
