import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROFILE } from '../../domain/roles';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { listOutbox } from '../../server/repositories/outbox';
import { enqueueJob } from '../../server/services/jobs/jobQueue';
import { MAIL_SEND_JOB } from '../../server/services/mail/mailQueue';
import { signInAdmin } from './signIn';
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

  it('sends a queued message that runs twice (a worker killed after the mail server took it) with one Message-ID', async () => {
    const t = await createTestApp('sqlite', { SMTP_URL: mailbox.url, MAIL_FROM: 'Laurel <hello@laurel.test>' });
    try {
      const before = mailbox.messages.length;
      const response = await t.app.inject({ method: 'POST', url: '/api/admin/login?email=admin@example.org' });
      expect(response.statusCode).toBe(200);
      const [queued] = await t.app.laurel.jobs.find({ type: MAIL_SEND_JOB, states: ['queued'] });
      await t.app.laurel.jobs.runUntilIdle();
      // the same job's payload run again, as the queue does when the worker died before recording the job done
      await enqueueJob(t.app.laurel.db, MAIL_SEND_JOB, queued.payload as object);
      await t.app.laurel.jobs.runUntilIdle();
      const sent = mailbox.messages.slice(before).filter((mail) => mail.to.includes('admin@example.org'));
      expect(sent).toHaveLength(2);
      const ids = sent.map((mail) => /^Message-ID: *(<[^>]+>)/im.exec(mail.raw)?.[1]);
      expect(ids[0]).toMatch(/^<[0-9a-f-]{36}@laurel\.test>$/);
      expect(ids[1]).toBe(ids[0]);
      // another message gets another id
      await t.app.inject({ method: 'POST', url: '/api/admin/login?email=admin@example.org' });
      await t.app.laurel.jobs.runUntilIdle();
      const third = mailbox.messages.slice(before).filter((mail) => mail.to.includes('admin@example.org'))[2];
      expect(/^Message-ID: *(<[^>]+>)/im.exec(third.raw)?.[1]).not.toBe(ids[0]);
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

  it('prints the links of sign-in and of an invitation in the log when no SMTP server is configured', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'laurel-test-'));
    const lines: { msg: string }[] = [];
    const app = await buildApp(
      loadConfig({ DATA_DIR: dataDir, PUBLIC_URL: 'http://laurel.test', WEB_ROOT: 'none', JOB_POLL_MS: '0' }),
      {
        logger: { level: 'info', stream: { write: (line: string) => lines.push(JSON.parse(line) as { msg: string }) } },
      },
    );
    try {
      const { headers } = await signInAdmin(app);
      const added = await app.inject({
        method: 'POST',
        url: '/api/admin/user',
        headers,
        payload: {
          firstName: 'Grace',
          lastName: 'Hopper',
          email: 'grace@example.org',
          profile: PROFILE.Manager,
          notify: true,
        },
      });
      expect(added.statusCode, added.body).toBe(201);
      const [invitation] = await listOutbox(app.laurel.db, 'grace@example.org');
      const link = /http:\/\/laurel\.test\/login\/[A-Za-z0-9_-]{43}/.exec(invitation.text_body)?.[0];
      expect(link).toBeDefined();
      const messages = lines.map((line) => line.msg);
      expect(messages).toContain(`invitation link for grace@example.org: ${link}`);
      expect(
        messages.some((message) => message.startsWith('sign-in link for admin@example.org: http://laurel.test/login/')),
      ).toBe(true);

      // a user added without an invitation: no link anywhere
      await app.inject({
        method: 'POST',
        url: '/api/admin/user',
        headers,
        payload: {
          firstName: 'Alan',
          lastName: 'Turing',
          email: 'alan@example.org',
          profile: PROFILE.Manager,
          notify: false,
        },
      });
      expect(lines.some((line) => line.msg.includes('alan@example.org'))).toBe(false);
    } finally {
      await app.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
