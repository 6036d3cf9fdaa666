import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { EMAIL_LANGUAGE_CHOICES } from '../../domain/emailing';
import { CERTIFICATE_KEY_PATTERN } from '../../domain/certificates';
import { authOf } from '../auth/guard';
import type { AppContext } from '../context';
import {
  emailingSettings,
  mailBrand,
  queueCertificateEmails,
  recordMailOpened,
  sendTestEmail,
} from '../services/emailing/sendEmails';
import { resendFailedMails } from '../services/emailing/resendMails';
import { emailingSettingsAnswer, emailsQueuedAnswer } from './responseSchemas';

const sendPayload = z.object({
  templateId: z.coerce.number().int().positive(),
  campaignId: z.coerce.number().int().positive().optional(),
  ids: z.string().max(200_000).optional(),
  object: z.string().max(200),
  sender: z.object({ name: z.string().max(100), email: z.string().max(320).optional() }),
  replyTo: z.object({ name: z.string().max(100).optional(), email: z.string().max(320) }).optional(),
  mailingTemplateId: z.string().max(100).optional(),
  language: z.enum(EMAIL_LANGUAGE_CHOICES).optional(),
  recipients: z.string().max(5000).optional(),
});

/** 1×1 transparent GIF. */
const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

// the routes' own schemas, built once per process rather than for every app
const emailsResendBody = z.object({ keys: z.array(z.string().regex(CERTIFICATE_KEY_PATTERN)).min(1).max(5000) });
const emailsResendAnswer = z.object({ ok: z.literal(true), nbEmails: z.number().int() });
const mailOpenParams = z.object({ file: z.string().max(140) });

/** Sending certificates by email (spec 002 sections 2.3 and 7) and the open-tracking image. */
export async function emailingRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/admin/emailing',
    {
      config: { access: { resource: 'emails', action: 'list' } },
      schema: {
        summary: 'What the send-emails form starts from: authorised sender domains, defaults, tracking',
        response: { 200: emailingSettingsAnswer },
      },
    },
    async (request) => {
      const auth = authOf(request);
      return emailingSettings(auth.issuer, auth.kind === 'session' ? auth.user.email : null, mailBrand(ctx));
    },
  );

  api.post(
    '/api/admin/emails',
    {
      config: { access: { resource: 'emails', action: 'send' } },
      schema: {
        summary: 'Email their certificate to the recipients of the ids given (or of the campaign), in the background',
        body: sendPayload,
        response: { 200: emailsQueuedAnswer },
      },
    },
    async (request) => queueCertificateEmails(ctx, authOf(request).issuer, request.body),
  );

  api.post(
    '/api/admin/emails/resend',
    {
      config: { access: { resource: 'emails', action: 'send' } },
      schema: {
        summary:
          'Send the not-delivered messages of these certificates again (active ones with an address), in the background',
        body: emailsResendBody,
        response: { 200: emailsResendAnswer },
      },
    },
    async (request) => resendFailedMails(ctx, authOf(request).issuer, request.body.keys),
  );

  api.post(
    '/api/admin/emailTest',
    {
      config: { access: { resource: 'emails', action: 'send' } },
      schema: {
        summary: "Send the first id's message to the test recipients only",
        body: sendPayload,
        response: { 200: emailsQueuedAnswer },
      },
    },
    async (request) => sendTestEmail(ctx, authOf(request).issuer, request.body),
  );

  api.get(
    '/mail/open/:file',
    {
      config: { auth: 'public' },
      schema: { hide: true, params: mailOpenParams },
    },
    async (request, reply) => {
      const key = request.params.file.replace(/\.gif$/, '');
      if (CERTIFICATE_KEY_PATTERN.test(key)) await recordMailOpened(ctx.db, key);
      return reply.header('cache-control', 'no-store').type('image/gif').send(PIXEL);
    },
  );
}
