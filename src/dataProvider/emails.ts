import type { EmailingSettings, EmailSendPayload } from '../../domain/emailing';
import { apiFetch } from './httpClient';

/** Sending may be off where the product is shown (demo) or tried (staging). */
export type EmailingPageSettings = EmailingSettings & { disabled?: 'demo' | 'staging' | null };

export interface EmailsSent {
  ok: boolean;
  nbEmails: number;
}

/** The send-emails page's calls (spec 002 sections 2.3 and 5). */
export const emailMethods = {
  /** GET /api/admin/emailing: the authorised sender domains and the issuer's defaults the form starts from. */
  getEmailingSettings: async (): Promise<EmailingPageSettings> =>
    (await apiFetch<EmailingPageSettings>('/api/admin/emailing')).body,
  /** POST /api/admin/emails: queues one message per recipient of the target. */
  sendEmails: async (payload: EmailSendPayload): Promise<EmailsSent> =>
    (await apiFetch<EmailsSent>('/api/admin/emails', { method: 'POST', json: payload })).body,
  /** POST /api/admin/emailTest: the first certificate's message, to the test recipients only. */
  sendTestEmail: async (payload: EmailSendPayload): Promise<EmailsSent> =>
    (await apiFetch<EmailsSent>('/api/admin/emailTest', { method: 'POST', json: payload })).body,
  /** POST /api/admin/emails/resend: the not-delivered messages of these certificates go out again. */
  resendEmails: async (keys: string[]): Promise<EmailsSent> =>
    (await apiFetch<EmailsSent>('/api/admin/emails/resend', { method: 'POST', json: { keys } })).body,
};
