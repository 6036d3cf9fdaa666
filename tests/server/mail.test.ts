import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listOutbox } from '../../server/repositories/outbox';
import { loginLinkIn, startSmtpSink } from '../support/smtpSink';
import { createTestApp } from './testApp';

describe('mail', () => {
  let mailbox: Awaited<ReturnType<typeof startSmtpSink>>;
  beforeAll(async () => {
    mailbox = await startSmtpSink();
  });
  afterAll(() => mailbox.close());

  it('sends the sign-in link over real SMTP when SMTP_URL is set, in the asked language', async () => {
    const t = await createTestApp('sqlite', { SMTP_URL: mailbox.url, MAIL_FROM: 'Laurel <hello@laurel.test>' });
    try {
      const response = await t.app.inject({ method: 'POST', url: '/api/admin/login?email=admin@example.org&lang=es' });
      expect(response.statusCode).toBe(200);
      // the request queued the link and answered; the worker sends it
      expect(mailbox.messages).toHaveLength(0);
      expect(await t.app.laurel.jobs.find({ type: 'mail.send', states: ['queued'] })).toHaveLength(1);
      await t.app.laurel.jobs.runUntilIdle();
      const mail = await mailbox.waitFor('admin@example.org');
      expect(mail.from).toBe('hello@laurel.test');
      expect(mail.subject).toBe('Su enlace de acceso a Laurel');
      expect(loginLinkIn(mail)).toMatch(/^http:\/\/laurel\.test\/login\//);
      expect(mail.text).toContain('My organisation');
      expect(await listOutbox(t.app.laurel.db)).toHaveLength(0);
    } finally {
      await t.close();
    }
  });

  it('keeps mail in the outbox when no SMTP server is configured', async () => {
    const t = await createTestApp('sqlite');
    try {
      await t.app.inject({ method: 'POST', url: '/api/admin/login?email=admin@example.org' });
      const [message] = await listOutbox(t.app.laurel.db);
      expect(message).toMatchObject({ to_address: 'admin@example.org', subject: 'Your Laurel sign-in link' });
      expect(message.html_body).toContain('<a href="http://laurel.test/login/');
    } finally {
      await t.close();
    }
  });
});
