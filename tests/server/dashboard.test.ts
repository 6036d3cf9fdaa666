import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PROFILE } from '../../domain/roles';
import { addValidatedIssuers } from '../../server/repositories/validators';
import { createBadgeTemplate, publishRows, recipientRows } from './publicationFixtures';
import { addIssuer, addUser, bearer, signIn } from './signIn';
import { type CampaignApp, openCampaignApp } from './campaignApp';
import { TEST_DATABASES } from './testApp';

interface Stats {
  id: number;
  label: string;
  certifiedDegrees: number;
  nbEmailSent: number;
  Credits: number;
  nbDeleted: number;
}

interface Activity {
  id: number;
  label: string;
  TemplateID: number;
  TemplateLabel: string;
  nbActives: number;
  nbEmailSent: number;
  nbEmailOpened: number;
  nbEmailRejected: number;
}

const today = () => new Date().toISOString().slice(0, 10);

describe.each(TEST_DATABASES)('dashboard on %s', (database) => {
  // each test's own, from openCampaignApp
  let { t, headers, issuerId, templateId, campaignId } = {} as CampaignApp;
  beforeEach(async () => {
    ({ t, headers, issuerId, templateId, campaignId } = await openCampaignApp(database));
  });
  afterEach(() => t.close());

  const get = async <T>(url: string, as = headers) => {
    const answer = await t.app.inject({ method: 'GET', url, headers: as });
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json<T>();
  };
  const stats = (as = headers) => get<Stats[]>('/api/admin/stats', as);
  const activity = (startDate = today(), endDate = today(), as = headers) =>
    get<Activity[]>(`/api/admin/activity?startDate=${startDate}&endDate=${endDate}`, as);
  const keys = async () =>
    (
      await t.app.laurel.db
        .selectFrom('certificates')
        .select('key')
        .where('campaign_id', '=', campaignId)
        .orderBy('id')
        .execute()
    ).map((row) => row.key);

  /** A second issuer with its own Administrator, template and published campaign of `count` certificates. */
  const otherIssuerWithCampaign = async (count: number) => {
    const { db } = t.app.laurel;
    const own = await db
      .selectFrom('issuers')
      .select('metatemplates')
      .where('id', '=', issuerId)
      .executeTakeFirstOrThrow();
    const otherId = await addIssuer(t.app, 'another school');
    await db
      .updateTable('issuers')
      .set({ credits: 100, metatemplates: own.metatemplates })
      .where('id', '=', otherId)
      .execute();
    await addUser(t.app, otherId, 'admin@other.example', PROFILE.Administrator);
    const otherHeaders = bearer(await signIn(t.app, 'admin@other.example'));
    const otherTemplate = await createBadgeTemplate(t.app, otherHeaders);
    const published = await publishRows(t.app, otherHeaders, otherTemplate, recipientRows(count));
    expect(published.statusCode, published.body).toBe(200);
    return { otherId, otherHeaders, otherTemplate };
  };

  it("counts the issuer's certificates after publishing, disabling and deleting", async () => {
    const [before] = await stats();
    expect(before).toMatchObject({ id: issuerId, certifiedDegrees: 5, nbEmailSent: 0, nbDeleted: 0 });
    const credits = await t.app.laurel.db
      .selectFrom('issuers')
      .select('credits')
      .where('id', '=', issuerId)
      .executeTakeFirstOrThrow();
    expect(before.Credits).toBe(credits.credits);

    const items = await activity();
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      id: issuerId,
      label: before.label,
      TemplateID: templateId,
      nbActives: 5,
      nbEmailSent: 0,
      nbEmailOpened: 0,
      nbEmailRejected: 0,
    });
    expect(Object.keys(JSON.parse(items[0].TemplateLabel) as object)).toContain('en');

    const [first, second] = await keys();
    const disable = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/keys',
      headers,
      payload: { ids: [first], enable: false },
    });
    expect(disable.json()).toEqual({ updated: 1, skipped: 0 });
    const remove = await t.app.inject({ method: 'DELETE', url: '/api/admin/keys', headers, payload: [second] });
    expect(remove.json()).toEqual({ updated: 1, skipped: 0 });

    expect((await stats())[0]).toMatchObject({ certifiedDegrees: 5, nbDeleted: 1 });
    expect((await activity())[0].nbActives).toBe(3);
    expect(await activity('2020-01-01', '2020-01-31')).toEqual([]);
  });

  it('counts emails sent, opened and refused by the day they were sent', async () => {
    const { db } = t.app.laurel;
    const [a, b, c, d] = await keys();
    const now = new Date().toISOString();
    await db.updateTable('certificates').set({ mail_sent: 1, mail_sent_at: now }).where('key', 'in', [a, b]).execute();
    await db.updateTable('certificates').set({ mail_read_at: now }).where('key', '=', b).execute();
    await db.updateTable('certificates').set({ mail_sent: 0, mail_sent_at: now }).where('key', '=', c).execute();
    // an email sent long ago counts in its own period, not in today's
    await db
      .updateTable('certificates')
      .set({ mail_sent: 1, mail_sent_at: '2020-03-10T23:59:59.000Z' })
      .where('key', '=', d)
      .execute();

    expect((await stats())[0].nbEmailSent).toBe(3);
    expect((await activity())[0]).toMatchObject({ nbActives: 5, nbEmailSent: 1, nbEmailOpened: 1, nbEmailRejected: 1 });
    expect(await activity('2020-03-01', '2020-03-10')).toEqual([
      expect.objectContaining({ TemplateID: templateId, nbActives: 0, nbEmailSent: 1, nbEmailOpened: 0 }),
    ]);
    expect(await activity('2020-03-11', '2020-03-31')).toEqual([]);
  });

  it("never shows another issuer's figures to a non-validator; a validator sees the issuers it validates", async () => {
    const { otherId, otherHeaders, otherTemplate } = await otherIssuerWithCampaign(2);

    expect((await stats()).map((item) => item.id)).toEqual([issuerId]);
    expect((await activity()).map((item) => item.TemplateID)).toEqual([templateId]);
    expect(await stats(otherHeaders)).toEqual([expect.objectContaining({ id: otherId, certifiedDegrees: 2 })]);

    // everyone reads their issuer's dashboard
    await addUser(t.app, issuerId, 'reader@example.org', PROFILE.Reader);
    const reader = bearer(await signIn(t.app, 'reader@example.org'));
    expect((await stats(reader)).map((item) => item.id)).toEqual([issuerId]);

    await addValidatedIssuers(t.app.laurel.db, otherId, [issuerId]);
    const all = await stats(otherHeaders);
    expect(all.map((item) => item.label)).toEqual(
      [...all.map((item) => item.label)].sort((x, y) => x.toLowerCase().localeCompare(y.toLowerCase())),
    );
    expect(all.map((item) => item.id).sort()).toEqual([issuerId, otherId].sort());
    const seen = await activity(today(), today(), otherHeaders);
    expect(seen.map((item) => [item.id, item.TemplateID, item.nbActives]).sort()).toEqual(
      [
        [issuerId, templateId, 5],
        [otherId, otherTemplate, 2],
      ].sort(),
    );

    // only an Administrator of the validating issuer is a validator
    await addUser(t.app, otherId, 'publisher@other.example', PROFILE.Publisher);
    const publisher = bearer(await signIn(t.app, 'publisher@other.example'));
    expect((await stats(publisher)).map((item) => item.id)).toEqual([otherId]);
  });

  it('refuses bad periods and anonymous callers', async () => {
    for (const query of [
      '',
      'startDate=2026-11-01',
      'startDate=2026-02-30&endDate=2026-03-01',
      'startDate=2026-1-1&endDate=2026-01-02',
      'startDate=2026-11-02&endDate=2026-11-01',
      "startDate=2026-11-01'&endDate=2026-11-02",
    ]) {
      const answer = await t.app.inject({ method: 'GET', url: `/api/admin/activity?${query}`, headers });
      expect(answer.statusCode, query).toBe(400);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/stats' })).statusCode).toBe(401);
  });

  it('keeps the email counts equal to a recount of the certificates whatever changes them', async () => {
    const { db } = t.app.laurel;
    /** The counts as the triggers keep them, and as a full recount gives them, without the empty rows. */
    const kept = async () =>
      (await db.selectFrom('email_counts').selectAll().orderBy(['issuer_id', 'day', 'template_id']).execute()).filter(
        (row) => row.sent !== 0 || row.opened !== 0 || row.rejected !== 0,
      );
    const recounted = async () => {
      const rows = await db
        .selectFrom('certificates')
        .select(['issuer_id', 'template_id', 'mail_sent', 'mail_sent_at', 'mail_read_at'])
        .where('mail_sent_at', 'is not', null)
        .where('mail_sent', 'is not', null)
        .execute();
      const counts = new Map<
        string,
        { issuer_id: number; day: string; template_id: number; sent: number; opened: number; rejected: number }
      >();
      for (const row of rows) {
        const day = (row.mail_sent_at as string).slice(0, 10);
        const key = `${row.issuer_id}|${day}|${row.template_id}`;
        const entry = counts.get(key) ?? {
          issuer_id: row.issuer_id,
          day,
          template_id: row.template_id,
          sent: 0,
          opened: 0,
          rejected: 0,
        };
        if (row.mail_sent === 0) entry.rejected += 1;
        else if (row.mail_read_at === null) entry.sent += 1;
        else entry.opened += 1;
        counts.set(key, entry);
      }
      return [...counts.values()].sort(
        (a, b) => a.issuer_id - b.issuer_id || a.day.localeCompare(b.day) || a.template_id - b.template_id,
      );
    };
    const expectConsistent = async (step: string) => expect(await kept(), step).toEqual(await recounted());

    const [a, b, c, d] = await keys();
    const now = new Date().toISOString();
    await db
      .updateTable('certificates')
      .set({ mail_sent: 1, mail_sent_at: now })
      .where('key', 'in', [a, b, c])
      .execute();
    await expectConsistent('sent');
    await db.updateTable('certificates').set({ mail_read_at: now }).where('key', '=', b).execute();
    await db.updateTable('certificates').set({ mail_sent: 0 }).where('key', '=', c).execute();
    await expectConsistent('opened and refused');
    await db
      .updateTable('certificates')
      .set({ mail_sent_at: '2020-01-02T10:00:00.000Z' })
      .where('key', '=', a)
      .execute();
    await db.updateTable('certificates').set({ mail_sent: 1, mail_sent_at: now }).where('key', '=', d).execute();
    await expectConsistent('moved to another day, one more sent');
    // a new address resets the email's state (what PUT /api/admin/email does for a template that allows it)
    await db
      .updateTable('certificates')
      .set({ email: 'new@example.org', mail_sent: null, mail_sent_at: null, mail_read_at: null })
      .where('key', '=', b)
      .execute();
    await expectConsistent('address changed');
    await db.deleteFrom('certificates').where('key', '=', d).execute();
    await expectConsistent('one certificate removed');
    expect((await kept()).length).toBeGreaterThan(0);
    await db.deleteFrom('certificate_counts').where('campaign_id', '=', campaignId).execute();
    await db.deleteFrom('certificates').where('campaign_id', '=', campaignId).execute();
    await expectConsistent('whole campaign removed');
    expect(await kept()).toEqual([]);
  });
});
