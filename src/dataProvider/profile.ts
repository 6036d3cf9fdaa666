import { apiRequest, apiUpload, type ApiBody, type ApiResult } from './apiRequest';

/** The issuer's profile as GET /api/issuer/{id}/all answers it. */
export type IssuerProfileAnswer = ApiResult<'/api/issuer/{id}/all', 'get'>;
/** The profile parameters PUT /api/issuer/config merges into the stored ones (null removes one). */
export type ProfileParamsUpdate = Extract<ApiBody<'/api/issuer/config', 'put'>, { params: unknown }>['params'];
/** The notification webhook: PUT /api/issuer/notif's body, GET's answer (null when none is set). */
export type NotificationSetting = ApiBody<'/api/issuer/notif', 'put'>['notification'];

/** The issuer's profile, its verification and its notification webhook (spec 000 sections 2.9 and 2.11). */
export const profileMethods = {
  /** GET /api/issuer/{id}/all */
  getIssuerProfile: async (issuerId: number) =>
    (await apiRequest('/api/issuer/{id}/all', 'get', { path: { id: issuerId } })).body,
  /** PUT /api/issuer/config with {params}: the changed profile parameters */
  saveProfileParams: async (params: ProfileParamsUpdate) => {
    await apiRequest('/api/issuer/config', 'put', { json: { params } });
  },
  /** POST /api/issuer/verification: multipart form with the logo and the official document */
  submitAccountVerification: async (form: FormData) => {
    await apiUpload('/api/issuer/verification', 'post', form);
  },
  /** GET /api/issuer/notif: the webhook, or null when none is set */
  getNotificationConfig: async () => (await apiRequest('/api/issuer/notif', 'get')).body,
  /** PUT /api/issuer/notif: null removes the webhook */
  saveNotificationConfig: async (notification: NotificationSetting) => {
    await apiRequest('/api/issuer/notif', 'put', { json: { notification } });
  },
  /** GET /api/issuer/testnotif: whether the webhook answered */
  testNotification: async () => (await apiRequest('/api/issuer/testnotif', 'get')).body.ok,
};
