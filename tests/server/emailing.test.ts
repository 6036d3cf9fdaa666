import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { PROFILE } from '../../domain/roles';
import { startSmtpSink } from '../support/smtpSink';
import { addUser, bearer, signIn } from './signIn';
import { publishRows, recipientRows } from './publicationFixtures';
import { type CampaignApp, openCampaignApp } from './campaignApp';
import { TEST_DATABASES } from './testApp';

interface Row {
  EvidenzId: number;
  key: string;
  email: string;
  EmailStatus: string;
}

describe.each(TEST_DATABASES)('sending certificates by email over SMTP on %s', (database) => {
  let mailbox: Awaited<ReturnType<typeof startSmtpSink>>;
  /** recipients the mail server refuses for now (451), read at each recipient */
  const defer: string[] = [];
  // each test's own, from openCampaignApp
  let { t, headers, issuerId, templateId, campaignId } = {} as CampaignApp;
  beforeAll(async () => {
    mailbox = await startSmtpSink({ reject: ['learner3@example.org'], defer });
  });
  afterAll(() => mailbox.close());

  beforeEach(async () => {
    mailbox.messages.length = 0;
    ({ t, headers, issuerId, templateId, campaignId } = await openCampaignApp(database, {
      env: { MAIL_FROM: 'Laurel <hello@laurel.test>' },
      recipients: 3,
      mailbox,
    }));
  });
  afterEach(async () => {
    vi.useRealTimers();
    defer.length = 0;
    await t.close();
  });

  const message = (overrides: Record<string, unknown> = {}) => ({
    templateId,
    campaignId,
    object: 'Your badge is ready',
    sender: { name: 'Campus', email: 'news@campus.example' },
    replyTo: { name: 'Registrar', email: 'registrar@campus.example' },
    language: 'fr',
    ...overrides,
  });
  /** Where the mail's LinkedIn button leads: LinkedIn's form, filled in by the page's redirect (issue 31). */
  const linkedInForm = async (button: string) => {
    const { pathname, search } = new URL(button);
    const answer = await t.app.inject({ method: 'GET', url: `${pathname}${search}` });
    expect(answer.statusCode).toBe(302);
    return new URL(answer.headers.location as string);
  };
  const rows = async (body: Record<string, unknown> = {}) =>
    (
      await t.app.inject({
        method: 'POST',
        url: '/api/admin/data_post',
        headers,
        payload: { campaignId, sort: 'email', order: 'ASC', ...body },
      })
    ).json<{
      data: Row[];
      count: number;
    }>();

  it('sends one message per recipient in the background and records Sent and not delivered', async () => {
    await t.app.laurel.db
      .updateTable('issuers')
      .set({ params: JSON.stringify({ tracking: false }) })
      .where('id', '=', issuerId)
      .execute();
    const settings = await t.app.inject({ method: 'GET', url: '/api/admin/emailing', headers });
    expect(settings.json()).toMatchObject({ domains: expect.arrayContaining(['campus.example']), tracking: false });

    const queued = await t.app.inject({ method: 'POST', url: '/api/admin/emails', headers, payload: message() });
    expect(queued.statusCode, queued.body).toBe(200);
    expect(queued.json()).toEqual({ ok: true, nbEmails: 3 });
    await t.app.laurel.jobs.runUntilIdle();

    const received = await mailbox.waitFor('learner1@example.org');
    expect(received.from).toBe('news@campus.example');
    expect(received.subject).toBe('Your badge is ready');
    expect(received.raw).toMatch(/Reply-To: Registrar <registrar@campus\.example>/);
    expect(received.text).toContain('Bonjour Learner1 Doe');
    const { data } = await rows();
    expect(received.text).toContain(`http://laurel.test/certificate/${data[0].key}`);
    // the PDF and LinkedIn's Add to profile come with it (issue 31), in the mail's language
    expect(received.text).toContain(
      `Télécharger votre PDF: http://laurel.test/certificate/${data[0].key}/certificate.pdf`,
    );
    // the LinkedIn button is the page's own address, which counts the click and leads to LinkedIn's form
    const button = /L’ajouter à votre profil LinkedIn: (\S+)/.exec(received.text)?.[1] ?? '';
    expect(button).toBe(`http://laurel.test/certificate/${data[0].key}/linkedin?lang=fr`);
    const linkedIn = await linkedInForm(button);
    expect(linkedIn.searchParams.get('certId')).toBe(data[0].key);
    expect(linkedIn.searchParams.get('certUrl')).toBe(`http://laurel.test/certificate/${data[0].key}`);
    expect(received.text).not.toContain('/mail/open/');
    expect(mailbox.messages.map((m) => m.to[0]).sort()).toEqual(['learner1@example.org', 'learner2@example.org']);
    expect(data.map((row) => row.EmailStatus)).toEqual(['Sent', 'Sent', 'not delivered']);
    expect((await rows({ mailSent: [2] })).count).toBe(1);
    expect((await rows({ mailSent: [1] })).count).toBe(2);
    expect((await rows({ mailSent: [0] })).count).toBe(0);

    // a repeated run of the same job sends nothing twice
    for (const job of await t.app.laurel.jobs.find({ type: 'emails.send' })) {
      await t.app.laurel.jobs.enqueue(t.app.laurel.db, 'emails.send', job.payload as object);
    }
    await t.app.laurel.jobs.runUntilIdle();
    expect(mailbox.messages).toHaveLength(2);
  });

  it("fixes each message's Message-ID when the send is queued: the same after a lost record or a later attempt", async () => {
    const { data } = await rows();
    const [first, second] = data;
    await t.app.laurel.db
      .updateTable('certificates')
      .set({ expiration_date: '2028-05-31' })
      .where('id', '=', first.EvidenzId)
      .execute();
    defer.push(second.email);
    vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
    const queued = await t.app.inject({ method: 'POST', url: '/api/admin/emails', headers, payload: message() });
    expect(queued.statusCode, queued.body).toBe(200);
    await t.app.laurel.jobs.runUntilIdle();
    const messageId = (mail: { raw: string }) => /^Message-ID: *<([^>]+)>/im.exec(mail.raw)?.[1];
    const to = (email: string) => mailbox.messages.filter((mail) => mail.to.includes(email));

    const [mail] = to(first.email);
    const id = messageId(mail);
    // the request's random part, the certificate, the sender's domain
    expect(id).toMatch(new RegExp(`^[0-9a-f-]{36}\\.${first.EvidenzId}@campus\\.example$`));
    // LinkedIn's form gets the month it was obtained and the month it expires
    const linkedIn = await linkedInForm(/L’ajouter à votre profil LinkedIn: (\S+)/.exec(mail.text)?.[1] ?? '');
    expect(
      Object.fromEntries(
        ['issueYear', 'issueMonth', 'expirationYear', 'expirationMonth'].map((name) => [
          name,
          linkedIn.searchParams.get(name),
        ]),
      ),
    ).toEqual({ issueYear: '2026', issueMonth: '11', expirationYear: '2028', expirationMonth: '5' });

    // the worker died after the mail server took it, before recording it: the job runs again and sends it again
    await t.app.laurel.db
      .updateTable('certificates')
      .set({ mail_sent: null, mail_sent_at: null })
      .where('id', '=', first.EvidenzId)
      .execute();
    const [job] = await t.app.laurel.jobs.find({ type: 'emails.send' });
    await t.app.laurel.jobs.enqueue(t.app.laurel.db, 'emails.send', job.payload as object);
    await t.app.laurel.jobs.runUntilIdle();
    expect(to(first.email).map(messageId)).toEqual([id, id]);

    // the deferred message, taken up by the retry job once the server accepts it: the request's Message-ID
    expect(to(second.email)).toHaveLength(0);
    defer.length = 0;
    const [pending] = await t.app.laurel.db.selectFrom('mail_deliveries').selectAll().execute();
    vi.setSystemTime(Date.parse(pending.next_attempt_at as string) + 1000);
    await t.app.laurel.jobs.runUntilIdle();
    expect(to(second.email).map(messageId)).toEqual([id?.replace(`.${first.EvidenzId}@`, `.${second.EvidenzId}@`)]);

    // another send of the same certificate is another message
    await t.app.inject({
      method: 'POST',
      url: '/api/admin/emails',
      headers,
      payload: message({ campaignId: undefined, ids: `${first.EvidenzId}` }),
    });
    await t.app.laurel.jobs.runUntilIdle();
    const ids = to(first.email).map(messageId);
    expect(ids).toHaveLength(3);
    expect(ids[2]).not.toBe(id);
    expect(ids[2]).toMatch(new RegExp(`^[0-9a-f-]{36}\\.${first.EvidenzId}@campus\\.example$`));
  });

  it('tracks openings only when the issuer asks for it', async () => {
    await t.app.laurel.db
      .updateTable('issuers')
      .set({ params: JSON.stringify({ tracking: true }) })
      .where('id', '=', issuerId)
      .execute();
    const { data } = await rows();
    await t.app.inject({
      method: 'POST',
      url: '/api/admin/emails',
      headers,
      payload: message({ campaignId: undefined, ids: `${data[0].EvidenzId}` }),
    });
    await t.app.laurel.jobs.runUntilIdle();
    const received = await mailbox.waitFor('learner1@example.org');
    expect(received.text).toContain(`http://laurel.test/mail/open/${data[0].key}.gif`);
    const pixel = await t.app.inject({ method: 'GET', url: `/mail/open/${data[0].key}.gif` });
    expect(pixel.statusCode).toBe(200);
    expect(pixel.headers['content-type']).toBe('image/gif');
    expect((await rows()).data[0].EmailStatus).toBe('Read');
    expect((await rows({ mailSent: [3] })).count).toBe(1);
    expect((await t.app.inject({ method: 'GET', url: '/mail/open/not-a-key.gif' })).statusCode).toBe(200);
  });

  it('checks the form on the server, refuses while minting, and refuses Readers', async () => {
    const shouting = await t.app.inject({
      method: 'POST',
      url: '/api/admin/emails',
      headers,
      payload: message({ object: 'YOUR BADGE IS READY' }),
    });
    expect(shouting.statusCode).toBe(400);
    expect(shouting.json().fields).toEqual({ object: 'p-object-error' });
    const foreignSender = await t.app.inject({
      method: 'POST',
      url: '/api/admin/emails',
      headers,
      payload: message({ sender: { name: 'Campus', email: 'news@elsewhere.example' } }),
    });
    expect(foreignSender.json().fields).toEqual({ senderEmail: 'invalid-email-domain' });

    await t.app.laurel.db
      .updateTable('certificates')
      .set({ status_id: 11 })
      .where('campaign_id', '=', campaignId)
      .execute();
    const pending = await t.app.inject({ method: 'POST', url: '/api/admin/emails', headers, payload: message() });
    expect(pending.statusCode).toBe(409);
    expect(pending.json().code).toBe('OPERATION_PENDING');

    await addUser(t.app, issuerId, 'reader@example.org', PROFILE.Reader);
    const reader = bearer(await signIn(t.app, 'reader@example.org', undefined, mailbox));
    const byReader = await t.app.inject({
      method: 'POST',
      url: '/api/admin/emails',
      headers: reader,
      payload: message(),
    });
    expect(byReader.statusCode).toBe(403);
    await t.app.laurel.jobs.runUntilIdle();
    expect(mailbox.messages.filter((m) => m.to[0].startsWith('learner'))).toHaveLength(0);
  });

  it('sends a test message to the test recipients only', async () => {
    const { data } = await rows();
    const test = await t.app.inject({
      method: 'POST',
      url: '/api/admin/emailTest',
      headers,
      payload: message({
        campaignId: undefined,
        ids: `${data[1].EvidenzId};${data[0].EvidenzId}`,
        recipients: 'me@campus.example; boss @campus.example',
      }),
    });
    expect(test.json()).toEqual({ ok: true, nbEmails: 2 });
    const received = await mailbox.waitFor('boss@campus.example');
    expect(received.text).toContain(data[1].key);
    expect(mailbox.messages.map((m) => m.to[0]).sort()).toEqual(['boss@campus.example', 'me@campus.example']);
    expect((await rows()).data.map((row) => row.EmailStatus)).toEqual(['not sent', 'not sent', 'not sent']);
    const noRecipients = await t.app.inject({
      method: 'POST',
      url: '/api/admin/emailTest',
      headers,
      payload: message({ ids: `${data[0].EvidenzId}` }),
    });
    expect(noRecipients.json().fields).toEqual({ recipients: 'recipients-mandatory' });
  });

  it('emails the recipients after a publish that asks for it, with the issuer defaults', async () => {
    await t.app.laurel.db
      .updateTable('issuers')
      .set({
        params: JSON.stringify({ object: 'Well done!', sender: { name: 'Campus', email: 'news@campus.example' } }),
      })
      .where('id', '=', issuerId)
      .execute();
    // each recipient in English and French; their first row gives their language
    const rows = recipientRows(2).flatMap((row, i) => {
      const languages = i === 0 ? ['en', 'fr'] : ['fr', 'en'];
      return languages.map((Language) => ({ ...row, Email: `auto${i}@example.org`, Language }));
    });
    const published = await publishRows(t.app, headers, templateId, rows, { automatedEmailing: true });
    expect(published.statusCode, published.body).toBe(200);
    await t.app.laurel.jobs.runUntilIdle();
    const english = await mailbox.waitFor('auto0@example.org');
    const french = await mailbox.waitFor('auto1@example.org');
    expect(english.subject).toBe('Well done!');
    expect(english.from).toBe('news@campus.example');
    expect(english.text).toContain('has issued you a credential');
    expect(french.text).toContain('vous a délivré une attestation');
    // a campaign published without the option sends nothing
    mailbox.messages.length = 0;
    await publishRows(t.app, headers, templateId, recipientRows(1));
    await t.app.laurel.jobs.runUntilIdle();
    expect(mailbox.messages).toHaveLength(0);
  });

  it('emails a campaign of 50 recipients: 49 messages with their link, the refused one not delivered', async () => {
    const fifty = (await publishRows(t.app, headers, templateId, recipientRows(50))).json().campaignId;
    await t.app.laurel.jobs.runUntilIdle();
    mailbox.messages.length = 0;
    const queued = await t.app.inject({
      method: 'POST',
      url: '/api/admin/emails',
      headers,
      payload: message({ campaignId: fifty, language: 'es' }),
    });
    expect(queued.json()).toEqual({ ok: true, nbEmails: 50 });
    await t.app.laurel.jobs.runUntilIdle();
    expect(mailbox.messages).toHaveLength(49);
    const report = await t.app.inject({
      method: 'POST',
      url: '/api/admin/data_post',
      headers,
      payload: { campaignId: fifty, limit: 100 },
    });
    const rows = report.json<{ data: Row[] }>().data;
    for (const row of rows.filter((r) => r.email !== 'learner3@example.org')) {
      const mail = mailbox.messages.find((m) => m.to[0] === row.email);
      expect(mail?.text).toContain(`http://laurel.test/certificate/${row.key}`);
      expect(mail?.text).toContain('le ha expedido una credencial');
    }
    expect(rows.filter((r) => r.EmailStatus === 'Sent')).toHaveLength(49);
    expect(rows.find((r) => r.email === 'learner3@example.org')?.EmailStatus).toBe('not delivered');
  });
});
