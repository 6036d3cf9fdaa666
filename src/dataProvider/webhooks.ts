import type { GetListParams } from 'react-admin';
import { apiRequest } from './apiRequest';

/** One attempt of the delivery log (GET /api/issuer/notif/deliveries), newest first. */
export interface WebhookDeliveryRecord {
  id: number;
  campaignId: number | null;
  url: string;
  method: string;
  attempt: number;
  status: number | null;
  error: string | null;
  at: string;
  nextAttemptAt: string | null;
}

/** How many of the latest attempts the log shows. */
export const DELIVERY_LOG_SIZE = 50;

/** The notifications tab's delivery log as a react-admin resource (read only, the latest attempts). */
export const webhookDeliveries = {
  async getList(params: GetListParams): Promise<{ data: WebhookDeliveryRecord[]; total: number }> {
    const { body } = await apiRequest('/api/issuer/notif/deliveries', 'get', {
      query: { limit: DELIVERY_LOG_SIZE },
    });
    const page = params.pagination ?? { page: 1, perPage: DELIVERY_LOG_SIZE };
    const start = (page.page - 1) * page.perPage;
    return { data: body.slice(start, start + page.perPage), total: body.length };
  },
};

/** The webhook signing secret: whether one exists, and a rotation that answers the new one (shown once). */
export const webhookMethods = {
  getWebhookSecretState: async (): Promise<{ exists: boolean; createdAt: string | null }> =>
    (await apiRequest('/api/issuer/notif/secret', 'get')).body,
  rotateWebhookSecret: async (): Promise<{ secret: string; createdAt: string }> =>
    (await apiRequest('/api/issuer/notif/secret', 'post')).body,
};
