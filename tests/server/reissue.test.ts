import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startSmtpSink } from '../support/smtpSink';
import { openCampaignApp } from './campaignApp';
import { CERTIFICATE_STATUS } from '../../domain/certificates';
import { PROFILE } from '../../domain/roles';
import { addIssuer, addUser, bearer, signIn, signInAdmin } from './signIn';
import { createBadgeTemplate, publishRows, recipientRows } from './publicationFixtures';
import { createTestApp, TEST_DATABASES, type TestApp } from './testApp';
import { verifyIndependently } from './credentials/independentVerifier';
import { startReceiver } from '../support/webhookReceiver';

/** did:web resolves over https: an independent verifier resolves our addresses against what the server answers. */
const PUBLIC_URL = 'https://laurel.test';

/** Issue 28, "Corrected re-issue": valid certificates replaced by corrected ones, in one transaction. */
describe.each(TEST_DATABASES)('corrected re-issue on %s', (database) => {
  let t: TestApp;
  let headers: Record<string, string>;
  let issuerId: number;
  let templateId: number;
  let keys: string[];
  beforeEach(async () => {
    t = await createTestApp(database, { PUBLIC_URL });
    ({ headers, issuerId } = await signInAdmin(t.app));
    templateId = await createBadgeTemplate(t.app, headers);
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
  });
  afterEach(async () => {
    await t.close();
  });

  const db = () => t.app.laurel.db;
  const credits = async () =>
    (await db().selectFrom('issuers').select('credits').where('id', '=', issuerId).executeTakeFirstOrThrow()).credits;
  const certificate = (key: string) =>
    db().selectFrom('certificates').selectAll().where('key', '=', key).executeTakeFirstOrThrow();
  /** Everything a refusal must leave as it was. */
  const state = async () => ({
    credits: await credits(),
    certificates: await db()
      .selectFrom('certificates')
      .select(['key', 'status_id', 'first_name', 'campaign_id'])
      .orderBy('id')
      .execute(),
    campaigns: (await db().selectFrom('campaigns').select('id').execute()).length,
    operations: await db().selectFrom('credit_operations').select(['credits', 'reason']).orderBy('id').execute(),
    replacements: (await db().selectFrom('certificate_replacements').select('id').execute()).length,
    version: (
      await db().selectFrom('issuers').select('status_version').where('id', '=', issuerId).executeTakeFirstOrThrow()
    ).status_version,
  });
  const reissue = (body: unknown, caller = headers, lang = 'en') =>
    t.app.inject({
      method: 'POST',
      url: `/api/admin/certificates/reissue?lang=${lang}`,
      headers: caller,
      payload: body as Record<string, unknown>,
    });

  it('replaces them in one go: new certificates signed, the old ones replaced and linked, one credit each', async () => {
    const before = await state();
    const answer = await reissue({
      certificates: [
        { key: keys[0], changes: { firstName: 'Ada' } },
        { key: keys[2], changes: { lastName: 'Lovelace', email: 'ada@example.org' } },
      ],
      reason: 'Misspelt names in the first file',
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const result = answer.json<{
      replaced: number;
      campaignId: number;
      certificates: { old: string; new: string }[];
    }>();
    expect(result.replaced).toBe(2);
    expect(result.certificates.map((pair) => pair.old)).toEqual([keys[0], keys[2]]);

    const [first, third] = await Promise.all(result.certificates.map((pair) => certificate(pair.new)));
    expect(first).toMatchObject({
      campaign_id: result.campaignId,
      template_id: templateId,
      recipient_key: 'L-1',
      first_name: 'Ada',
      last_name: 'Doe',
      email: 'learner1@example.org',
      obtention_date: '2026-11-20',
      status_id: CERTIFICATE_STATUS.validated,
    });
    expect(third).toMatchObject({ recipient_key: 'L-3', first_name: 'Learner3', last_name: 'Lovelace' });
    expect(third.email).toBe('ada@example.org');
    expect((await certificate(keys[0])).status_id).toBe(CERTIFICATE_STATUS.replaced);
    expect((await certificate(keys[1])).status_id).toBe(CERTIFICATE_STATUS.validated);
    expect((await certificate(keys[2])).status_id).toBe(CERTIFICATE_STATUS.replaced);

    const links = await db()
      .selectFrom('certificate_replacements')
      .select(['old_certificate_id', 'new_certificate_id', 'reason', 'user_id'])
      .orderBy('id')
      .execute();
    expect(links).toEqual([
      {
        old_certificate_id: (await certificate(keys[0])).id,
        new_certificate_id: first.id,
        reason: 'Misspelt names in the first file',
        user_id: expect.any(Number),
      },
      {
        old_certificate_id: (await certificate(keys[2])).id,
        new_certificate_id: third.id,
        reason: 'Misspelt names in the first file',
        user_id: expect.any(Number),
      },
    ]);

    const after = await state();
    expect(after.credits).toBe(before.credits - 2);
    expect(after.operations.at(-1)).toEqual({ credits: -2, reason: `campaign ${result.campaignId} (correction)` });
    expect(after.version).toBeGreaterThan(before.version);
    const campaign = await db()
      .selectFrom('campaigns')
      .selectAll()
      .where('id', '=', result.campaignId)
      .executeTakeFirstOrThrow();
    expect(campaign).toMatchObject({ notes: 'Correction', certified_degrees: 2, template_id: templateId });
    // the credit log's kind: a publication debit of that campaign
    const log = await t.app.inject({ method: 'GET', url: '/api/credit-operations', headers });
    expect(log.body).toContain(`campaign ${result.campaignId} (correction)`);

    // signed as a publish's are, once the jobs ran
    expect(first.credential).toBeNull();
    await t.app.laurel.jobs.runUntilIdle();
    expect((await certificate(first.key)).credential).not.toBeNull();
    expect((await certificate(third.key)).credential).not.toBeNull();
    const done = await db()
      .selectFrom('campaigns')
      .select('status')
      .where('id', '=', result.campaignId)
      .executeTakeFirstOrThrow();
    expect(done.status).not.toBe('Started');

    // a replaced certificate is not replaced twice, and not disabled, enabled or deleted any more
    const again = await reissue({ certificates: [{ key: keys[0], changes: { firstName: 'Eve' } }], reason: 'x' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'ERR_CERTIFICATE_NOT_REPLACEABLE',
      certificates: [{ key: keys[0], reason: 'replaced' }],
    });
    const deleted = await t.app.inject({ method: 'DELETE', url: '/api/admin/keys', headers, payload: [keys[0]] });
    expect(deleted.json()).toMatchObject({ updated: 0 });
  });

  it('refuses, by name and changing nothing: not valid, of another issuer, no credits, bad rows', async () => {
    await db()
      .updateTable('certificates')
      .set({ status_id: CERTIFICATE_STATUS.disabled })
      .where('key', '=', keys[1])
      .execute();
    const otherIssuer = await addIssuer(t.app, 'Other school');
    await addUser(t.app, otherIssuer, 'publisher@other.example', PROFILE.Administrator);
    const outsider = bearer(await signIn(t.app, 'publisher@other.example'));
    const before = await state();

    const notValid = await reissue({
      certificates: [
        { key: keys[0], changes: { firstName: 'Ada' } },
        { key: keys[1], changes: { firstName: 'Bob' } },
      ],
      reason: 'names',
    });
    expect(notValid.statusCode).toBe(409);
    expect(notValid.json()).toMatchObject({
      code: 'ERR_CERTIFICATE_NOT_REPLACEABLE',
      certificates: [{ key: keys[1], reason: 'disabled' }],
    });
    expect(notValid.json().message).toContain(keys[1]);

    const french = await reissue(
      { certificates: [{ key: keys[1], changes: { firstName: 'Bob' } }], reason: 'noms' },
      headers,
      'fr',
    );
    expect(french.json().message).toContain('ne peuvent pas être remplacés');

    const theirs = await reissue(
      { certificates: [{ key: keys[0], changes: { firstName: 'Ada' } }], reason: 'names' },
      outsider,
    );
    expect(theirs.statusCode).toBe(409);
    expect(theirs.json().certificates).toEqual([{ key: keys[0], reason: 'not_found' }]);

    await db().updateTable('issuers').set({ credits: 1 }).where('id', '=', issuerId).execute();
    const poor = await reissue({
      certificates: [
        { key: keys[0], changes: { firstName: 'Ada' } },
        { key: keys[2], changes: { firstName: 'Cy' } },
      ],
      reason: 'names',
    });
    expect(poor.statusCode).toBe(402);
    expect(poor.json()).toMatchObject({ code: 'NOT_ENOUGH_CREDITS', needed: 2, current: 1 });
    await db().updateTable('issuers').set({ credits: before.credits }).where('id', '=', issuerId).execute();

    const emptyName = await reissue({ certificates: [{ key: keys[0], changes: { firstName: '' } }], reason: 'x' });
    expect(emptyName.statusCode).toBe(400);
    expect(emptyName.json().code).toBe('ERR_PUBLICATION_ERROR');
    const recipientKey = await reissue({ certificates: [{ key: keys[0], changes: { ID: 'L-9' } }], reason: 'x' });
    expect(recipientKey.json()).toMatchObject({ code: 'ERR_CHANGE_NOT_ALLOWED', column: 'ID' });
    const unchanged = await reissue({
      certificates: [{ key: keys[0], changes: { firstName: 'Learner1' } }],
      reason: 'x',
    });
    expect(unchanged.json()).toMatchObject({ code: 'ERR_NOTHING_CHANGED', keys: [keys[0]] });
    const noReason = await reissue({ certificates: [{ key: keys[0], changes: { firstName: 'Ada' } }], reason: ' ' });
    expect(noReason.json().code).toBe('ERR_REASON_REQUIRED');

    expect(await state()).toEqual(before);
  });

  it('charges nothing on a plan whose corrections are free', async () => {
    const { plan } = await db()
      .selectFrom('issuers')
      .select('plan')
      .where('id', '=', issuerId)
      .executeTakeFirstOrThrow();
    await db().insertInto('plan_settings').values({ plan, free_corrections: 1 }).execute();
    const before = await state();
    const answer = await reissue({ certificates: [{ key: keys[1], changes: { firstName: 'Bo' } }], reason: 'typo' });
    expect(answer.statusCode, answer.body).toBe(200);
    const after = await state();
    expect(after.credits).toBe(before.credits);
    expect(after.operations).toEqual(before.operations);
    expect((await certificate(keys[1])).status_id).toBe(CERTIFICATE_STATUS.replaced);
  });

  it('answers a repeated call with the same Idempotency-Key by the first re-issue, replacing and charging nothing again', async () => {
    const body = {
      certificates: [
        { key: keys[0], changes: { firstName: 'Ann' } },
        { key: keys[2], changes: { lastName: 'Smyth' } },
      ],
      reason: 'typo',
    };
    const keyed = { ...headers, 'idempotency-key': 'reissue-1' };
    const first = await reissue(body, keyed);
    expect(first.statusCode, first.body).toBe(200);
    const after = await state();
    // a retry after a lost answer, a second click, two at once: the same answer, nothing replaced or charged again
    const [again, racing] = await Promise.all([reissue(body, keyed), reissue(body, keyed)]);
    for (const answer of [again, racing]) {
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.json()).toEqual(first.json());
    }
    expect(await state()).toEqual(after);
    // without the key the same call is refused by name: those certificates are already replaced
    const unkeyed = await reissue(body);
    expect(unkeyed.statusCode).toBe(409);
    expect(unkeyed.json().code).toBe('ERR_CERTIFICATE_NOT_REPLACEABLE');
    // the key with another re-issue is refused and changes nothing
    const other = await reissue({ ...body, reason: 'another reason' }, keyed);
    expect(other.statusCode).toBe(422);
    expect(other.json().code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(await state()).toEqual(after);
  });

  it('the old credential verifies as revoked everywhere, the new one as valid; the old page links the new one', async () => {
    await t.app.laurel.jobs.runUntilIdle();
    const get = (url: string) => t.app.inject({ method: 'GET', url });
    const credentialOf = async (key: string) => {
      const answer = await get(`/certificate/${key}/credential.json`);
      expect(answer.statusCode, answer.body).toBe(200);
      return answer.json<Record<string, unknown>>();
    };
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
    const oldCredential = await credentialOf(keys[0]);
    expect(await verifyIndependently(oldCredential, await site())).toEqual({
      verified: true,
      errors: [],
      status: { suspension: false },
    });

    const answer = await reissue({
      certificates: [{ key: keys[0], changes: { firstName: 'Ada' } }],
      reason: 'Name misspelt <b>here</b>',
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const newKey = answer.json<{ certificates: { new: string }[] }>().certificates[0].new;
    await t.app.laurel.jobs.runUntilIdle();

    // @digitalbazaar/vc with its status check: the old one is not valid (its one entry, the suspension list, is set)
    expect(await verifyIndependently(oldCredential, await site())).toMatchObject({ status: { suspension: true } });
    const newCredential = await credentialOf(newKey);
    expect(await verifyIndependently(newCredential, await site())).toEqual({
      verified: true,
      errors: [],
      status: { suspension: false },
    });
    // and revoked in the revocation list, where its bit is set too
    const { decodeList } = await import('@digitalbazaar/vc-bitstring-status-list');
    const revocation = (await get(`/ob/issuers/${issuerId}/status/revocation`)).json<{
      credentialSubject: { encodedList: string };
    }>();
    const list = await decodeList({ encodedList: revocation.credentialSubject.encodedList });
    const indexOf = async (key: string) =>
      (await db().selectFrom('certificates').select('status_index').where('key', '=', key).executeTakeFirstOrThrow())
        .status_index;
    expect(list.getStatus(await indexOf(keys[0]))).toBe(true);
    expect(list.getStatus(await indexOf(newKey))).toBe(false);
    expect(JSON.stringify(revocation)).not.toContain('misspelt');
    // our own verifier says so too
    const report = await t.app.inject({ method: 'POST', url: '/api/verify', payload: { key: keys[0] } });
    expect(report.json()).toMatchObject({ verified: false });
    expect((await t.app.inject({ method: 'POST', url: '/api/verify', payload: { key: newKey } })).json()).toMatchObject(
      { verified: true },
    );

    // the old page: when, why (escaped), and the link to the new one
    const english = await get(`/certificate/${keys[0]}`);
    expect(english.statusCode).toBe(200);
    expect(english.body).toContain('Credential replaced');
    expect(english.body).toMatch(/Replaced on \w+ \d+, \d{4}: Name misspelt &lt;b&gt;here&lt;\/b&gt;/);
    expect(english.body).toContain(`href="/certificate/${newKey}"`);
    expect(english.body).not.toContain('credential.json');

    // a bilingual recipient: corrected in both languages, and the old page says so in each
    const bilingual = [
      {
        ID: 'F-1',
        Language: 'fr',
        Email: 'eve@example.org',
        firstName: 'Eve',
        lastName: 'Curei',
        obtentionDate: '2026-11-20',
      },
      {
        ID: 'F-1',
        Language: 'en',
        Email: 'eve@example.org',
        firstName: 'Eve',
        lastName: 'Curei',
        obtentionDate: '2026-11-20',
      },
    ];
    const published = await publishRows(t.app, headers, templateId, bilingual);
    expect(published.statusCode, published.body).toBe(200);
    const { key: frenchKey } = await db()
      .selectFrom('certificates')
      .select('key')
      .where('campaign_id', '=', published.json().campaignId)
      .executeTakeFirstOrThrow();
    const corrected = await reissue({
      certificates: [{ key: frenchKey, changes: { lastName: 'Curie' } }],
      reason: 'Nom mal orthographié',
    });
    expect(corrected.statusCode, corrected.body).toBe(200);
    const frenchNew = await certificate(corrected.json().certificates[0].new);
    expect(frenchNew).toMatchObject({ language: 'fr', last_name: 'Curie' });
    expect(JSON.parse(frenchNew.translations as string)).toMatchObject({ en: { lastName: 'Curie' } });
    const french = await get(`/certificate/${frenchKey}`);
    expect(french.body).toContain('Certificat remplacé');
    expect(french.body).toMatch(/Remplacé le \d+ \S+ \d{4} : Nom mal orthographié/);
    expect(french.body).toContain('Voir le certificat corrigé');
    expect(french.body).toContain(`href="/certificate/${frenchNew.key}"`);
    expect((await get(`/certificate/${frenchKey}?lang=en`)).body).toMatch(/Replaced on \w+ \d+, \d{4}: Nom mal/);
    const newPage = await get(`/certificate/${newKey}?lang=en`);
    expect(newPage.body).toContain('Ada');
    expect(newPage.body).toContain('Valid credential');
  });

  it('replaces through a publish with duplicateBehavior "replace": the holders replaced, the others issued', async () => {
    const before = await state();
    const rows = recipientRows(4).map((row) => (row.ID === 'L-2' ? { ...row, firstName: 'Bea' } : row));
    const noReason = await t.app.inject({
      method: 'POST',
      url: '/api/admin/data',
      headers,
      payload: { templateId, data: rows, contentType: 'json', duplicateBehavior: 'replace' },
    });
    expect(noReason.json().code).toBe('ERR_REASON_REQUIRED');
    expect(await state()).toEqual(before);

    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/admin/data',
      headers,
      payload: { templateId, data: rows, contentType: 'json', duplicateBehavior: 'replace', reason: 'Second file' },
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const { campaignId, replaced } = answer.json<{ campaignId: number; replaced: number }>();
    expect(replaced).toBe(3);
    const issued = await db()
      .selectFrom('certificates')
      .select(['id', 'key', 'recipient_key', 'first_name'])
      .where('campaign_id', '=', campaignId)
      .orderBy('id')
      .execute();
    expect(issued.map((c) => [c.recipient_key, c.first_name])).toEqual([
      ['L-1', 'Learner1'],
      ['L-2', 'Bea'],
      ['L-3', 'Learner3'],
      ['L-4', 'Learner4'],
    ]);
    for (const key of keys) expect((await certificate(key)).status_id).toBe(CERTIFICATE_STATUS.replaced);
    const links = await db()
      .selectFrom('certificate_replacements')
      .select(['old_certificate_id', 'new_certificate_id', 'reason'])
      .orderBy('id')
      .execute();
    expect(links).toEqual(
      await Promise.all(
        keys.map(async (key, index) => ({
          old_certificate_id: (await certificate(key)).id,
          new_certificate_id: issued[index].id,
          reason: 'Second file',
        })),
      ),
    );
    const after = await state();
    expect(after.credits).toBe(before.credits - 4);
    expect(after.version).toBeGreaterThan(before.version);
    // the duplicates check now names the new certificates
    const check = await t.app.inject({
      method: 'POST',
      url: '/api/admin/data/duplicates',
      headers,
      payload: { templateId, data: recipientRows(1) },
    });
    expect(check.json().duplicates).toEqual([{ row: 2, recipient: 'L-1', certificateKey: issued[0].key }]);
  });
});

describe.each(TEST_DATABASES)('after a corrected re-issue on %s', (database) => {
  it('announces certificate.replaced to the webhook and mails each recipient once, in their language', async () => {
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
      // the second recipient's certificate is in French
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

      const answer = await t.app.inject({
        method: 'POST',
        url: '/api/admin/certificates/reissue',
        headers,
        payload: {
          certificates: [
            { key: keys[0], changes: { lastName: 'Smith' } },
            { key: keys[1], changes: { lastName: 'Martin' } },
          ],
          reason: 'Family names',
        },
      });
      expect(answer.statusCode, answer.body).toBe(200);
      const result = answer.json<{ campaignId: number; certificates: { old: string; new: string }[] }>();
      await t.app.laurel.jobs.runUntilIdle();

      expect(mailbox.messages).toHaveLength(2);
      const english = mailbox.messages.find((m) => m.to.includes('learner1@example.org'));
      const french = mailbox.messages.find((m) => m.to.includes('learner2@example.org'));
      expect(english?.subject).toContain('was corrected');
      expect(english?.text).toContain('lastName: Doe → Smith');
      expect(english?.text).toContain('Reason: Family names');
      expect(english?.text).toContain(`/certificate/${result.certificates[0].new}`);
      expect(french?.subject).toMatch(/^Votre certificat de /);
      expect(french?.text).toContain('lastName: Doe → Martin');
      expect(french?.text).toContain('Motif : Family names');
      expect(french?.text).toContain(`/certificate/${result.certificates[1].new}`);

      const replaced = receiver.requests.find((r) => r.body.includes('certificate.replaced'));
      expect(replaced?.url).toBe(`/hook/${result.campaignId}`);
      expect(JSON.parse(replaced?.body ?? '{}')).toEqual({
        event: 'certificate.replaced',
        campaignId: result.campaignId,
        certificates: result.certificates.map((pair) => ({
          oldKey: pair.old,
          newKey: pair.new,
          reason: 'Family names',
        })),
      });
    } finally {
      await t.close();
      await receiver.close();
      await mailbox.close();
    }
  });
});
