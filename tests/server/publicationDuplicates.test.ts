import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CERTIFICATE_STATUS } from '../../domain/certificates';
import { DUPLICATES_LISTED, type DuplicatesReport } from '../../domain/duplicates';
import { PROFILE } from '../../domain/roles';
import { addIssuer, addUser, bearer, signIn, signInAdmin } from './signIn';
import { createBadgeTemplate, publishRows, recipientRows } from './publicationFixtures';
import { createTestApp, TEST_DATABASES, type TestApp } from './testApp';

/** Issue 28, "The same people again": a publish whose recipients already hold a valid certificate of the template. */
describe.each(TEST_DATABASES)('publishing the same recipients again on %s', (database) => {
  let t: TestApp;
  let headers: Record<string, string>;
  let issuerId: number;
  let templateId: number;
  beforeEach(async () => {
    t = await createTestApp(database);
    ({ headers, issuerId } = await signInAdmin(t.app));
    templateId = await createBadgeTemplate(t.app, headers);
  });
  afterEach(async () => {
    await t.close();
  });

  const db = () => t.app.laurel.db;
  const credits = async (issuer = issuerId) =>
    (await db().selectFrom('issuers').select('credits').where('id', '=', issuer).executeTakeFirstOrThrow()).credits;
  const certificates = () =>
    db()
      .selectFrom('certificates')
      .select(['key', 'recipient_key', 'email', 'campaign_id', 'template_id'])
      .orderBy('id')
      .execute();
  const state = async () => ({
    credits: await credits(),
    campaigns: (await db().selectFrom('campaigns').select('id').execute()).length,
    certificates: (await certificates()).length,
    operations: (await db().selectFrom('credit_operations').select('id').execute()).length,
  });
  const publish = (rows: Record<string, string>[], duplicateBehavior?: string, idempotencyKey?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/admin/data',
      headers: { ...headers, ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}) },
      payload: { templateId, data: rows, contentType: 'json', ...(duplicateBehavior ? { duplicateBehavior } : {}) },
    });
  const check = (rows: Record<string, string>[], template = templateId, caller = headers) =>
    t.app.inject({
      method: 'POST',
      url: '/api/admin/data/duplicates',
      headers: caller,
      payload: { templateId: template, data: rows },
    });
  const keysOf = async (campaignId: number) =>
    (await certificates()).filter((c) => c.campaign_id === campaignId).map((c) => c.key);

  it('refuses the same rows twice with the list of who, spending nothing', async () => {
    const first = await publishRows(t.app, headers, templateId, recipientRows(3));
    expect(first.statusCode, first.body).toBe(200);
    const firstKeys = await keysOf(first.json().campaignId);
    const before = await state();

    const again = await publish(recipientRows(3));
    expect(again.statusCode, again.body).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'ERR_DUPLICATE_RECIPIENTS',
      recipients: 3,
      count: 3,
      duplicates: [
        { row: 2, recipient: 'L-1', certificateKey: firstKeys[0] },
        { row: 3, recipient: 'L-2', certificateKey: firstKeys[1] },
        { row: 4, recipient: 'L-3', certificateKey: firstKeys[2] },
      ],
    });
    // "deny" said explicitly is the same answer
    expect((await publish(recipientRows(3), 'deny')).statusCode).toBe(409);
    expect(await state()).toEqual(before);
  });

  it('answers the check before anything is spent: how many and who, among the new ones', async () => {
    await publishRows(t.app, headers, templateId, recipientRows(2));
    const before = await state();
    const rows = [...recipientRows(4)].reverse();
    const checked = await check(rows);
    expect(checked.statusCode, checked.body).toBe(200);
    const report = checked.json<DuplicatesReport>();
    expect(report).toMatchObject({ recipients: 4, count: 2 });
    expect(report.duplicates.map((d) => [d.row, d.recipient])).toEqual([
      [4, 'L-2'],
      [5, 'L-1'],
    ]);
    expect((await check(recipientRows(1).map((row) => ({ ...row, ID: 'NEW' })))).json()).toEqual({
      recipients: 1,
      count: 0,
      duplicates: [],
      renewable: 0,
      pastRenewals: { count: 0, duplicates: [] },
    });
    // the rows are checked as a publish checks them
    const invalid = await check([
      { ID: 'X', Language: 'xx', Email: 'x@example.org', firstName: 'Ada', lastName: 'Lovelace' },
    ]);
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().error).toContain('ERR_INVALID_LANGUAGE');
    expect(await state()).toEqual(before);
  });

  it('skips them on request: only the new recipients are issued and charged, in one campaign', async () => {
    await publishRows(t.app, headers, templateId, recipientRows(3));
    const before = await state();
    const answer = await publish(recipientRows(5), 'skip');
    expect(answer.statusCode, answer.body).toBe(200);
    const { campaignId, skipped } = answer.json<{ campaignId: number; skipped: number }>();
    expect(skipped).toBe(3);
    const issued = (await certificates()).filter((c) => c.campaign_id === campaignId);
    expect(issued.map((c) => c.recipient_key)).toEqual(['L-4', 'L-5']);
    expect(await credits()).toBe(before.credits - 2);
    const operation = await db()
      .selectFrom('credit_operations')
      .select('credits')
      .where('reason', '=', `campaign ${campaignId}`)
      .executeTakeFirstOrThrow();
    expect(operation.credits).toBe(-2);
    const campaign = await db()
      .selectFrom('campaigns')
      .select('certified_degrees')
      .where('id', '=', campaignId)
      .executeTakeFirstOrThrow();
    expect(campaign.certified_degrees).toBe(2);

    // everyone skipped: nothing to publish, nothing spent
    const after = await state();
    const none = await publish(recipientRows(5), 'skip');
    expect(none.statusCode, none.body).toBe(409);
    expect(none.json()).toMatchObject({ code: 'ERR_NOTHING_TO_PUBLISH', count: 5 });
    expect(await state()).toEqual(after);
  });

  it('issues them again on request, each charged', async () => {
    await publishRows(t.app, headers, templateId, recipientRows(3));
    const before = await state();
    const answer = await publish(recipientRows(3), 'allow');
    expect(answer.statusCode, answer.body).toBe(200);
    expect(await keysOf(answer.json().campaignId)).toHaveLength(3);
    expect(await credits()).toBe(before.credits - 3);
    expect((await certificates()).filter((c) => c.recipient_key === 'L-1')).toHaveLength(2);
  });

  it('names the newest valid certificate, and not a disabled, deleted or expired one', async () => {
    const first = await publishRows(t.app, headers, templateId, recipientRows(4));
    const firstKeys = await keysOf(first.json().campaignId);
    const setStatus = (key: string, status_id: number) =>
      db().updateTable('certificates').set({ status_id }).where('key', '=', key).execute();
    await setStatus(firstKeys[0], CERTIFICATE_STATUS.disabled);
    await setStatus(firstKeys[1], CERTIFICATE_STATUS.deleted);
    await db()
      .updateTable('certificates')
      .set({ expiration_date: '2020-01-01' })
      .where('key', '=', firstKeys[2])
      .execute();

    const report = (await check(recipientRows(4))).json<DuplicatesReport>();
    expect(report.duplicates).toEqual([{ row: 5, recipient: 'L-4', certificateKey: firstKeys[3] }]);

    const again = await publish(recipientRows(3));
    expect(again.statusCode, again.body).toBe(200);
    const newKeys = await keysOf(again.json().campaignId);
    const reissued = (await check(recipientRows(1))).json<DuplicatesReport>();
    expect(reissued.duplicates).toEqual([{ row: 2, recipient: 'L-1', certificateKey: newKeys[0] }]);
  });

  it("leaves another template's and another issuer's certificates alone", async () => {
    await publishRows(t.app, headers, templateId, recipientRows(2));
    const otherTemplate = await createBadgeTemplate(t.app, headers);
    expect((await check(recipientRows(2), otherTemplate)).json()).toMatchObject({ count: 0 });
    const elsewhere = await publishRows(t.app, headers, otherTemplate, recipientRows(2));
    expect(elsewhere.statusCode, elsewhere.body).toBe(200);

    const otherIssuer = await addIssuer(t.app, 'Other school');
    await db().updateTable('issuers').set({ credits: 10 }).where('id', '=', otherIssuer).execute();
    await addUser(t.app, otherIssuer, 'publisher@other.example', PROFILE.Administrator);
    const outsider = bearer(await signIn(t.app, 'publisher@other.example'));
    // the same template made by us, then given to them (their plan may not create badge templates)
    const theirTemplate = await createBadgeTemplate(t.app, headers);
    await db().updateTable('templates').set({ issuer_id: otherIssuer }).where('id', '=', theirTemplate).execute();
    expect((await check(recipientRows(2), theirTemplate, outsider)).json()).toMatchObject({ count: 0 });
    const theirs = await publishRows(t.app, outsider, theirTemplate, recipientRows(2));
    expect(theirs.statusCode, theirs.body).toBe(200);
    expect(await credits(otherIssuer)).toBe(8);
    // nor may they look at ours
    expect((await check(recipientRows(2), templateId, outsider)).statusCode).toBe(404);
  });

  it('knows recipients by address when the template has no technical field, and by key across language rows', async () => {
    await db().updateTable('templates').set({ technical_fields: '' }).where('id', '=', templateId).execute();
    await publishRows(t.app, headers, templateId, recipientRows(2));
    const rows = recipientRows(3).map((row) => ({ ...row, ID: '', Email: row.Email.toUpperCase() }));
    const report = (await check(rows)).json<DuplicatesReport>();
    expect(report).toMatchObject({ recipients: 3, count: 2 });
    expect(report.duplicates.map((d) => d.recipient)).toEqual(['learner1@example.org', 'learner2@example.org']);

    await db().updateTable('templates').set({ technical_fields: 'ID' }).where('id', '=', templateId).execute();
    const bilingual = [
      { ID: 'S1', Language: 'fr', Email: 'ada@example.org', firstName: 'Ada', lastName: 'L' },
      { ID: 'S1', Language: 'en', Email: 'ada@example.org', firstName: 'Ada', lastName: 'L' },
      { ID: 'S2', Language: 'all', Email: 'bob@example.org', firstName: 'Bob', lastName: 'M' },
    ];
    expect((await publish(bilingual)).statusCode).toBe(200);
    const again = await publish([bilingual[2], ...bilingual.slice(0, 2), { ...bilingual[2], ID: 'S3' }]);
    expect(again.json()).toMatchObject({
      recipients: 3,
      count: 2,
      duplicates: [
        { row: 2, recipient: 'S2' },
        { row: 3, recipient: 'S1' },
      ],
    });
    const skipped = await publish([bilingual[2], ...bilingual.slice(0, 2), { ...bilingual[2], ID: 'S3' }], 'skip');
    expect(skipped.json()).toMatchObject({ skipped: 2 });
    expect((await keysOf(skipped.json().campaignId)).length).toBe(1);
  });

  it('lists the first ones and counts them all', async () => {
    const many = DUPLICATES_LISTED + 20;
    await db().updateTable('issuers').set({ credits: 1000 }).where('id', '=', issuerId).execute();
    await publishRows(t.app, headers, templateId, recipientRows(many));
    const answer = await publish(recipientRows(many));
    expect(answer.statusCode).toBe(409);
    const report = answer.json<DuplicatesReport>();
    expect(report.count).toBe(many);
    expect(report.duplicates).toHaveLength(DUPLICATES_LISTED);
    expect(report.duplicates.at(-1)).toMatchObject({ row: DUPLICATES_LISTED + 1 });
  });

  it('answers a repeated Idempotency-Key with its campaign, and the key reused with another choice is refused', async () => {
    const first = await publish(recipientRows(2), undefined, 'key-1');
    expect(first.statusCode, first.body).toBe(200);
    const repeated = await publish(recipientRows(2), undefined, 'key-1');
    expect(repeated.statusCode, repeated.body).toBe(200);
    expect(repeated.json().campaignId).toBe(first.json().campaignId);

    const allowed = await publish(recipientRows(2), 'allow', 'key-2');
    expect(allowed.statusCode).toBe(200);
    expect((await publish(recipientRows(2), 'allow', 'key-2')).json().campaignId).toBe(allowed.json().campaignId);
    const otherChoice = await publish(recipientRows(2), 'skip', 'key-2');
    expect(otherChoice.statusCode).toBe(422);
    expect(otherChoice.json().code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect((await publish(recipientRows(2), 'overwrite')).statusCode).toBe(400);
  });
});
