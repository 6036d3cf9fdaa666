import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  NOTIFICATION_CONTENT_MAX_LENGTH,
  NOTIFICATION_METHODS,
  NOTIFICATION_URL_MAX_LENGTH,
  validateNotificationConfig,
} from '../../domain/notifications';
import type { Action } from '../../domain/permissions';
import { authOf } from '../auth/guard';
import type { AppContext } from '../context';
import { badRequest } from '../errors';
import {
  findNotificationConfig,
  findWebhookSecret,
  latestWebhookDeliveries,
  saveNotificationConfig,
  saveWebhookSecret,
} from '../repositories/webhooks';
import { sendTestNotification } from '../services/webhooks/notify';
import { webhookSettings, type WebhookSettings } from '../settings/webhooks';
import { newWebhookSecret } from '../services/webhooks/signing';

const notificationConfig = z.object({
  url: z.string().trim().max(NOTIFICATION_URL_MAX_LENGTH),
  method: z.enum(NOTIFICATION_METHODS),
  content: z.string().max(NOTIFICATION_CONTENT_MAX_LENGTH),
});

const testAnswer = z.object({ ok: z.boolean(), status: z.number().int().optional(), error: z.string().optional() });

// built once per process rather than for every app
const notificationBody = z.object({ notification: notificationConfig.nullable() });
const secretAnswer = z.object({ secret: z.string(), createdAt: z.string() });
const secretStateAnswer = z.object({ exists: z.boolean(), createdAt: z.string().nullable() });
const deliveriesQuery = z.object({ limit: z.coerce.number().int().min(1).max(200).default(50) });
const deliveriesAnswer = z.array(
  z.object({
    id: z.number(),
    campaignId: z.number().nullable(),
    url: z.string(),
    method: z.string(),
    attempt: z.number(),
    status: z.number().nullable(),
    error: z.string().nullable(),
    at: z.string(),
    nextAttemptAt: z.string().nullable(),
  }),
);

/**
 * The notification webhook of the admin area (spec 000 sections 2.9, 3, 5 and 7), for Administrators only.
 * The update is PUT /api/issuer/notif rather than the spec's PUT /api/issuer/config (docs/decisions.md).
 */
export async function notificationRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  settings: WebhookSettings = webhookSettings(),
): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const access = (action: Action) => ({ access: { resource: 'notifications' as const, action } });

  api.get(
    '/api/issuer/notif',
    {
      config: access('show'),
      schema: {
        summary: "The issuer's notification webhook, or null",
        response: { 200: notificationConfig.nullable() },
      },
    },
    async (request) => findNotificationConfig(ctx.db, authOf(request).issuer.id),
  );

  api.put(
    '/api/issuer/notif',
    {
      config: access('edit'),
      schema: {
        summary: 'Set the notification webhook (${campaignId} is replaced by the campaign id), or remove it with null',
        body: notificationBody,
        response: { 200: notificationBody },
      },
    },
    async (request) => {
      const { notification } = request.body;
      if (notification) {
        const errors = validateNotificationConfig(notification);
        if (Object.keys(errors).length > 0) {
          throw badRequest('INVALID_NOTIFICATION', 'The notification settings are not valid', { errors });
        }
      }
      await saveNotificationConfig(ctx.db, authOf(request).issuer.id, notification);
      return { notification };
    },
  );

  api.post(
    '/api/issuer/notif/secret',
    {
      config: access('edit'),
      schema: {
        summary:
          'Make a new webhook signing secret, replacing the current one at once; the answer is the only time it is shown',
        response: { 200: secretAnswer },
      },
    },
    async (request) => {
      const secret = newWebhookSecret();
      const createdAt = await saveWebhookSecret(ctx.db, authOf(request).issuer.id, secret);
      return { secret, createdAt };
    },
  );

  api.get(
    '/api/issuer/notif/secret',
    {
      config: access('show'),
      schema: {
        summary: 'Whether the webhook signing secret exists and when it was made (never the secret itself)',
        response: { 200: secretStateAnswer },
      },
    },
    async (request) => {
      const found = await findWebhookSecret(ctx.db, authOf(request).issuer.id);
      return { exists: found !== undefined, createdAt: found?.created_at ?? null };
    },
  );

  api.get(
    '/api/issuer/notif/deliveries',
    {
      config: access('show'),
      schema: {
        summary: 'The delivery log: the latest webhook attempts, newest first, with the next planned attempt',
        querystring: deliveriesQuery,
        response: { 200: deliveriesAnswer },
      },
    },
    async (request) => {
      const rows = await latestWebhookDeliveries(ctx.db, authOf(request).issuer.id, request.query.limit);
      return rows.map((row) => ({
        id: row.id,
        campaignId: row.campaign_id,
        url: row.url,
        method: row.method,
        attempt: row.attempt,
        status: row.status_code,
        error: row.error,
        at: row.created_at,
        nextAttemptAt: row.next_attempt_at,
      }));
    },
  );

  api.get(
    '/api/issuer/testnotif',
    {
      config: access('send'),
      schema: {
        summary: 'Send one test request to the notification webhook (campaign id 0) and tell whether it answered 2xx',
        response: { 200: testAnswer },
      },
    },
    async (request) => {
      const result = await sendTestNotification(ctx, authOf(request).issuer.id, settings);
      if (!result) return { ok: false, error: 'No notification webhook is set' };
      return {
        ok: result.ok,
        ...(result.status === null ? {} : { status: result.status }),
        ...(result.error === null ? {} : { error: result.error }),
      };
    },
  );
}
