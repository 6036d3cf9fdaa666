import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PROFILE } from '../../domain/roles';
import type { LaurelApp } from '../../server/app';
import { addIssuer, addUser, bearer, signIn, signInAdmin } from './signIn';
import { createBadgeTemplate, recipientRows } from './publicationFixtures';
import { createTestApp, TEST_DATABASES, type TestApp } from './testApp';

type Headers = Record<string, string>;

const createUpload = (app: LaurelApp, headers: Headers, templateId: number, notes = '') =>
  app.inject({ method: 'POST', url: '/api/admin/data/parts', headers, payload: { templateId, notes } });

const sendPart = (app: LaurelApp, headers: Headers, uploadId: number, part: number, rows: unknown[]) =>
  app.inject({ method: 'PUT', url: `/api/admin/data/parts/${uploadId}/${part}`, headers, payload: { data: rows } });

const commit = (
  app: LaurelApp,
  headers: Headers,
  uploadId: number,
  parts: number,
  key?: string,
  duplicateBehavior?: string,
) =>
  app.inject({
    method: 'POST',
    url: `/api/admin/data/parts/${uploadId}/commit`,
    headers: key ? { ...headers, 'idempotency-key': key } : headers,
    payload: { parts, ...(duplicateBehavior ? { duplicateBehavior } : {}) },
  });

/** `count` bilingual recipients (an English and a French row each) numbered from `from`. */
function bilingualRows(from: number, count: number): Record<string, string>[] {
  return Array.from({ length: count }, (_, i) => {
    const n = from + i;
    const row = { ID: `R-${n}`, Email: `r${n}@example.org`, firstName: `Rec${n}`, lastName: 'Doe' };
    return [
      { ...row, Language: 'en', obtentionDate: '2026-11-20' },
      { ...row, Language: 'fr', obtentionDate: '2026-11-20' },
    ];
  }).flat();
}

describe.each(TEST_DATABASES)('publication in parts on %s', (database) => {
  let t: TestApp;
  let headers: Headers;
  let issuerId: number;
  let templateId: number;
  beforeEach(async () => {
    t = await createTestApp(database);
    ({ headers, issuerId } = await signInAdmin(t.app));
    templateId = await createBadgeTemplate(t.app, headers);
    await setCredits(1_000);
  });
  afterEach(async () => {
    await t.close();
  });

  const db = () => t.app.laurel.db;
  const setCredits = (value: number) =>
    db().updateTable('issuers').set({ credits: value }).where('id', '=', issuerId).execute();
  const credits = async () =>
    (await db().selectFrom('issuers').select('credits').where('id', '=', issuerId).executeTakeFirstOrThrow()).credits;
  const count = async (table: 'campaigns' | 'certificates' | 'credit_operations' | 'publication_upload_rows') =>
    Number(
      (
        await db()
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const newUpload = async (who: Headers = headers) => {
    const created = await createUpload(t.app, who, templateId, ' big one ');
    expect(created.statusCode, created.body).toBe(200);
    return created.json<{ uploadId: number; partMaxRows: number; maxRows: number }>();
  };

  it('commits parts received out of order as ONE campaign with one credit debit, in the parts’ order', async () => {
    const { uploadId, partMaxRows, maxRows } = await newUpload();
    expect({ partMaxRows, maxRows }).toEqual({ partMaxRows: 5_000, maxRows: 100_000 });
    const operationsBefore = await count('credit_operations');

    const second = await sendPart(t.app, headers, uploadId, 2, bilingualRows(31, 20));
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json()).toEqual({ partNumber: 2, rows: 40, recipients: 20, totalRows: 40 });
    const first = await sendPart(t.app, headers, uploadId, 1, bilingualRows(1, 30));
    expect(first.json()).toEqual({ partNumber: 1, rows: 60, recipients: 30, totalRows: 100 });
    expect(await count('campaigns')).toBe(0);

    const committed = await commit(t.app, headers, uploadId, 2);
    expect(committed.statusCode, committed.body).toBe(200);
    const { campaignId } = committed.json<{ campaignId: number }>();

    expect(await count('campaigns')).toBe(1);
    expect(await credits()).toBe(1_000 - 50);
    expect(await count('credit_operations')).toBe(operationsBefore + 1);
    const campaign = await db()
      .selectFrom('campaigns')
      .selectAll()
      .where('id', '=', campaignId)
      .executeTakeFirstOrThrow();
    expect(campaign).toMatchObject({ certified_degrees: 50, notes: 'big one', template_id: templateId });
    const certificates = await db()
      .selectFrom('certificates')
      .select(['recipient_key', 'language', 'translations', 'status_index'])
      .where('campaign_id', '=', campaignId)
      .orderBy('id')
      .execute();
    expect(certificates).toHaveLength(50);
    expect(certificates.map((c) => c.recipient_key)).toEqual(Array.from({ length: 50 }, (_, i) => `R-${i + 1}`));
    expect(certificates[0].language).toBe('en');
    expect(JSON.parse(certificates[0].translations ?? '{}')).toMatchObject({ fr: { firstName: 'Rec1' } });
    expect(new Set(certificates.map((c) => c.status_index)).size).toBe(50);
    // the staged rows are gone once the campaign holds them
    expect(await count('publication_upload_rows')).toBe(0);

    // the campaign is signed as a single-call publish is
    await t.app.laurel.jobs.runUntilIdle();
    const list = await t.app.inject({ method: 'POST', url: '/api/admin/campaigns', headers });
    expect(list.json().campaigns[0]).toMatchObject({ ID: campaignId, Status: 'Done', certifiedDegrees: 50 });
    const signed = await db()
      .selectFrom('certificates')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('campaign_id', '=', campaignId)
      .where('credential', 'is not', null)
      .executeTakeFirstOrThrow();
    expect(Number(signed.n)).toBe(50);
  });

  it('answers a retried commit with the same campaign, debiting once; parts are idempotent per number', async () => {
    const { uploadId } = await newUpload();
    expect((await sendPart(t.app, headers, uploadId, 1, recipientRows(10))).statusCode).toBe(200);
    // the same part again: nothing changes
    const again = await sendPart(t.app, headers, uploadId, 1, recipientRows(10));
    expect(again.json()).toEqual({ partNumber: 1, rows: 10, recipients: 10, totalRows: 10 });
    // other rows under the same number replace the part
    const replaced = await sendPart(t.app, headers, uploadId, 1, recipientRows(12));
    expect(replaced.json()).toEqual({ partNumber: 1, rows: 12, recipients: 12, totalRows: 12 });

    const first = await commit(t.app, headers, uploadId, 1, 'key-1');
    const retried = await commit(t.app, headers, uploadId, 1, 'key-1');
    const withoutKey = await commit(t.app, headers, uploadId, 1);
    expect(first.statusCode, first.body).toBe(200);
    expect(retried.json()).toEqual(first.json());
    expect(withoutKey.json()).toEqual(first.json());
    expect(await count('campaigns')).toBe(1);
    expect(await count('certificates')).toBe(12);
    expect(await credits()).toBe(1_000 - 12);

    // the key of this commit names this upload only
    const other = await newUpload();
    await sendPart(t.app, headers, other.uploadId, 1, recipientRows(1));
    const reused = await commit(t.app, headers, other.uploadId, 1, 'key-1');
    expect(reused.statusCode).toBe(422);
    expect(reused.json().code).toBe('IDEMPOTENCY_KEY_REUSED');
    // a committed upload takes no more parts
    const late = await sendPart(t.app, headers, uploadId, 2, recipientRows(1));
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('UPLOAD_COMMITTED');
  });

  it('asks what to do with recipients who already hold a certificate, keeps the upload, and skips or allows them', async () => {
    const first = await newUpload();
    await sendPart(t.app, headers, first.uploadId, 1, recipientRows(5));
    expect((await commit(t.app, headers, first.uploadId, 1)).statusCode).toBe(200);
    const before = { credits: await credits(), certificates: await count('certificates') };

    // the same five again and three new ones, over two parts: refused by default, nothing written or spent
    const again = await newUpload();
    const rows = recipientRows(8);
    await sendPart(t.app, headers, again.uploadId, 1, rows.slice(0, 4));
    await sendPart(t.app, headers, again.uploadId, 2, rows.slice(4));
    const refused = await commit(t.app, headers, again.uploadId, 2, 'again-1');
    expect(refused.statusCode, refused.body).toBe(409);
    const report = refused.json<{ code: string; recipients: number; count: number; duplicates: { row: number }[] }>();
    expect(report).toMatchObject({ code: 'ERR_DUPLICATE_RECIPIENTS', recipients: 8, count: 5 });
    expect(report.duplicates.map((duplicate) => duplicate.row)).toEqual([2, 3, 4, 5, 6]);
    expect(await credits()).toBe(before.credits);
    expect(await count('certificates')).toBe(before.certificates);
    expect(await count('campaigns')).toBe(1);
    // replacing is the one-call publish's
    const replace = await commit(t.app, headers, again.uploadId, 2, 'again-2', 'replace');
    expect(replace.statusCode).toBe(400);
    expect(replace.json().code).toBe('ERR_REPLACE_IN_PARTS');
    // and so is renewing (issue 28)
    const renew = await commit(t.app, headers, again.uploadId, 2, 'again-renew', 'renew');
    expect(renew.statusCode).toBe(400);
    expect(renew.json().code).toBe('ERR_REPLACE_IN_PARTS');

    // the upload was kept: committed again with "skip", only the three new ones are issued and charged
    const skipped = await commit(t.app, headers, again.uploadId, 2, 'again-3', 'skip');
    expect(skipped.statusCode, skipped.body).toBe(200);
    expect(skipped.json()).toMatchObject({ skipped: 5 });
    expect(await count('certificates')).toBe(before.certificates + 3);
    expect(await credits()).toBe(before.credits - 3);

    // everyone held, with skip: nothing to publish; with allow: everyone gets another
    const twice = await newUpload();
    await sendPart(t.app, headers, twice.uploadId, 1, recipientRows(8));
    const nothing = await commit(t.app, headers, twice.uploadId, 1, undefined, 'skip');
    expect(nothing.statusCode).toBe(409);
    expect(nothing.json().code).toBe('ERR_NOTHING_TO_PUBLISH');
    const allowed = await commit(t.app, headers, twice.uploadId, 1, undefined, 'allow');
    expect(allowed.statusCode, allowed.body).toBe(200);
    expect(allowed.json()).toMatchObject({ skipped: 0 });
    expect(await count('certificates')).toBe(before.certificates + 3 + 8);
  });

  it('refuses a commit with a part missing, and one with a part beyond the number given, writing nothing', async () => {
    const { uploadId } = await newUpload();
    await sendPart(t.app, headers, uploadId, 1, recipientRows(3));
    await sendPart(t.app, headers, uploadId, 3, bilingualRows(10, 2));
    const missing = await commit(t.app, headers, uploadId, 3);
    expect(missing.statusCode).toBe(409);
    expect(missing.json()).toMatchObject({ code: 'UPLOAD_INCOMPLETE', missing: [2], extra: [] });
    const extra = await commit(t.app, headers, uploadId, 1);
    expect(extra.json()).toMatchObject({ code: 'UPLOAD_INCOMPLETE', missing: [], extra: [3] });
    expect(await count('campaigns')).toBe(0);
    expect(await credits()).toBe(1_000);

    await sendPart(t.app, headers, uploadId, 2, bilingualRows(20, 1));
    const complete = await commit(t.app, headers, uploadId, 3);
    expect(complete.statusCode, complete.body).toBe(200);
    expect(await credits()).toBe(1_000 - 6);
  });

  it("refuses another user's or another issuer's upload, and a Reader", async () => {
    const { uploadId } = await newUpload();
    await addUser(t.app, issuerId, 'publisher@example.org', PROFILE.Publisher);
    const colleague = bearer(await signIn(t.app, 'publisher@example.org'));
    const byColleague = await sendPart(t.app, colleague, uploadId, 1, recipientRows(1));
    expect(byColleague.statusCode).toBe(404);
    expect(byColleague.json().code).toBe('UPLOAD_NOT_FOUND');
    expect((await commit(t.app, colleague, uploadId, 1)).statusCode).toBe(404);

    const otherIssuer = await addIssuer(t.app, 'Other school');
    await addUser(t.app, otherIssuer, 'admin@other.example', PROFILE.Administrator);
    const outsider = bearer(await signIn(t.app, 'admin@other.example'));
    expect((await sendPart(t.app, outsider, uploadId, 1, recipientRows(1))).statusCode).toBe(404);
    expect((await createUpload(t.app, outsider, templateId)).statusCode).toBe(404);

    await addUser(t.app, issuerId, 'reader@example.org', PROFILE.Reader);
    const reader = bearer(await signIn(t.app, 'reader@example.org'));
    expect((await createUpload(t.app, reader, templateId)).statusCode).toBe(403);
    expect(await count('publication_upload_rows')).toBe(0);
  });

  it('refuses a part over 5,000 rows, rows that break the import rules, and a recipient split over two parts', async () => {
    const { uploadId } = await newUpload();
    const tooBig = await sendPart(t.app, headers, uploadId, 1, recipientRows(5_001));
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json().code).toBe('VALIDATION_ERROR');

    const badEmail = await sendPart(t.app, headers, uploadId, 1, [
      { ID: 'X', Language: 'all', Email: 'not-an-address', firstName: 'X', lastName: 'Y' },
    ]);
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json()).toMatchObject({ code: 'ERR_PUBLICATION_ERROR', errors: [{ code: 'ERR_INVALID_EMAILS' }] });

    // R-1's English row in part 1, its French row in part 2: part 1 alone misses a language
    const rows = bilingualRows(1, 2);
    const split = await sendPart(t.app, headers, uploadId, 1, rows.slice(0, 1));
    expect(split.json()).toMatchObject({ errors: [{ code: 'ERR_MISSING_LANGUAGE' }] });
    await sendPart(t.app, headers, uploadId, 1, rows.slice(0, 2));
    const twice = await sendPart(t.app, headers, uploadId, 2, rows);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('RECIPIENT_IN_SEVERAL_PARTS');
    expect(await count('publication_upload_rows')).toBe(1);
  });

  it('checks the credits at the commit, and publishes once they are there', async () => {
    await setCredits(5);
    const { uploadId } = await newUpload();
    await sendPart(t.app, headers, uploadId, 1, recipientRows(4));
    await sendPart(t.app, headers, uploadId, 2, bilingualRows(100, 2));
    const refused = await commit(t.app, headers, uploadId, 2);
    expect(refused.statusCode).toBe(402);
    expect(refused.json()).toMatchObject({ code: 'NOT_ENOUGH_CREDITS', needed: 6, current: 5 });
    expect(await count('campaigns')).toBe(0);
    expect(await count('certificates')).toBe(0);
    expect(await credits()).toBe(5);

    await setCredits(6);
    const published = await commit(t.app, headers, uploadId, 2);
    expect(published.statusCode, published.body).toBe(200);
    expect(await credits()).toBe(0);
  });

  it('deletes expired uploads with their staged rows, and refuses their parts', async () => {
    const { uploadId } = await newUpload();
    await sendPart(t.app, headers, uploadId, 1, recipientRows(20));
    expect(await count('publication_upload_rows')).toBe(20);
    await db()
      .updateTable('publication_uploads')
      .set({ expires_at: new Date(Date.now() - 1_000).toISOString() })
      .where('id', '=', uploadId)
      .execute();
    const late = await sendPart(t.app, headers, uploadId, 2, recipientRows(1));
    expect(late.statusCode).toBe(404);
    expect((await commit(t.app, headers, uploadId, 1)).statusCode).toBe(404);

    await newUpload();
    expect(await count('publication_upload_rows')).toBe(0);
    // only the new upload is left (SQLite may give it the freed id)
    const uploads = await db().selectFrom('publication_uploads').select('expires_at').execute();
    expect(uploads).toHaveLength(1);
    expect(uploads[0].expires_at > new Date().toISOString()).toBe(true);
  });

  it('sends a template with file fields to the single-call publish', async () => {
    await db().updateTable('templates').set({ file_fields: 'transcript' }).where('id', '=', templateId).execute();
    const refused = await createUpload(t.app, headers, templateId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('PARTS_WITHOUT_FILES');
  });
});
