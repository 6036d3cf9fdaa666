import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CERTIFICATE_STATUS } from '../../domain/certificates';
import { addPeriod } from '../../domain/expiry';
import { todayIso } from '../../domain/import';
import { PROFILE } from '../../domain/roles';
import { sweepExpiryReminders } from '../../server/services/expiry/reminders';
import { startSmtpSink } from '../support/smtpSink';
import { startReceiver } from '../support/webhookReceiver';
import { openCampaignApp } from './campaignApp';
import { verifyIndependently } from './credentials/independentVerifier';
import { createBadgeTemplate, publishRows, recipientRows } from './publicationFixtures';
import { addIssuer, addUser, bearer, signIn, signInAdmin } from './signIn';
import { badgePayload, postForm, svgLogo } from './templateFixtures';
import { createTestApp, TEST_DATABASES, type TestApp } from './testApp';

/** did:web resolves over https: an independent verifier resolves our addresses against what the server answers. */
const PUBLIC_URL = 'https://laurel.test';

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** Issue 28, "Expiry and renewal": renewing re-issues with a new validity, linked to the previous one. */
describe.each(TEST_DATABASES)('renewal on %s', (database) => {
  let t: TestApp;
  let headers: Record<string, string>;
  let issuerId: number;
  let templateId: number;
  let keys: string[];
  const db = () => t.app.laurel.db;

  beforeEach(async () => {
    t = await createTestApp(database, { PUBLIC_URL });
    ({ headers, issuerId } = await signInAdmin(t.app));
    const created = await postForm(
      t.app,
      headers,
      badgePayload({
        expiry: {
          validity: { amount: 1, unit: 'years' },
          reminderDays: [7],
          remindIssuer: false,
          issuerReminderEmail: '',
        },
      }),
      [svgLogo()],
    );
    expect(created.statusCode, created.body).toBe(201);
    templateId = created.json<{ id: number }>().id;
    const published = await publishRows(t.app, headers, templateId, recipientRows(3));
    expect(published.statusCode, published.body).toBe(200);
    await t.app.laurel.jobs.runUntilIdle();
    keys = (
      await db()
        .selectFrom('certificates')
        .select('key')
        .where('campaign_id', '=', published.json().campaignId)
        .orderBy('id')
        .execute()
    ).map((row) => row.key);
    // all three expire in five days
    await db()
      .updateTable('certificates')
      .set({ expiration_date: inDays(5) })
      .where('key', 'in', keys)
      .execute();
  });
  afterEach(async () => {
    await t.close();
  });

  const credits = async () =>
    (await db().selectFrom('issuers').select('credits').where('id', '=', issuerId).executeTakeFirstOrThrow()).credits;
  const certificate = (key: string) =>
    db().selectFrom('certificates').selectAll().where('key', '=', key).executeTakeFirstOrThrow();
  const state = async () => ({
    credits: await credits(),
    certificates: await db()
      .selectFrom('certificates')
      .select(['key', 'status_id', 'expiration_date'])
      .orderBy('id')
      .execute(),
    campaigns: (await db().selectFrom('campaigns').select('id').execute()).length,
    operations: await db().selectFrom('credit_operations').select(['credits', 'reason']).orderBy('id').execute(),
    links: (await db().selectFrom('certificate_replacements').select('id').execute()).length,
  });
  const renew = (body: unknown, caller = headers, lang = 'en') =>
    t.app.inject({
      method: 'POST',
      url: `/api/admin/certificates/renew?lang=${lang}`,
      headers: caller,
      payload: body as Record<string, unknown>,
    });
  const get = (url: string) => t.app.inject({ method: 'GET', url });
  const site = async () => {
    const answers: Record<string, unknown> = {};
    for (const path of [
      `/ob/issuers/${issuerId}/did.json`,
      `/ob/issuers/${issuerId}/status/revocation`,
      `/ob/issuers/${issuerId}/status/suspension`,
    ])
      answers[`${PUBLIC_URL}${path}`] = (await get(path)).json();
    return answers;
  };

  it('renews a selection with the template’s validity: new certificates linked, the old ones still valid, one credit each', async () => {
    const before = await state();
    const answer = await renew({ keys: [keys[0], keys[2]] });
    expect(answer.statusCode, answer.body).toBe(200);
    const result = answer.json<{ renewed: number; campaignId: number; certificates: { old: string; new: string }[] }>();
    expect(result.renewed).toBe(2);
    expect(result.certificates.map((pair) => pair.old)).toEqual([keys[0], keys[2]]);
    const today = todayIso();
    const expected = addPeriod(today, { amount: 1, unit: 'years' });
    const renewed = await Promise.all(result.certificates.map((pair) => certificate(pair.new)));
    expect(renewed[0]).toMatchObject({
      recipient_key: 'L-1',
      first_name: 'Learner1',
      email: 'learner1@example.org',
      obtention_date: today,
      status_id: CERTIFICATE_STATUS.validated,
      campaign_id: result.campaignId,
    });
    expect(renewed.map((c) => c.expiration_date?.slice(0, 10))).toEqual([expected, expected]);
    // the old ones were right: not revoked, still valid until their own expiry
    for (const key of keys) expect((await certificate(key)).status_id).toBe(CERTIFICATE_STATUS.validated);
    const links = await db()
      .selectFrom('certificate_replacements')
      .select(['old_certificate_id', 'new_certificate_id', 'kind'])
      .orderBy('id')
      .execute();
    expect(links).toEqual([
      { old_certificate_id: (await certificate(keys[0])).id, new_certificate_id: renewed[0].id, kind: 'renewal' },
      { old_certificate_id: (await certificate(keys[2])).id, new_certificate_id: renewed[1].id, kind: 'renewal' },
    ]);
    const after = await state();
    expect(after.credits).toBe(before.credits - 2);
    expect(after.operations.at(-1)).toEqual({ credits: -2, reason: `campaign ${result.campaignId} (renewal)` });
    const campaign = await db()
      .selectFrom('campaigns')
      .select(['notes', 'certified_degrees'])
      .where('id', '=', result.campaignId)
      .executeTakeFirstOrThrow();
    expect(campaign).toEqual({ notes: 'Renewal', certified_degrees: 2 });

    // signed: the new credential says its validUntil and verifies; the old one still verifies
    await t.app.laurel.jobs.runUntilIdle();
    const credentialOf = async (key: string) => {
      const credential = await get(`/certificate/${key}/credential.json`);
      expect(credential.statusCode, credential.body).toBe(200);
      return credential.json<Record<string, unknown>>();
    };
    const fresh = await credentialOf(renewed[0].key);
    expect(String(fresh.validUntil)).toContain(expected);
    const valid = { verified: true, errors: [], status: { suspension: false } };
    expect(await verifyIndependently(fresh, await site())).toEqual(valid);
    expect(await verifyIndependently(await credentialOf(keys[0]), await site())).toEqual(valid);

    // the old page says it was renewed and links the new one; the new one links back
    const oldPage = await get(`/certificate/${keys[0]}`);
    expect(oldPage.body).toContain('Renewed on');
    expect(oldPage.body).toContain(`href="/certificate/${renewed[0].key}"`);
    const french = await get(`/certificate/${keys[2]}?lang=fr`);
    expect(french.statusCode).toBe(200);
    const newPage = await get(`/certificate/${renewed[0].key}`);
    expect(newPage.body).toContain(`href="/certificate/${keys[0]}"`);
    expect(newPage.body).toContain('renews an earlier one');

    // renewed at most once: renew the renewal instead
    const again = await renew({ keys: [keys[0]] });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'ERR_CERTIFICATE_NOT_REPLACEABLE',
      certificates: [{ key: keys[0], reason: 'renewed' }],
    });
    expect(again.json().message).toContain('renewed already');
    const correction = await t.app.inject({
      method: 'POST',
      url: '/api/admin/certificates/reissue',
      headers,
      payload: { certificates: [{ key: keys[0], changes: { firstName: 'Eve' } }], reason: 'x' },
    });
    expect(correction.json()).toMatchObject({ certificates: [{ key: keys[0], reason: 'renewed' }] });
    const next = await renew({ keys: [renewed[0].key] });
    expect(next.statusCode, next.body).toBe(200);
  });

  it('stops the reminders and the expiring filter for renewed certificates', async () => {
    const answer = await renew({ keys: [keys[0]] });
    expect(answer.statusCode, answer.body).toBe(200);
    await t.app.laurel.jobs.runUntilIdle();
    const result = await sweepExpiryReminders(t.app.laurel, inDays(-2));
    expect(result.sent).toBe(2);
    const sent = await db().selectFrom('expiry_reminders').select('certificate_id').execute();
    expect(sent.map((row) => row.certificate_id)).not.toContain((await certificate(keys[0])).id);
    const page = await t.app.inject({
      method: 'POST',
      url: '/api/admin/data_post',
      headers,
      payload: { templateId, expiry: 'expiring' },
    });
    expect(page.statusCode, page.body).toBe(200);
    expect(
      page
        .json<{ data: { key: string }[] }>()
        .data.map((row) => row.key)
        .sort(),
    ).toEqual([keys[1], keys[2]].sort());
    // the report and the search mark the renewed one with its renewal's key, so the web app offers it no renewal
    const newKey = answer.json<{ certificates: { old: string; new: string }[] }>().certificates[0].new;
    const all = await t.app.inject({ method: 'POST', url: '/api/admin/data_post', headers, payload: { templateId } });
    const marks = new Map(
      all.json<{ data: { key: string; RenewedBy: string | null }[] }>().data.map((row) => [row.key, row.RenewedBy]),
    );
    expect(marks.get(keys[0])).toBe(newKey);
    expect([marks.get(keys[1]), marks.get(newKey)]).toEqual([null, null]);
    const email = (await certificate(keys[0])).email;
    const found = await t.app.inject({
      method: 'GET',
      url: `/api/admin/data?mode=email&value=${encodeURIComponent(email)}`,
      headers,
    });
    expect(found.statusCode, found.body).toBe(200);
    const foundRow = found
      .json<{ data: { key: string; RenewedBy: string | null }[] }>()
      .data.find((row) => row.key === keys[0]);
    expect(foundRow?.RenewedBy).toBe(newKey);
  });

  it('uses validUntil when given, even for an expired certificate; a repeated Idempotency-Key renews once', async () => {
    await db()
      .updateTable('certificates')
      .set({ expiration_date: inDays(-3) })
      .where('key', '=', keys[1])
      .execute();
    const { plan } = await db()
      .selectFrom('issuers')
      .select('plan')
      .where('id', '=', issuerId)
      .executeTakeFirstOrThrow();
    // corrections free: a renewal is still charged
    await db().insertInto('plan_settings').values({ plan, free_corrections: 1 }).execute();
    const before = await state();
    const keyed = { ...headers, 'idempotency-key': 'renew-1' };
    const body = { keys: [keys[1]], validUntil: '2031-06-30' };
    const first = await renew(body, keyed);
    expect(first.statusCode, first.body).toBe(200);
    const newKey = first.json<{ certificates: { new: string }[] }>().certificates[0].new;
    expect((await certificate(newKey)).expiration_date?.slice(0, 10)).toBe('2031-06-30');
    const after = await state();
    expect(after.credits).toBe(before.credits - 1);
    const [again, racing] = await Promise.all([renew(body, keyed), renew(body, keyed)]);
    for (const repeated of [again, racing]) {
      expect(repeated.statusCode, repeated.body).toBe(200);
      expect(repeated.json().certificates).toEqual([{ old: keys[1], new: newKey }]);
    }
    expect(await state()).toEqual(after);
    const reused = await renew({ keys: [keys[2]] }, keyed);
    expect(reused.statusCode).toBe(422);
  });

  it('refuses, changing nothing: no validity, a past date, another issuer’s certificate, not enough credits', async () => {
    const plainTemplate = await createBadgeTemplate(t.app, headers);
    const plain = await publishRows(t.app, headers, plainTemplate, recipientRows(1));
    expect(plain.statusCode, plain.body).toBe(200);
    await t.app.laurel.jobs.runUntilIdle();
    const plainKey = (
      await db()
        .selectFrom('certificates')
        .select('key')
        .where('campaign_id', '=', plain.json().campaignId)
        .executeTakeFirstOrThrow()
    ).key;
    const otherIssuer = await addIssuer(t.app, 'Other school');
    await addUser(t.app, otherIssuer, 'publisher@other.example', PROFILE.Administrator);
    const outsider = bearer(await signIn(t.app, 'publisher@other.example'));
    const before = await state();

    const noValidity = await renew({ keys: [keys[0], plainKey] }, headers, 'fr');
    expect(noValidity.statusCode).toBe(400);
    expect(noValidity.json()).toMatchObject({ code: 'ERR_NO_VALIDITY', keys: [plainKey] });
    expect(noValidity.json().message).toContain('Aucune nouvelle date');
    // with a date, it can
    const past = await renew({ keys: [plainKey], validUntil: todayIso() });
    expect(past.json().code).toBe('ERR_VALID_UNTIL_PAST');
    const theirs = await renew({ keys: [keys[0]] }, outsider);
    expect(theirs.statusCode).toBe(409);
    expect(theirs.json().certificates).toEqual([{ key: keys[0], reason: 'not_found' }]);
    await db().updateTable('issuers').set({ credits: 1 }).where('id', '=', issuerId).execute();
    const poor = await renew({ keys: [keys[0], keys[1]] });
    expect(poor.json()).toMatchObject({ code: 'NOT_ENOUGH_CREDITS', needed: 2, current: 1 });
    await db().updateTable('issuers').set({ credits: before.credits }).where('id', '=', issuerId).execute();
    expect(await state()).toEqual(before);

    const dated = await renew({ keys: [plainKey], validUntil: inDays(400) });
    expect(dated.statusCode, dated.body).toBe(200);
  });
});

describe.each(TEST_DATABASES)('after a renewal on %s', (database) => {
  it('announces certificate.renewed to the webhook and mails each recipient once, in their language', async () => {
    const mailbox = await startSmtpSink();
    const receiver = await startReceiver();
    const { t, headers, campaignId } = await openCampaignApp(database, {
      mailbox,
      recipients: 2,
      env: { WEBHOOK_ALLOWED_HOSTS: '127.0.0.1', WEBHOOK_TIMEOUT_MS: '2000' },
    });
    try {
      const db = t.app.laurel.db;
      const keys = (
        await db.selectFrom('certificates').select('key').where('campaign_id', '=', campaignId).orderBy('id').execute()
      ).map((row) => row.key);
      await db.updateTable('certificates').set({ language: 'fr' }).where('key', '=', keys[1]).execute();
      const config = await t.app.inject({
        method: 'PUT',
        url: '/api/issuer/notif',
        headers,
        payload: {
          notification: {
            url: `http://127.0.0.1:${receiver.port}/hook/\${campaignId}`,
            method: 'POST',
            content: '{"campaign":"${campaignId}"}',
          },
        },
      });
      expect(config.statusCode, config.body).toBe(200);
      const sentBefore = mailbox.messages.length;
      const answer = await t.app.inject({
        method: 'POST',
        url: '/api/admin/certificates/renew',
        headers,
        payload: { keys, validUntil: '2030-03-15' },
      });
      expect(answer.statusCode, answer.body).toBe(200);
      const result = answer.json<{ campaignId: number; certificates: { old: string; new: string }[] }>();
      await t.app.laurel.jobs.runUntilIdle();

      const mails = mailbox.messages.slice(sentBefore);
      expect(mails).toHaveLength(2);
      const english = mails.find((m) => m.to.includes('learner1@example.org'));
      const french = mails.find((m) => m.to.includes('learner2@example.org'));
      expect(english?.subject).toContain('was renewed');
      expect(english?.text).toContain('valid until');
      expect(english?.text).toContain(`/certificate/${result.certificates[0].new}/wallet?lang=en`);
      expect(english?.text).toContain(`/certificate/${result.certificates[0].new}/linkedin?lang=en`);
      expect(french?.subject).toMatch(/renouvelé/);
      expect(french?.text).toContain(`/certificate/${result.certificates[1].new}`);

      const renewed = receiver.requests.find((r) => r.body.includes('certificate.renewed'));
      expect(renewed?.url).toBe(`/hook/${result.campaignId}`);
      expect(JSON.parse(renewed?.body ?? '{}')).toEqual({
        event: 'certificate.renewed',
        campaignId: result.campaignId,
        certificates: result.certificates.map((pair) => ({
          oldKey: pair.old,
          newKey: pair.new,
          validUntil: '2030-03-15',
        })),
      });
    } finally {
      await t.close();
      await receiver.close();
      await mailbox.close();
    }
  });
});
