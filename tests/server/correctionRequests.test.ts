import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CERTIFICATE_STATUS } from '../../domain/certificates';
import { PROFILE } from '../../domain/roles';
import { startSmtpSink } from '../support/smtpSink';
import { type CampaignApp, openCampaignApp } from './campaignApp';
import { addIssuer, addUser, bearer, signIn } from './signIn';
import { TEST_DATABASES } from './testApp';

/**
 * Issue 28, "the recipient asks for a correction": the public page's request behind a mailed 'correction' code, the
 * issuer's approval (a corrected re-issue) or refusal (a mail with the message), the automatic approval of small
 * name changes, and the tenant boundary; over a real SMTP server on loopback.
 */

const CODE_IN_MAIL = /^(\d{6})$/m;

describe.each(TEST_DATABASES)('correction requests on %s', (database) => {
  let mailbox: Awaited<ReturnType<typeof startSmtpSink>>;
  let { t, headers, issuerId, campaignId } = {} as CampaignApp;
  let certificates: { id: number; key: string; email: string }[];

  beforeAll(async () => {
    mailbox = await startSmtpSink();
  });
  afterAll(() => mailbox.close());

  beforeEach(async () => {
    mailbox.messages.length = 0;
    ({ t, headers, issuerId, campaignId } = await openCampaignApp(database, {
      env: { MAIL_FROM: 'Laurel <hello@laurel.test>', PUBLIC_URL: 'https://laurel.test' },
      recipients: 3,
      mailbox,
    }));
    certificates = await t.app.laurel.db
      .selectFrom('certificates')
      .select(['id', 'key', 'email'])
      .where('campaign_id', '=', campaignId)
      .orderBy('email')
      .execute();
  }, 60_000);
  afterEach(async () => {
    await t.close();
  });

  const db = () => t.app.laurel.db;
  const form = (url: string, fields: Record<string, string>, ip = '198.51.100.9') =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(fields).toString(),
      remoteAddress: ip,
    });
  const mailedCode = async (key: string, email: string) => {
    const since = mailbox.messages.length;
    const asked = await form(`/certificate/${key}/correction/code`, { lang: 'en' });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.body).toContain('name="field.firstName"');
    await t.app.laurel.jobs.runUntilIdle();
    const mail = await mailbox.waitFor(email, { since });
    expect(mail.subject).toBe('Your code to ask for a correction of your credential');
    return CODE_IN_MAIL.exec(mail.text)?.[1] as string;
  };
  const ask = (key: string, code: string, fields: Record<string, string>, message = '') =>
    form(`/certificate/${key}/correction`, {
      lang: 'en',
      code,
      message,
      ...Object.fromEntries(Object.entries(fields).map(([name, value]) => [`field.${name}`, value])),
    });
  const requests = async (caller = headers, query = '') => {
    const answer = await t.app.inject({
      method: 'GET',
      url: `/api/admin/correction-requests${query}`,
      headers: caller,
    });
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json<{ data: { id: number; status: string; replacementKey: string | null }[]; total: number }>();
  };
  const certificate = (key: string) =>
    db().selectFrom('certificates').selectAll().where('key', '=', key).executeTakeFirstOrThrow();
  const setAuto = (on: boolean) =>
    db()
      .updateTable('issuers')
      .set({ auto_approve_corrections: on ? 1 : 0 })
      .where('id', '=', issuerId)
      .execute();

  it('the public page links the request; the recipient asks with the mailed code, a wrong code is refused', async () => {
    const [first] = certificates;
    const page = await t.app.inject({ method: 'GET', url: `/certificate/${first.key}` });
    expect(page.body).toContain(`/certificate/${first.key}/correction?lang=`);
    const start = await t.app.inject({ method: 'GET', url: `/certificate/${first.key}/correction?lang=fr` });
    expect(start.statusCode).toBe(200);
    expect(start.body).toContain('Demander une correction');
    expect(start.headers['cache-control']).toBe('no-store');
    expect(start.headers['content-security-policy']).toContain("default-src 'none'");

    const code = await mailedCode(first.key, first.email);
    const wrongCode = code === '000000' ? '111111' : '000000';
    const wrong = await ask(first.key, wrongCode, { firstName: 'Lerner1' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.body).toContain('Tries left: 4');
    // a request that changes nothing is refused without spending the code
    const nothing = await ask(first.key, code, { firstName: 'Learner1' });
    expect(nothing.statusCode).toBe(400);
    expect(nothing.body).toContain('Change at least one field.');
    const notAllowed = await ask(first.key, code, { Email: 'thief@example.org' });
    expect(notAllowed.statusCode).toBe(400);
    expect((await requests()).total).toBe(0);

    const sent = await ask(first.key, code, { firstName: 'Learner One' }, 'My name is spelt in full');
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.body).toContain('Your request was sent');
    const list = await requests(headers, '?status=pending');
    expect(list.total).toBe(1);
    const one = await t.app.inject({
      method: 'GET',
      url: `/api/admin/correction-requests/${list.data[0].id}`,
      headers,
    });
    expect(one.json()).toMatchObject({
      certificateKey: first.key,
      status: 'pending',
      changes: { firstName: { from: 'Learner1', to: 'Learner One' } },
      message: 'My name is spelt in full',
    });
    // the code worked once
    const again = await ask(first.key, code, { firstName: 'Learner Uno' });
    expect(again.statusCode).toBe(410);
    // a second ask with a new code replaces the pending one
    const second = await mailedCode(first.key, first.email);
    expect((await ask(first.key, second, { lastName: 'Doé' })).statusCode).toBe(200);
    const replaced = await requests();
    expect(replaced.total).toBe(1);
    expect((await requests()).data[0]).toMatchObject({ id: list.data[0].id });
  });

  it('approval re-issues the certificate with the correction and mails the recipient', async () => {
    const [first] = certificates;
    const code = await mailedCode(first.key, first.email);
    expect((await ask(first.key, code, { lastName: 'Lovelace' })).statusCode).toBe(200);
    const [request] = (await requests()).data;
    const since = mailbox.messages.length;
    const approved = await t.app.inject({
      method: 'POST',
      url: `/api/admin/correction-requests/${request.id}/approve`,
      headers,
      payload: {},
    });
    expect(approved.statusCode, approved.body).toBe(200);
    const answer = approved.json<{ status: string; replacementKey: string; answeredBy: number | null }>();
    expect(answer.status).toBe('approved');
    expect(answer.answeredBy).toEqual(expect.any(Number));
    expect((await certificate(first.key)).status_id).toBe(CERTIFICATE_STATUS.replaced);
    const corrected = await certificate(answer.replacementKey);
    expect(corrected).toMatchObject({ last_name: 'Lovelace', first_name: 'Learner1', email: first.email });
    await t.app.laurel.jobs.runUntilIdle();
    const mail = await mailbox.waitFor(first.email, { since });
    expect(mail.subject).toContain('was corrected');
    expect(mail.text).toContain('lastName: Doe → Lovelace');
    // the old page links the new one
    const oldPage = await t.app.inject({ method: 'GET', url: `/certificate/${first.key}` });
    expect(oldPage.body).toContain(`/certificate/${answer.replacementKey}`);
    // answered once
    const twice = await t.app.inject({
      method: 'POST',
      url: `/api/admin/correction-requests/${request.id}/refuse`,
      headers,
      payload: { message: 'no' },
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ code: 'ERR_CORRECTION_ANSWERED' });
  });

  it('refusal mails the message in the recipient language and re-issues nothing', async () => {
    const [, second] = certificates;
    await db().updateTable('certificates').set({ language: 'fr' }).where('id', '=', second.id).execute();
    const code = await mailedCode(second.key, second.email);
    expect((await ask(second.key, code, { firstName: 'Someone Else' })).statusCode).toBe(200);
    const [request] = (await requests()).data;
    const empty = await t.app.inject({
      method: 'POST',
      url: `/api/admin/correction-requests/${request.id}/refuse`,
      headers,
      payload: { message: '  ' },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ code: 'ERR_CORRECTION_ANSWER_REQUIRED' });
    const since = mailbox.messages.length;
    const refused = await t.app.inject({
      method: 'POST',
      url: `/api/admin/correction-requests/${request.id}/refuse`,
      headers,
      payload: { message: 'Our records show the name as issued.' },
    });
    expect(refused.statusCode, refused.body).toBe(200);
    expect(refused.json()).toMatchObject({ status: 'refused', answer: 'Our records show the name as issued.' });
    await t.app.laurel.jobs.runUntilIdle();
    const mail = await mailbox.waitFor(second.email, { since });
    expect(mail.subject).toContain('Votre demande de correction');
    expect(mail.text).toContain('Our records show the name as issued.');
    expect((await certificate(second.key)).status_id).toBe(CERTIFICATE_STATUS.validated);
    expect((await db().selectFrom('certificate_replacements').select('id').execute()).length).toBe(0);
  });

  it('approves a one- or two-letter name change at once when the issuer turned it on, once per certificate', async () => {
    const [first, second] = certificates;
    // off (the default): stays pending
    let code = await mailedCode(first.key, first.email);
    expect((await ask(first.key, code, { firstName: 'Learner2' })).statusCode).toBe(200);
    expect((await requests()).data[0].status).toBe('pending');

    await setAuto(true);
    // a big change stays pending
    code = await mailedCode(second.key, second.email);
    const big = await ask(second.key, code, { firstName: 'Completely Different' });
    expect(big.body).toContain('Your request was sent');
    expect((await requests(headers, `?certificate=${second.key}`)).data[0].status).toBe('pending');
    // a small one is approved at once (replacing the pending one)
    code = await mailedCode(first.key, first.email);
    const small = await ask(first.key, code, { firstName: 'Learner3' });
    expect(small.statusCode, small.body).toBe(200);
    expect(small.body).toContain('Your correction was made at once');
    const [auto] = (await requests(headers, `?certificate=${first.key}`)).data;
    expect(auto).toMatchObject({ status: 'approved', automatic: true, answeredBy: null });
    const corrected = await certificate(auto.replacementKey as string);
    expect(corrected.first_name).toBe('Learner3');
    await t.app.laurel.jobs.runUntilIdle();
    // only once: the corrected certificate's next small change waits for the issuer
    code = await mailedCode(corrected.key, first.email);
    const next = await ask(corrected.key, code, { firstName: 'Learner4' });
    expect(next.body).toContain('Your request was sent');
    expect((await requests(headers, `?certificate=${corrected.key}`)).data[0].status).toBe('pending');
  });

  it('the report filters the certificates with a pending request and marks them; the setting is the issuer’s', async () => {
    const [first] = certificates;
    const code = await mailedCode(first.key, first.email);
    expect((await ask(first.key, code, { firstName: 'Ada' })).statusCode).toBe(200);
    const [request] = (await requests()).data;
    const report = await t.app.inject({
      method: 'POST',
      url: '/api/admin/data_post',
      headers,
      payload: { campaignId, correction: true },
    });
    expect(report.statusCode, report.body).toBe(200);
    const rows = report.json<{ data: { key: string; CorrectionRequestId: number | null }[]; count: number }>();
    expect(rows.count).toBe(1);
    expect(rows.data[0]).toMatchObject({ key: first.key, CorrectionRequestId: request.id });
    const all = await t.app.inject({ method: 'POST', url: '/api/admin/data_post', headers, payload: { campaignId } });
    expect(all.json<{ count: number }>().count).toBe(3);

    const settings = () => t.app.inject({ method: 'GET', url: '/api/admin/correction-settings', headers });
    expect((await settings()).json()).toEqual({ autoApprove: false });
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/correction-settings',
      headers,
      payload: { autoApprove: true },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect((await settings()).json()).toEqual({ autoApprove: true });
  });

  it('another issuer cannot see, approve or refuse the requests', async () => {
    const [first] = certificates;
    const code = await mailedCode(first.key, first.email);
    expect((await ask(first.key, code, { firstName: 'Ada' })).statusCode).toBe(200);
    const [request] = (await requests()).data;
    const other = await addIssuer(t.app, 'Other school');
    await addUser(t.app, other, 'admin@other.example', PROFILE.Administrator);
    const outsider = bearer(await signIn(t.app, 'admin@other.example', other, mailbox));
    expect((await requests(outsider)).total).toBe(0);
    for (const [method, url, payload] of [
      ['GET', `/api/admin/correction-requests/${request.id}`, undefined],
      ['POST', `/api/admin/correction-requests/${request.id}/approve`, {}],
      ['POST', `/api/admin/correction-requests/${request.id}/refuse`, { message: 'no' }],
    ] as const) {
      const answer = await t.app.inject({ method, url, headers: outsider, ...(payload ? { payload } : {}) });
      expect(answer.statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await certificate(first.key)).status_id).toBe(CERTIFICATE_STATUS.validated);
    expect((await requests()).data[0].status).toBe('pending');
  });
});
