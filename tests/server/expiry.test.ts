import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CERTIFICATE_STATUS } from '../../domain/certificates';
import { addPeriod } from '../../domain/expiry';
import { todayIso } from '../../domain/import';
import { sweepExpiryReminders } from '../../server/services/expiry/reminders';
import { signInAdmin } from './signIn';
import { publishRows, recipientRows } from './publicationFixtures';
import { badgePayload, pngImage, postForm, registryPayload, svgLogo } from './templateFixtures';
import { createTestApp, TEST_DATABASES, type TestApp } from './testApp';

/** Issue 28, "Expiry and renewal": a template's validity, and the reminders before expiry (the sweep's today injected). */
describe.each(TEST_DATABASES)('expiry on %s', (database) => {
  let t: TestApp;
  let headers: Record<string, string>;
  let issuerId: number;
  let templateId: number;
  let keys: string[];
  const db = () => t.app.laurel.db;

  beforeEach(async () => {
    t = await createTestApp(database);
    ({ headers, issuerId } = await signInAdmin(t.app));
    const created = await postForm(
      t.app,
      headers,
      badgePayload({
        expiry: {
          validity: { amount: 1, unit: 'years' },
          reminderDays: [7, 60],
          remindIssuer: true,
          issuerReminderEmail: 'office@example.org',
        },
      }),
      [svgLogo()],
    );
    expect(created.statusCode, created.body).toBe(201);
    templateId = created.json<{ id: number }>().id;
    const rows = recipientRows(4);
    // the row's own date wins over the template's validity
    rows[3].ExpirationDate = '2030-01-31';
    const published = await publishRows(t.app, headers, templateId, rows);
    expect(published.statusCode, published.body).toBe(200);
    await t.app.laurel.jobs.runUntilIdle();
    keys = (await db().selectFrom('certificates').select('key').orderBy('id').execute()).map((row) => row.key);
    // French, to check the reminder's language
    await db().updateTable('certificates').set({ language: 'fr' }).where('key', '=', keys[1]).execute();
  });
  afterEach(async () => {
    await t.close();
  });

  const outbox = () => db().selectFrom('outbox').select(['to_address', 'subject', 'text_body']).orderBy('id').execute();
  const reminders = () =>
    db().selectFrom('expiry_reminders').select(['certificate_id', 'offset_days', 'skipped']).orderBy('id').execute();

  it('keeps the settings, and gives a row without a date the template’s validity from its obtention date', async () => {
    const definition = await t.app.inject({ method: 'GET', url: `/api/admin/template?id=${templateId}`, headers });
    expect(definition.statusCode, definition.body).toBe(200);
    const certificates = await db()
      .selectFrom('certificates')
      .select(['obtention_date', 'expiration_date'])
      .orderBy('id')
      .execute();
    expect(certificates.map((c) => c.expiration_date?.slice(0, 10))).toEqual([
      '2027-11-20',
      '2027-11-20',
      '2027-11-20',
      '2030-01-31',
    ]);
    const credential = await t.app.inject({ method: 'GET', url: `/api/credentials/${keys[0]}` });
    if (credential.statusCode === 200) expect(credential.body).toContain('2027-11-20');
  });

  it('gives the import its validity, and a row without an obtention date the publication day’s expiry', async () => {
    const data = await t.app.inject({
      method: 'GET',
      url: `/api/issuer/${issuerId}/template/${templateId}/data`,
      headers,
    });
    expect(data.json()).toMatchObject({ validity: { amount: 1, unit: 'years' } });
    const rows = recipientRows(1).map((row) => ({ ...row, ID: 'L-90', Email: 'new@example.org', obtentionDate: '' }));
    const published = await publishRows(t.app, headers, templateId, rows);
    expect(published.statusCode, published.body).toBe(200);
    const certificate = await db()
      .selectFrom('certificates')
      .select('expiration_date')
      .where('campaign_id', '=', published.json<{ campaignId: number }>().campaignId)
      .executeTakeFirstOrThrow();
    // what the import preview showed for the row: today plus the validity
    expect(certificate.expiration_date?.slice(0, 10)).toBe(addPeriod(todayIso(), { amount: 1, unit: 'years' }));
  });

  it('keeps a registry template’s expiry as a badge’s: saved, sent back to the editor, given to the import', async () => {
    const expiry = {
      validity: { amount: 6, unit: 'months' },
      reminderDays: [30],
      remindIssuer: false,
      issuerReminderEmail: '',
    };
    const created = await postForm(
      t.app,
      headers,
      registryPayload({ expiry }),
      [pngImage('badgeImage', 'rncp.png')],
      'rncp',
    );
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json<{ id: number }>().id;
    const definition = await t.app.inject({
      method: 'GET',
      url: `/api/issuer/${issuerId}/template/${id}/json`,
      headers,
    });
    expect(definition.json()).toMatchObject({ type: 'cpf_onshelf', expiry });
    const data = await t.app.inject({ method: 'GET', url: `/api/issuer/${issuerId}/template/${id}/data`, headers });
    expect(data.json()).toMatchObject({ validity: { amount: 6, unit: 'months' } });

    // an update that says it never expires clears the validity
    const updated = await postForm(
      t.app,
      headers,
      registryPayload({ mode: 'update', id, expiry: { ...expiry, validity: null } }),
      [pngImage('badgeImage', 'rncp.png')],
      'rncp',
    );
    expect(updated.statusCode, updated.body).toBeLessThan(300);
    const after = await t.app.inject({ method: 'GET', url: `/api/issuer/${issuerId}/template/${id}/data`, headers });
    expect(after.json()).toMatchObject({ validity: null });
  });

  it('refuses reminder days that repeat or are out of range', async () => {
    const refused = await postForm(
      t.app,
      headers,
      badgePayload({
        expiry: { validity: null, reminderDays: [7, 7], remindIssuer: false, issuerReminderEmail: '' },
      }),
      [svgLogo()],
    );
    expect(refused.statusCode).toBe(400);
    const outOfRange = await postForm(
      t.app,
      headers,
      badgePayload({
        expiry: { validity: null, reminderDays: [400], remindIssuer: false, issuerReminderEmail: '' },
      }),
      [svgLogo()],
    );
    expect(outOfRange.statusCode).toBe(400);
  });

  it('sends each reminder once, at 60 and 7 days, in the recipient’s language, with the issuer’s copy', async () => {
    const before = (await outbox()).length;
    // a disabled, a replaced and a deleted certificate get nothing
    await db()
      .updateTable('certificates')
      .set({ status_id: CERTIFICATE_STATUS.disabled })
      .where('key', '=', keys[2])
      .execute();

    expect(await sweepExpiryReminders(t.app.laurel, '2027-09-20')).toEqual({ sent: 0, issuerCopies: 0, skipped: 0 });
    expect(await sweepExpiryReminders(t.app.laurel, '2027-09-21')).toEqual({ sent: 2, issuerCopies: 2, skipped: 0 });
    // the same day again, or the next: nothing twice
    expect(await sweepExpiryReminders(t.app.laurel, '2027-09-21')).toEqual({ sent: 0, issuerCopies: 0, skipped: 0 });
    expect(await sweepExpiryReminders(t.app.laurel, '2027-09-22')).toEqual({ sent: 0, issuerCopies: 0, skipped: 0 });
    let mails = (await outbox()).slice(before);
    expect(mails.map((m) => m.to_address).sort()).toEqual([
      'learner1@example.org',
      'learner2@example.org',
      'office@example.org',
      'office@example.org',
    ]);
    const english = mails.find((m) => m.to_address === 'learner1@example.org');
    const french = mails.find((m) => m.to_address === 'learner2@example.org');
    expect(english?.text_body).toContain('in 60 days, on 20/11/2027');
    expect(english?.text_body).toContain(`/certificate/${keys[0]}`);
    expect(french?.text_body).toContain('expire dans 60 jours, le 20/11/2027');
    expect(mails.find((m) => m.to_address === 'office@example.org')?.text_body).toContain('Learner');

    await db()
      .updateTable('certificates')
      .set({ status_id: CERTIFICATE_STATUS.replaced })
      .where('key', '=', keys[1])
      .execute();
    expect(await sweepExpiryReminders(t.app.laurel, '2027-11-13')).toEqual({ sent: 1, issuerCopies: 1, skipped: 0 });
    mails = (await outbox()).slice(before);
    expect(mails).toHaveLength(6);
    expect(mails[4].to_address).toBe('learner1@example.org');
    expect(mails[4].text_body).toContain('in 7 days');
    // after expiry: nothing more
    expect(await sweepExpiryReminders(t.app.laurel, '2027-11-21')).toEqual({ sent: 0, issuerCopies: 0, skipped: 0 });
    const ids = await db().selectFrom('certificates').select('id').orderBy('id').execute();
    expect(await reminders()).toEqual([
      { certificate_id: ids[0].id, offset_days: 60, skipped: 0 },
      { certificate_id: ids[1].id, offset_days: 60, skipped: 0 },
      { certificate_id: ids[0].id, offset_days: 7, skipped: 0 },
    ]);
  });

  it('sends only the nearest when a sweep comes late, and records the earlier as passed', async () => {
    await db()
      .updateTable('certificates')
      .set({ status_id: CERTIFICATE_STATUS.deleted })
      .where('key', 'in', [keys[1], keys[2]])
      .execute();
    expect(await sweepExpiryReminders(t.app.laurel, '2027-11-15')).toEqual({ sent: 1, issuerCopies: 1, skipped: 1 });
    expect((await reminders()).map((r) => [r.offset_days, r.skipped])).toEqual([
      [60, 1],
      [7, 0],
    ]);
  });

  it('runs as a job of the worker, which queues the next day’s sweep', async () => {
    const { scheduleExpirySweep, EXPIRY_SWEEP_JOB } = await import('../../server/services/expiry/reminders');
    await scheduleExpirySweep(t.app.laurel, new Date());
    await scheduleExpirySweep(t.app.laurel, new Date());
    expect(await t.app.laurel.jobs.runUntilIdle()).toBe(1);
    const jobs = await t.app.laurel.jobs.find({ type: EXPIRY_SWEEP_JOB });
    expect(jobs.map((job) => job.state).sort()).toEqual(['done', 'queued']);
  });

  it('filters the report on expired (date passed, status still validated) and expiring certificates', async () => {
    const inTenDays = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
    await db().updateTable('certificates').set({ expiration_date: '2026-01-01' }).where('key', '=', keys[0]).execute();
    await db().updateTable('certificates').set({ expiration_date: inTenDays }).where('key', '=', keys[1]).execute();
    const page = async (body: Record<string, unknown>) => {
      const answer = await t.app.inject({
        method: 'POST',
        url: '/api/admin/data_post',
        headers,
        payload: { templateId, ...body },
      });
      expect(answer.statusCode, answer.body).toBe(200);
      return answer.json<{ data: { key: string }[]; count: number }>();
    };
    expect((await page({ expiry: 'expired' })).data.map((row) => row.key)).toEqual([keys[0]]);
    expect((await page({ expiry: 'expiring' })).data.map((row) => row.key)).toEqual([keys[1]]);
    expect((await page({ expiry: 'expiring', expiringDays: 5 })).count).toBe(0);
    expect((await page({ expiry: 'expired', filter: 'learner1' })).data.map((row) => row.key)).toEqual([keys[0]]);
  });

  it('shows an expired certificate as expired on its page (en, fr) and in the verifiers', async () => {
    // one recipient in both the template's languages, so that the page speaks either
    const rows = [...recipientRows(1, 'en'), ...recipientRows(1, 'fr')].map((row) => ({
      ...row,
      obtentionDate: '2020-01-10',
      ExpirationDate: '2021-01-10',
    }));
    const published = await publishRows(t.app, headers, templateId, rows);
    expect(published.statusCode, published.body).toBe(200);
    await t.app.laurel.jobs.runUntilIdle();
    const { key } = await db()
      .selectFrom('certificates')
      .select('key')
      .where('campaign_id', '=', published.json<{ campaignId: number }>().campaignId)
      .executeTakeFirstOrThrow();

    const page = async (lang: string) =>
      (await t.app.inject({ method: 'GET', url: `/certificate/${key}?lang=${lang}` })).body;
    expect(await page('en')).toContain('Expired credential');
    expect(await page('fr')).toContain('Certificat expiré');
    // (the page speaks the certificate's languages: this template has en and fr; es is the same message tree)

    const credentialAnswer = await t.app.inject({ method: 'GET', url: `/certificate/${key}/credential.json` });
    expect(credentialAnswer.statusCode, credentialAnswer.body).toBe(200);
    const credential = credentialAnswer.json<{ validUntil?: string }>();
    expect(credential.validUntil).toMatch(/^2021-01-10/);

    // the VC-API verifier: the proof holds, the date check warns
    const vcApi = await t.app.inject({
      method: 'POST',
      url: '/credentials/verify',
      payload: { verifiableCredential: credential, options: {} },
    });
    expect(vcApi.statusCode, vcApi.body).toBe(200);
    const answer = vcApi.json<{ warnings: { type: string }[]; checks: string[] }>();
    expect(answer.warnings.map((w) => w.type).join(' ')).toMatch(/expired/);

    // the verify page: by the credential and by the key
    const byCredential = await t.app.inject({ method: 'POST', url: '/api/verify', payload: { credential } });
    expect(byCredential.statusCode, byCredential.body).toBe(200);
    const codes = Object.fromEntries(
      byCredential.json<{ checks: { check: string; code: string }[] }>().checks.map((c) => [c.check, c.code]),
    );
    expect(codes).toMatchObject({ signature: 'valid', dates: 'expired' });
    const byKey = await t.app.inject({ method: 'POST', url: '/api/verify', payload: { key } });
    expect(byKey.json()).toMatchObject({ verified: false });
  });
});
