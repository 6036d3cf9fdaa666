import type { Kysely } from 'kysely';
import { parseNotificationConfig, type NotificationConfig } from '../../domain/notifications';
import { nowIso } from '../db/clock';
import type { Database, WebhookDelivery } from '../db/schema';
import { parseIssuerParams } from './issuerRows';

/** The issuer's webhook, kept in its params under `notification`; null when none is set. */
export async function findNotificationConfig(
  db: Kysely<Database>,
  issuerId: number,
): Promise<NotificationConfig | null> {
  const row = await db.selectFrom('issuers').select('params').where('id', '=', issuerId).executeTakeFirst();
  return row ? parseNotificationConfig(parseIssuerParams(row.params).notification) : null;
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
    const params = parseIssuerParams(row.params);
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
    nextAttemptAt?: string | null;
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
      next_attempt_at: delivery.nextAttemptAt ?? null,
    })
    .execute();
}

/** The issuer's delivery attempts, oldest first. */
export function listWebhookDeliveries(db: Kysely<Database>, issuerId: number): Promise<WebhookDelivery[]> {
  return db.selectFrom('webhook_deliveries').selectAll().where('issuer_id', '=', issuerId).orderBy('id').execute();
}

/** The issuer's latest delivery attempts, newest first (the delivery log). */
export function latestWebhookDeliveries(
  db: Kysely<Database>,
  issuerId: number,
  limit: number,
): Promise<WebhookDelivery[]> {
  return db
    .selectFrom('webhook_deliveries')
    .selectAll()
    .where('issuer_id', '=', issuerId)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

export async function findWebhookSecret(
  db: Kysely<Database>,
  issuerId: number,
): Promise<{ secret: string; created_at: string } | undefined> {
  return db
    .selectFrom('webhook_secrets')
    .select(['secret', 'created_at'])
    .where('issuer_id', '=', issuerId)
    .executeTakeFirst();
}

/** Replaces (or sets) the issuer's signing secret. */
export async function saveWebhookSecret(db: Kysely<Database>, issuerId: number, secret: string): Promise<string> {
  const createdAt = nowIso();
  await db
    .insertInto('webhook_secrets')
    .values({ issuer_id: issuerId, secret, created_at: createdAt })
    .onConflict((oc) => oc.column('issuer_id').doUpdateSet({ secret, created_at: createdAt }))
    .execute();
  return createdAt;
}

/** Sets the secret only when the issuer has none yet (two first deliveries racing keep one secret). */
export async function ensureWebhookSecret(db: Kysely<Database>, issuerId: number, secret: string): Promise<string> {
  await db
    .insertInto('webhook_secrets')
    .values({ issuer_id: issuerId, secret, created_at: nowIso() })
    .onConflict((oc) => oc.column('issuer_id').doNothing())
    .execute();
  return (await findWebhookSecret(db, issuerId))?.secret ?? secret;
}

/** Notes on the latest recorded attempt of a campaign's delivery when the next round will run. */
export async function planNextWebhookAttempt(
  db: Kysely<Database>,
  issuerId: number,
  campaignId: number,
  at: string,
): Promise<void> {
  const latest = await db
    .selectFrom('webhook_deliveries')
    .select('id')
    .where('issuer_id', '=', issuerId)
    .where('campaign_id', '=', campaignId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (latest)
    await db.updateTable('webhook_deliveries').set({ next_attempt_at: at }).where('id', '=', latest.id).execute();
}

/** Whether an attempt to call the campaign's webhook was recorded (whatever its outcome). */
export async function hasWebhookDelivery(db: Kysely<Database>, issuerId: number, campaignId: number): Promise<boolean> {
  const found = await db
    .selectFrom('webhook_deliveries')
    .select('id')
    .where('issuer_id', '=', issuerId)
    .where('campaign_id', '=', campaignId)
    .limit(1)
    .executeTakeFirst();
  return found !== undefined;
}
