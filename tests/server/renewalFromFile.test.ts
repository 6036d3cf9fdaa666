import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CERTIFICATE_STATUS } from '../../domain/certificates';
import type { DuplicatesReport } from '../../domain/duplicates';
import { addPeriod } from '../../domain/expiry';
import { todayIso } from '../../domain/import';
import { publishRows, recipientRows } from './publicationFixtures';
import { signInAdmin } from './signIn';
import { badgePayload, postForm, svgLogo } from './templateFixtures';
import { createTestApp, TEST_DATABASES, type TestApp } from './testApp';

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const YEAR = { amount: 1, unit: 'years' } as const;

/**
 * Issue 28, "Expiry and renewal": renewing from a file, a publish with duplicateBehavior renew. The recipients who
 * hold a certificate of the template, valid or expired, get a new one issued today with a new validity, linked to
 * the old one as its renewal (not revoked); the others are issued as usual.
 */
describe.each(TEST_DATABASES)('renewal from a file on %s', (database) => {
  let t: TestApp;
  let headers: Record<string, string>;
  let issuerId: number;
  const db = () => t.app.laurel.db;

  beforeEach(async () => {
    t = await createTestApp(database);
    ({ headers, issuerId } = await signInAdmin(t.app));
  });
  afterEach(async () => {
    await t.close();
  });

  /** A badge template, with the validity period given (none: its certificates never expire by default). */
  const template = async (validity: typeof YEAR | null) => {
    const created = await postForm(
      t.app,
      headers,
      badgePayload(
        validity ? { expiry: { validity, reminderDays: [7], remindIssuer: false, issuerReminderEmail: '' } } : {},
      ),
      [svgLogo()],
    );
    expect(created.statusCode, created.body).toBe(201);
    return created.json<{ id: number }>().id;
  };
  /** Publishes the rows (issued as usual) and answers their certificates' keys, in the rows' order. */
  const issued = async (templateId: number, rows: Record<string, string>[]) => {
    const published = await publishRows(t.app, headers, templateId, rows);
    expect(published.statusCode, published.body).toBe(200);
    await t.app.laurel.jobs.runUntilIdle();
    return (
      await db()
        .selectFrom('certificates')
        .select('key')
        .where('campaign_id', '=', published.json<{ campaignId: number }>().campaignId)
        .orderBy('id')
        .execute()
    ).map((row) => row.key);
  };
  const expire = (key: string, date: string) =>
    db().updateTable('certificates').set({ expiration_date: date }).where('key', '=', key).execute();
  const certificate = (key: string) =>
    db().selectFrom('certificates').selectAll().where('key', '=', key).executeTakeFirstOrThrow();
  const issuer = () =>
    db()
      .selectFrom('issuers')
      .select(['credits', 'status_version'])
      .where('id', '=', issuerId)
      .executeTakeFirstOrThrow();
  const state = async () => ({
    issuer: await issuer(),
    certificates: await db()
      .selectFrom('certificates')
      .select(['key', 'status_id', 'expiration_date'])
      .orderBy('id')
      .execute(),
    campaigns: (await db().selectFrom('campaigns').select('id').execute()).length,
    operations: await db().selectFrom('credit_operations').select(['credits', 'reason']).orderBy('id').execute(),
    links: await db().selectFrom('certificate_replacements').select(['old_certificate_id', 'kind']).execute(),
  });
  const renewFile = (templateId: number, rows: Record<string, string>[], idempotencyKey?: string, lang = 'en') =>
    t.app.inject({
      method: 'POST',
      url: `/api/admin/data?lang=${lang}`,
      headers: { ...headers, ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}) },
      payload: { templateId, data: rows, contentType: 'json', duplicateBehavior: 'renew' },
    });
  const check = (templateId: number, rows: Record<string, string>[]) =>
    t.app.inject({ method: 'POST', url: '/api/admin/data/duplicates', headers, payload: { templateId, data: rows } });

  it('renews expired and valid certificates from the rows, linked and not revoked; a new recipient is issued as usual', async () => {
    const templateId = await template(YEAR);
    const old = await issued(templateId, recipientRows(3));
    // L-1's certificate has expired, L-2's expires in five days, L-3's in a year
    await expire(old[0], inDays(-10));
    await expire(old[1], inDays(5));
    const rows = recipientRows(4);
    // L-2's row gives its own new expiry; L-4 holds nothing yet
    rows[1].ExpirationDate = '2031-06-30';

    // the check counts the expired one for renew only
    const checked = await check(templateId, rows);
    expect(checked.statusCode, checked.body).toBe(200);
    expect(checked.json<DuplicatesReport>()).toMatchObject({ recipients: 4, count: 2, renewable: 3 });

    const before = await state();
    const answer = await renewFile(templateId, rows, 'renew-file-1');
    expect(answer.statusCode, answer.body).toBe(200);
    const { campaignId, renewed, skipped } = answer.json<{ campaignId: number; renewed: number; skipped: number }>();
    expect({ renewed, skipped }).toEqual({ renewed: 3, skipped: 0 });

    const today = todayIso();
    const fresh = await db()
      .selectFrom('certificates')
      .selectAll()
      .where('campaign_id', '=', campaignId)
      .orderBy('id')
      .execute();
    expect(fresh.map((c) => [c.recipient_key, c.obtention_date.slice(0, 10), c.expiration_date?.slice(0, 10)])).toEqual(
      [
        // issued today: the template's validity from today, or the row's own date
        ['L-1', today, addPeriod(today, YEAR)],
        ['L-2', today, '2031-06-30'],
        ['L-3', today, addPeriod(today, YEAR)],
        // no earlier certificate: issued as its row says (its obtention date plus the validity)
        ['L-4', '2026-11-20', addPeriod('2026-11-20', YEAR)],
      ],
    );
    // the old ones are linked as renewed, not revoked: still validated, the status lists unchanged
    const links = await db()
      .selectFrom('certificate_replacements')
      .select(['old_certificate_id', 'new_certificate_id', 'kind'])
      .orderBy('id')
      .execute();
    expect(links).toEqual(
      await Promise.all(
        [0, 1, 2].map(async (index) => ({
          old_certificate_id: (await certificate(old[index])).id,
          new_certificate_id: fresh[index].id,
          kind: 'renewal',
        })),
      ),
    );
    for (const key of old) expect((await certificate(key)).status_id).toBe(CERTIFICATE_STATUS.validated);
    const after = await state();
    expect(after.issuer).toEqual({
      credits: before.issuer.credits - 4,
      status_version: before.issuer.status_version,
    });
    expect(after.operations.at(-1)).toEqual({ credits: -4, reason: `campaign ${campaignId}` });

    // the same Idempotency-Key renews once: the same campaign, nothing more written or spent
    const again = await renewFile(templateId, rows, 'renew-file-1');
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json<{ campaignId: number }>().campaignId).toBe(campaignId);
    expect(await state()).toEqual(after);

    // once renewed, the old ones are not renewable again: a second renew renews the new ones
    expect((await check(templateId, rows)).json<DuplicatesReport>()).toMatchObject({ count: 4, renewable: 4 });
    await t.app.laurel.jobs.runUntilIdle();
    const second = await renewFile(templateId, rows.slice(0, 1));
    expect(second.statusCode, second.body).toBe(200);
    const link = await db()
      .selectFrom('certificate_replacements')
      .select(['old_certificate_id', 'kind'])
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(link).toEqual({ old_certificate_id: fresh[0].id, kind: 'renewal' });
  });

  it('refuses ERR_NO_VALIDITY, changing and spending nothing, when a recipient to renew gets no date', async () => {
    const templateId = await template(null);
    const old = await issued(templateId, recipientRows(2));
    await expire(old[0], inDays(-1));
    const before = await state();
    const refused = await renewFile(templateId, recipientRows(3), undefined, 'fr');
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'ERR_NO_VALIDITY', count: 2, recipients: ['L-1', 'L-2'] });
    expect(refused.json().error ?? refused.json().message).toContain('Aucune nouvelle date d’expiration');
    expect(await state()).toEqual(before);

    // with the rows' own dates it renews; the new recipient, without a date, is issued as usual (no expiry)
    const rows = recipientRows(3);
    rows[0].ExpirationDate = '2030-01-31';
    rows[1].ExpirationDate = '2030-02-28';
    const answer = await renewFile(templateId, rows);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({ renewed: 2, skipped: 0 });
    const fresh = await db()
      .selectFrom('certificates')
      .select(['recipient_key', 'expiration_date'])
      .where('campaign_id', '=', answer.json<{ campaignId: number }>().campaignId)
      .orderBy('id')
      .execute();
    expect(fresh.map((c) => [c.recipient_key, c.expiration_date?.slice(0, 10) ?? null])).toEqual([
      ['L-1', '2030-01-31'],
      ['L-2', '2030-02-28'],
      ['L-3', null],
    ]);
  });

  it('refuses ERR_VALID_UNTIL_PAST, changing and spending nothing, when a renewed row gives a date not after today', async () => {
    const templateId = await template(YEAR);
    const old = await issued(templateId, recipientRows(3));
    await expire(old[0], inDays(-10));
    const rows: Record<string, string>[] = recipientRows(4).map((row) => ({ ...row, obtentionDate: inDays(-30) }));
    // L-1 (expired) gives yesterday, L-2 (valid) today: both refused; L-4 holds nothing: issued as its row says
    rows[0].ExpirationDate = inDays(-1);
    rows[1].ExpirationDate = todayIso();
    rows[3].ExpirationDate = inDays(-1);

    // the check names those a renew would refuse, by the row to correct
    const checked = await check(templateId, rows);
    expect(checked.statusCode, checked.body).toBe(200);
    expect(checked.json<DuplicatesReport>()).toMatchObject({
      recipients: 4,
      count: 2,
      renewable: 3,
      pastRenewals: {
        count: 2,
        duplicates: [
          { row: 2, recipient: 'L-1', certificateKey: old[0] },
          { row: 3, recipient: 'L-2', certificateKey: old[1] },
        ],
      },
    });

    const before = await state();
    const refused = await renewFile(templateId, rows, 'renew-past-1', 'fr');
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json()).toMatchObject({
      code: 'ERR_VALID_UNTIL_PAST',
      count: 2,
      recipients: ['L-1', 'L-2'],
      today: todayIso(),
    });
    expect(refused.json().error ?? refused.json().message).toContain(
      'Un renouvellement doit expirer après aujourd’hui',
    );
    expect(await state()).toEqual(before);

    // a later date, or none (the template's validity), renews; the same key is a new request (another body)
    rows[0].ExpirationDate = '';
    rows[1].ExpirationDate = inDays(30);
    const answer = await renewFile(templateId, rows, 'renew-past-2');
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({ renewed: 3, skipped: 0 });
    const fresh = await db()
      .selectFrom('certificates')
      .select(['recipient_key', 'expiration_date'])
      .where('campaign_id', '=', answer.json<{ campaignId: number }>().campaignId)
      .orderBy('id')
      .execute();
    const today = todayIso();
    expect(fresh.map((c) => [c.recipient_key, c.expiration_date?.slice(0, 10) ?? null])).toEqual([
      ['L-1', addPeriod(today, YEAR)],
      ['L-2', inDays(30)],
      ['L-3', addPeriod(today, YEAR)],
      ['L-4', inDays(-1)],
    ]);
    expect((await issuer()).credits).toBe(before.issuer.credits - 4);
  });
});
