import type { Kysely } from 'kysely';
import { parseNotificationConfig, type NotificationConfig } from '../../domain/notifications';
import { nowIso } from '../db/clock';
import type { Database, WebhookDelivery } from '../db/schema';

function parsedParams(params: string): Record<string, unknown> {
  const value: unknown = JSON.parse(params);
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

/** The issuer's webhook, kept in its params under `notification`; null when none is set. */
export async function findNotificationConfig(
  db: Kysely<Database>,
  issuerId: number,
): Promise<NotificationConfig | null> {
  const row = await db.selectFrom('issuers').select('params').where('id', '=', issuerId).executeTakeFirst();
  return row ? parseNotificationConfig(parsedParams(row.params).notification) : null;
}

/**
 * Sets (or with null removes) the issuer's webhook and leaves its other params as they are. The write only
 * lands if params are still what was read, so a concurrent change of another param is never overwritten.
 */
export async function saveNotificationConfig(
  db: Kysely<Database>,
  issuerId: number,
  config: NotificationConfig | null,
): Promise<boolean> {
  for (let tries = 0; tries < 5; tries += 1) {
    const row = await db.selectFrom('issuers').select('params').where('id', '=', issuerId).executeTakeFirst();
    if (!row) return false;
    const params = parsedParams(row.params);
    if (config) params.notification = config;
    else delete params.notification;
    const result = await db
      .updateTable('issuers')
      .set({ params: JSON.stringify(params) })
      .where('id', '=', issuerId)
      .where('params', '=', row.params)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) > 0) return true;
  }
  throw new Error(`the params of issuer ${issuerId} kept changing while saving its notification webhook`);
}

export async function insertWebhookDelivery(
  db: Kysely<Database>,
  delivery: {
    issuerId: number;
    campaignId: number | null;
    url: string;
    method: string;
    attempt: number;
    statusCode: number | null;
    error: string | null;
  },
): Promise<void> {
  await db
    .insertInto('webhook_deliveries')
    .values({
      issuer_id: delivery.issuerId,
      campaign_id: delivery.campaignId,
      url: delivery.url,
      method: delivery.method,
      attempt: delivery.attempt,
      status_code: delivery.statusCode,
      error: delivery.error,
      created_at: nowIso(),
    })
    .execute();
}

/** The issuer's delivery attempts, oldest first. */
export function listWebhookDeliveries(db: Kysely<Database>, issuerId: number): Promise<WebhookDelivery[]> {
  return db.selectFrom('webhook_deliveries').selectAll().where('issuer_id', '=', issuerId).orderBy('id').execute();
}
