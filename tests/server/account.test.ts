import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PROFILE } from '../../domain/roles';
import { getIssuer } from '../../server/repositories/issuers';
import { readAccount } from '../../server/services/account';
import { createBadgeTemplate, publishRows, recipientRows } from './publicationFixtures';
import { addIssuer, addUser, bearer, signIn, signInAdmin } from './signIn';
import { createTestApp, TEST_DATABASES, type TestApp } from './testApp';

describe.each(TEST_DATABASES)('account on %s', (database) => {
  let t: TestApp;
  let headers: Record<string, string>;
  let issuerId: number;
  beforeEach(async () => {
    t = await createTestApp(database);
    ({ headers, issuerId } = await signInAdmin(t.app));
  });
  afterEach(async () => {
    await t.close();
  });

  const db = () => t.app.laurel.db;
  const get = (id = issuerId, as: Record<string, string> = headers) =>
    t.app.inject({ method: 'GET', url: `/api/issuer/${id}/account`, headers: as });
  const setIssuer = (values: {
    plan?: string;
    created_at?: string;
    plan_product?: string | null;
    plan_cancel_at?: string | null;
    verified?: number;
    params?: string;
  }) => db().updateTable('issuers').set(values).where('id', '=', issuerId).execute();
  const issuer = () => getIssuer(db(), issuerId);

  it("answers a new free trial's account: its trial end, anniversary, terms and no usage yet", async () => {
    const created = (await issuer()).created_at;
    const response = await get();
    expect(response.statusCode, response.body).toBe(200);
    const today = new Date().toISOString().slice(0, 10);
    const nextYear = `${Number(created.slice(0, 4)) + 1}${created.slice(4, 10)}`;
    expect(response.json()).toEqual({
      plan: {
        contract: 'FREE_TRIAL',
        unit: 'CERTIFICATE',
        pay_as_you_go: true,
        annual_volume_cap: null,
        product: null,
        cancel_at: null,
      },
      free_trial_end: new Date(Date.parse(created) + 30 * 86_400_000).toISOString().slice(0, 10),
      anniversary: nextYear,
      onboarding: false,
      verification: false,
      verification_submitted: false,
      currency: 'EUR',
      usage: { certificates: { total: 0 }, recipients: { total: 0 }, since: today },
    });
  });

  it("answers the held pack's cap, a pending cancellation, verification and onboarding", async () => {
    await setIssuer({
      plan: 'ESSENTIALS_PACK',
      plan_product: 'essentials_2000',
      plan_cancel_at: '2027-03-01T00:00:00.000Z',
      verified: 1,
      params: JSON.stringify({ onboarded: true, verificationSubmitted: true }),
    });
    const body = (await get()).json();
    expect(body.plan).toEqual({
      contract: 'ESSENTIALS_PACK',
      unit: 'CERTIFICATE',
      pay_as_you_go: true,
      annual_volume_cap: 2000,
      product: 'essentials_2000',
      cancel_at: '2027-03-01T00:00:00.000Z',
    });
    expect(body).toMatchObject({
      free_trial_end: null,
      onboarding: true,
      verification: true,
      verification_submitted: true,
    });

    await setIssuer({ plan: 'INFINITE', plan_product: 'retired_product', plan_cancel_at: null });
    expect((await get()).json().plan).toMatchObject({ pay_as_you_go: false, annual_volume_cap: null });
  });

  it("counts this plan year's certificates and distinct recipients, not earlier years' nor other issuers'", async () => {
    await setIssuer({ created_at: '2024-03-10T09:00:00.000Z' });
    const templateId = await createBadgeTemplate(t.app, headers);
    for (const rows of [recipientRows(3), recipientRows(2)]) {
      const published = await publishRows(t.app, headers, templateId, rows);
      expect(published.statusCode, published.body).toBe(200);
    }
    // the same recipients again, with their addresses in capitals
    const shouting = recipientRows(1).map((row) => ({ ...row, Email: row.Email.toUpperCase() }));
    expect((await publishRows(t.app, headers, templateId, shouting)).statusCode).toBe(200);
    const old = await publishRows(t.app, headers, templateId, recipientRows(4));
    const oldCampaign = old.json<{ campaignId: number }>().campaignId;
    await db()
      .updateTable('campaigns')
      .set({ created_at: '2026-03-09T23:59:59.000Z' })
      .where('id', '=', oldCampaign)
      .execute();

    const now = new Date('2026-11-23T12:00:00.000Z');
    const account = await readAccount(db(), await issuer(), now);
    expect(account.anniversary).toBe('2027-03-10');
    expect(account.usage).toEqual({ certificates: { total: 6 }, recipients: { total: 3 }, since: '2026-03-10' });
    expect(account.free_trial_end).toBe('2024-04-09');

    // on the anniversary a new year starts from nothing
    const nextYear = await readAccount(db(), await issuer(), new Date('2027-03-10T00:00:00.000Z'));
    expect(nextYear.usage).toEqual({ certificates: { total: 0 }, recipients: { total: 0 }, since: '2027-03-10' });

    const otherIssuer = await addIssuer(t.app, 'Other school');
    const other = await readAccount(db(), await getIssuer(db(), otherIssuer), now);
    expect(other.usage.certificates.total).toBe(0);
    expect(other.usage.recipients.total).toBe(0);
  });

  it('answers every signed-in user of the issuer, and no one else', async () => {
    for (const profile of [PROFILE.Reader, PROFILE.Publisher, PROFILE.Manager]) {
      const email = `user${profile}@example.org`;
      await addUser(t.app, issuerId, email, profile);
      const response = await get(issuerId, bearer(await signIn(t.app, email)));
      expect(response.statusCode, `profile ${profile}`).toBe(200);
    }

    const otherIssuer = await addIssuer(t.app, 'Other school');
    const other = await get(otherIssuer);
    expect(other.statusCode).toBe(404);
    expect(other.json()).toMatchObject({ code: 'ISSUER_NOT_FOUND' });

    await addUser(t.app, otherIssuer, 'outsider@example.org', PROFILE.Administrator);
    const outsider = bearer(await signIn(t.app, 'outsider@example.org'));
    expect((await get(issuerId, outsider)).statusCode).toBe(404);
    expect((await get(otherIssuer, outsider)).json().plan.contract).toBe('FREE_TRIAL');

    const anonymous = await t.app.inject({ method: 'GET', url: `/api/issuer/${issuerId}/account` });
    expect(anonymous.statusCode).toBe(401);
  });
});
