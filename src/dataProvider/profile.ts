import type { NotificationConfig } from '../../domain/notifications';
import type { IssuerProfile } from '../../domain/profileParams';
import { apiFetch } from './httpClient';

/** The issuer's profile, its verification and its notification webhook (spec 000 sections 2.9 and 2.11). */
export const profileMethods = {
  /** GET /api/issuer/{id}/all */
  getIssuerProfile: async (issuerId: number) => (await apiFetch<IssuerProfile>(`/api/issuer/${issuerId}/all`)).body,
  /** PUT /api/issuer/config with {params}: the changed profile parameters */
  saveProfileParams: async (params: Record<string, unknown>) => {
    await apiFetch('/api/issuer/config', { method: 'PUT', json: { params } });
  },
  /** POST /api/issuer/verification: multipart form with the logo and the official document */
  submitAccountVerification: async (form: FormData) => {
    await apiFetch('/api/issuer/verification', { method: 'POST', body: form });
  },
  /** GET /api/issuer/notif: the webhook, or null when none is set */
  getNotificationConfig: async () => (await apiFetch<NotificationConfig | null>('/api/issuer/notif')).body,
  /** PUT /api/issuer/notif: null removes the webhook */
  saveNotificationConfig: async (notification: NotificationConfig | null) => {
    await apiFetch('/api/issuer/notif', { method: 'PUT', json: { notification } });
  },
  /** GET /api/issuer/testnotif: whether the webhook answered */
  testNotification: async () => (await apiFetch<{ ok: boolean }>('/api/issuer/testnotif')).body.ok,
};
