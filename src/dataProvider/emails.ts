import { apiRequest, type ApiBody, type ApiResult } from './apiRequest';

/**
 * What the send-emails form starts from (GET /api/admin/emailing). `disabled` is the web app's own: the spec shows
 * an alert where sending is off (demo, staging), but the server has no such environment yet and never sends it.
 */
export type EmailingPageSettings = ApiResult<'/api/admin/emailing', 'get'> & { disabled?: 'demo' | 'staging' | null };

/** A send or a test: the target, the message and its sender (domain/emailing.ts's EmailSendPayload). */
export type EmailSendBody = ApiBody<'/api/admin/emails', 'post'>;

/** How many messages were queued. */
export type EmailsSent = ApiResult<'/api/admin/emails', 'post'>;

/** The send-emails page's calls (spec 002 sections 2.3 and 5). */
export const emailMethods = {
  /** GET /api/admin/emailing: the authorised sender domains and the issuer's defaults the form starts from. */
  getEmailingSettings: async (): Promise<EmailingPageSettings> => (await apiRequest('/api/admin/emailing', 'get')).body,
  /** POST /api/admin/emails: queues one message per recipient of the target. */
  sendEmails: async (payload: EmailSendBody): Promise<EmailsSent> =>
    (await apiRequest('/api/admin/emails', 'post', { json: payload })).body,
  /** POST /api/admin/emailTest: the first certificate's message, to the test recipients only. */
  sendTestEmail: async (payload: EmailSendBody): Promise<EmailsSent> =>
    (await apiRequest('/api/admin/emailTest', 'post', { json: payload })).body,
  /** POST /api/admin/emails/resend: the not-delivered messages of these certificates go out again. */
  resendEmails: async (keys: string[]): Promise<EmailsSent> =>
    (await apiRequest('/api/admin/emails/resend', 'post', { json: { keys } })).body,
};
