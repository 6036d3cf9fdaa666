import JSZip from 'jszip';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CERTIFICATE_KEY_PATTERN } from '../../domain/certificates';
import { PROFILE } from '../../domain/roles';
import { addIssuer, addUser, bearer, signIn, signInAdmin } from './signIn';
import { createBadgeTemplate, publishRows, recipientRows } from './publicationFixtures';
import { createTestApp, TEST_DATABASES, type TestApp } from './testApp';

describe.each(TEST_DATABASES)('publication on %s', (database) => {
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
  const credits = async () =>
    (await db().selectFrom('issuers').select('credits').where('id', '=', issuerId).executeTakeFirstOrThrow()).credits;
  const counts = async () => ({
    campaigns: Number(
      (
        await db()
          .selectFrom('campaigns')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    ),
    certificates: Number(
      (
        await db()
          .selectFrom('certificates')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    ),
    credits: await credits(),
  });
  const setCredits = (value: number) =>
    db().updateTable('issuers').set({ credits: value }).where('id', '=', issuerId).execute();
  const setTemplate = (values: {
    technical_fields?: string;
    file_fields?: string;
    enabled?: number;
    is_nft?: number;
  }) => db().updateTable('templates').set(values).where('id', '=', templateId).execute();

  it('publishes rows: debits one credit per certificate, creates the campaign and its certificates', async () => {
    const before = await credits();
    const published = await publishRows(t.app, headers, templateId, recipientRows(3), { notes: '  first batch ' });
    expect(published.statusCode, published.body).toBe(200);
    const { campaignId } = published.json<{ campaignId: number }>();
    expect(campaignId).toBeGreaterThan(0);
    expect(await credits()).toBe(before - 3);

    const certificates = await db()
      .selectFrom('certificates')
      .selectAll()
      .where('campaign_id', '=', campaignId)
      .orderBy('id')
      .execute();
    expect(certificates).toHaveLength(3);
    expect(certificates.every((c) => CERTIFICATE_KEY_PATTERN.test(c.key))).toBe(true);
    expect(new Set(certificates.map((c) => c.key)).size).toBe(3);
    expect(new Set(certificates.map((c) => c.status_index)).size).toBe(3);
    expect(certificates[0]).toMatchObject({
      status_id: 1,
      language: 'en',
      email: 'learner1@example.org',
      first_name: 'Learner1',
      obtention_date: '2026-11-20',
      issuer_id: issuerId,
    });
    expect(JSON.parse(certificates[0].data)).toMatchObject({ firstName: 'Learner1', lastName: 'Doe' });

    const operations = await t.app.inject({ method: 'GET', url: `/api/issuer/${issuerId}/credits`, headers });
    expect(operations.json()).toMatchObject({ current: before - 3, operations: [{ credits: -3 }, { credits: 100 }] });

    const template = await t.app.inject({ method: 'GET', url: `/api/admin/template?id=${templateId}`, headers });
    expect(template.json()).toMatchObject({ certificationCounter: 3, lastCampaignId: campaignId });

    const list = await t.app.inject({ method: 'POST', url: '/api/admin/campaigns', headers });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject({
      nbCampaigns: 1,
      campaigns: [
        { ID: campaignId, templateId, Status: 'Started', nbActive: 3, certifiedDegrees: 3, Notes: 'first batch' },
      ],
      lastCampaign: { ID: campaignId },
    });

    await t.app.laurel.jobs.runUntilIdle();
    const done = await t.app.inject({ method: 'POST', url: '/api/admin/campaigns', headers });
    expect(done.json().campaigns[0].Status).toBe('Done');
  });

  it('gives a bilingual recipient one certificate in the language of their first row, the other kept as a translation', async () => {
    await setTemplate({ technical_fields: 'ID' });
    const rows = [
      { ID: 'S1', Language: 'fr', Email: 'ada@example.org', firstName: 'Ada', lastName: 'L', assessment: 'Données' },
      { ID: 'S1', Language: 'en', Email: 'ada@example.org', firstName: 'Ada', lastName: 'L', assessment: 'Data' },
      { ID: 'S2', Language: 'all', Email: 'bob@example.org', firstName: 'Bob', lastName: 'M', assessment: 'Web' },
    ];
    const published = await publishRows(t.app, headers, templateId, rows);
    expect(published.statusCode, published.body).toBe(200);
    const certificates = await db().selectFrom('certificates').selectAll().orderBy('id').execute();
    expect(certificates).toHaveLength(2);
    expect(certificates[0]).toMatchObject({ language: 'fr', recipient_key: 'S1' });
    expect(JSON.parse(certificates[0].data).assessment).toBe('Données');
    expect(JSON.parse(certificates[0].translations ?? '{}')).toMatchObject({ en: { assessment: 'Data' } });
    expect(certificates[1]).toMatchObject({ language: 'en', translations: null });
  });

  it('rejects rows that break the import rules, writing nothing', async () => {
    const before = await counts();
    const named = { firstName: 'Ann', lastName: 'Lee' };
    const cases: [Record<string, string>[], string][] = [
      [[{ ID: 'X1', Language: 'xx', Email: 'a@example.org', ...named }], 'ERR_INVALID_LANGUAGE'],
      [[{ ID: 'X1', Language: 'all', Email: 'not-an-address', ...named }], 'ERR_INVALID_EMAILS'],
      [[{ ID: 'X1', Language: 'all', Email: '', ...named }], 'ERR_MISSING_EMAILS'],
    ];
    for (const [rows, code] of cases) {
      const answer = await publishRows(t.app, headers, templateId, rows);
      expect(answer.statusCode, answer.body).toBe(400);
      expect(answer.json().error).toContain(code);
      expect(answer.json().errors.map((e: { code: string }) => e.code)).toContain(code);
    }
    const badDate = await publishRows(t.app, headers, templateId, [
      {
        ID: 'X1',
        Language: 'all',
        Email: 'a@example.org',
        ...named,
        obtentionDate: '2026-02-30',
        ExpirationDate: 'soon',
      },
    ]);
    expect(badDate.statusCode).toBe(400);
    expect(badDate.json()).toMatchObject({
      code: 'ERR_CPF_INCORRECT_DATA',
      data: { 'row 2 obtentionDate': expect.any(String), 'row 2 ExpirationDate': expect.any(String) },
    });
    const script = await publishRows(t.app, headers, templateId, [
      { ID: 'X1', Language: 'all', Email: 'a@example.org', ...named, linkURL: 'javascript:alert(1)' },
    ]);
    expect(script.json().data).toHaveProperty(['row 2 linkURL']);
    const wrongType = await t.app.inject({
      method: 'POST',
      url: '/api/admin/data',
      headers,
      payload: { templateId, data: [{ ID: 'X1', Language: 'all', Email: 42 }] },
    });
    expect(wrongType.statusCode).toBe(400);
    const empty = await t.app.inject({
      method: 'POST',
      url: '/api/admin/data',
      headers,
      payload: { templateId, data: [] },
    });
    expect(empty.statusCode).toBe(400);
    expect(await counts()).toEqual(before);
  });

  it('refuses a publish the credits do not cover, and leaves the credits as they were', async () => {
    await setCredits(2);
    const answer = await publishRows(t.app, headers, templateId, recipientRows(3));
    expect(answer.statusCode).toBe(402);
    expect(answer.json()).toMatchObject({ code: 'NOT_ENOUGH_CREDITS', needed: 3, current: 2 });
    expect(await counts()).toMatchObject({ campaigns: 0, certificates: 0, credits: 2 });
  });

  it('never spends more credits than the issuer has when 20 publishes race', async () => {
    await setCredits(25);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => publishRows(t.app, headers, templateId, recipientRows(2))),
    );
    const ok = answers.filter((a) => a.statusCode === 200).length;
    const refused = answers.filter((a) => a.statusCode === 402).length;
    expect(ok).toBe(12);
    expect(refused).toBe(8);
    expect(await counts()).toEqual({ campaigns: 12, certificates: 24, credits: 1 });
    const indexes = await db().selectFrom('certificates').select('status_index').execute();
    expect(new Set(indexes.map((row) => row.status_index)).size).toBe(24);
  });

  it('answers the first campaign for a repeated Idempotency-Key and issues nothing twice', async () => {
    const rows = recipientRows(2);
    const first = await publishRows(t.app, headers, templateId, rows, { idempotencyKey: 'retry-1' });
    const again = await publishRows(t.app, headers, templateId, rows, { idempotencyKey: 'retry-1' });
    expect(again.statusCode).toBe(200);
    expect(again.json().campaignId).toBe(first.json().campaignId);
    const racing = await Promise.all(
      Array.from({ length: 5 }, () => publishRows(t.app, headers, templateId, rows, { idempotencyKey: 'retry-2' })),
    );
    expect(new Set(racing.map((a) => a.json().campaignId)).size).toBe(1);
    expect(await counts()).toMatchObject({ campaigns: 2, certificates: 4 });
    const other = await publishRows(t.app, headers, templateId, recipientRows(1), { idempotencyKey: 'retry-1' });
    expect(other.statusCode).toBe(422);
    expect(other.json().code).toBe('IDEMPOTENCY_KEY_REUSED');
  });

  it('needs an archive holding every listed file when the template has file fields', async () => {
    await setTemplate({ file_fields: 'transcript' });
    const rows = [
      { ...recipientRows(1)[0], transcript: 'ada.pdf' },
      { ...recipientRows(2)[1], transcript: 'bob.pdf' },
    ];
    const none = await publishRows(t.app, headers, templateId, rows);
    expect(none.json()).toMatchObject({ code: 'ERR_PUBLICATION_ERROR', error: 'Invalid input file' });
    const broken = await publishRows(t.app, headers, templateId, rows, { archive: Buffer.from('not a zip') });
    expect(broken.json().error).toBe('Invalid input file');
    const zip = new JSZip();
    zip.file('ada.pdf', '%PDF-1.4');
    const partial = await publishRows(t.app, headers, templateId, rows, {
      archive: await zip.generateAsync({ type: 'nodebuffer' }),
    });
    expect(partial.json().error).toBe('File missing in the archive: bob.pdf');
    expect(await counts()).toMatchObject({ campaigns: 0, certificates: 0 });
    zip.file('docs/bob.pdf', '%PDF-1.4');
    const complete = await publishRows(t.app, headers, templateId, rows, {
      archive: await zip.generateAsync({ type: 'nodebuffer' }),
    });
    expect(complete.statusCode, complete.body).toBe(200);
  });

  it('refuses a disabled template, a Reader, and another issuer', async () => {
    await setTemplate({ enabled: 0 });
    const disabled = await publishRows(t.app, headers, templateId, recipientRows(1));
    expect(disabled.statusCode).toBe(409);
    expect(disabled.json().code).toBe('TEMPLATE_UNAVAILABLE');
    await setTemplate({ enabled: 1 });

    await addUser(t.app, issuerId, 'reader@example.org', PROFILE.Reader);
    const reader = bearer(await signIn(t.app, 'reader@example.org'));
    const byReader = await publishRows(t.app, reader, templateId, recipientRows(1));
    expect(byReader.statusCode).toBe(403);
    expect(byReader.json().message).toBe('Operation unauthorized');

    const otherIssuer = await addIssuer(t.app, 'Other school');
    await t.app.laurel.db.updateTable('issuers').set({ credits: 10 }).where('id', '=', otherIssuer).execute();
    await addUser(t.app, otherIssuer, 'publisher@other.example', PROFILE.Publisher);
    const outsider = bearer(await signIn(t.app, 'publisher@other.example'));
    const byOutsider = await publishRows(t.app, outsider, templateId, recipientRows(1));
    expect(byOutsider.statusCode).toBe(404);
    const foreignCredits = await t.app.inject({
      method: 'GET',
      url: `/api/issuer/${issuerId}/credits`,
      headers: outsider,
    });
    expect(foreignCredits.statusCode).toBe(404);
    const theirCampaigns = await t.app.inject({ method: 'POST', url: '/api/admin/campaigns', headers: outsider });
    expect(theirCampaigns.json()).toMatchObject({ nbCampaigns: 0, campaigns: [] });
    expect(await counts()).toMatchObject({ campaigns: 0, certificates: 0 });
  });

  it('starts NFT certificates as minting and the ledger job validates them', async () => {
    await setTemplate({ is_nft: 1 });
    const published = await publishRows(t.app, headers, templateId, recipientRows(2));
    const { campaignId } = published.json<{ campaignId: number }>();
    const statuses = () =>
      db()
        .selectFrom('certificates')
        .select(['status_id', 'nft_transaction'])
        .where('campaign_id', '=', campaignId)
        .execute();
    expect((await statuses()).map((c) => c.status_id)).toEqual([11, 11]);
    await t.app.laurel.jobs.runUntilIdle();
    const minted = await statuses();
    expect(minted.map((c) => c.status_id)).toEqual([1, 1]);
    // each links to its batch page of the transparency log (tests/server/transparencyLog.test.ts)
    expect(minted.every((c) => /^\/ledger\/\d+\/2\?leaf=[01]$/.test(c.nft_transaction ?? ''))).toBe(true);
  });

  it('pages, searches and bounds the campaigns by date in the database', async () => {
    await setCredits(100);
    for (const notes of ['alpha', 'beta', 'gamma 100%']) {
      expect((await publishRows(t.app, headers, templateId, recipientRows(1), { notes })).statusCode).toBe(200);
    }
    const page = (query: string) =>
      t.app.inject({ method: 'POST', url: `/api/admin/campaigns?${query}`, headers }).then((r) => r.json());
    const firstPage = await page('offset=0&limit=2');
    expect(firstPage.nbCampaigns).toBe(3);
    expect(firstPage.campaigns.map((c: { Notes: string }) => c.Notes)).toEqual(['gamma 100%', 'beta']);
    const second = await page('offset=2&limit=2');
    expect(second.campaigns.map((c: { Notes: string }) => c.Notes)).toEqual(['alpha']);
    expect(second.lastCampaign.Notes).toBe('gamma 100%');
    expect((await page('filter=BETA')).nbCampaigns).toBe(1);
    expect((await page('filter=100%25')).nbCampaigns).toBe(1);
    expect((await page('filter=%25')).nbCampaigns).toBe(1);
    expect((await page('filter=ANALYSE')).nbCampaigns).toBe(3);
    expect((await page(`templateId=${templateId}`)).nbCampaigns).toBe(3);
    expect((await page('startDate=2000-01-01&endDate=2000-01-31')).nbCampaigns).toBe(0);
    const today = new Date().toISOString().slice(0, 10);
    expect((await page(`startDate=${today}&endDate=${today}`)).nbCampaigns).toBe(3);
    const badDate = await t.app.inject({ method: 'POST', url: '/api/admin/campaigns?startDate=yesterday', headers });
    expect(badDate.statusCode).toBe(400);
  });
});
