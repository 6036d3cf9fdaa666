import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PROFILE } from '../../domain/roles';
import { addIssuer, addUser, bearer, signIn, signInAdmin } from './signIn';
import { createTestApp, TEST_DATABASES, type TestApp } from './testApp';

const ORIGIN = 'http://laurel.test';

describe.each(TEST_DATABASES)('billing on %s', (database) => {
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
  const issuer = () => db().selectFrom('issuers').selectAll().where('id', '=', issuerId).executeTakeFirstOrThrow();
  const operations = () =>
    db().selectFrom('credit_operations').selectAll().where('issuer_id', '=', issuerId).orderBy('id').execute();
  const call = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object, as = headers) =>
    t.app.inject({ method, url, headers: as, ...(payload ? { payload } : {}) });

  const checkout = (price: string, extra: object = {}, as = headers) =>
    call(
      'POST',
      `/api/billing/checkout/${issuerId}`,
      {
        price,
        currency: 'EUR',
        language: 'fr',
        success_url: `${ORIGIN}/myplan?checkout=done&product=essentials_500`,
        cancel_url: `${ORIGIN}/myplan`,
        ...extra,
      },
      as,
    );
  const checkoutId = (url: string) => {
    expect(url).toMatch(new RegExp(`^${ORIGIN}/billing/checkout/cs_test_[A-Za-z0-9_-]{32}$`));
    return url.slice(`${ORIGIN}/billing/checkout/`.length);
  };
  const pay = (id: string) => t.app.inject({ method: 'POST', url: `/billing/checkout/${id}/pay` });
  const buy = async (price: string) => {
    const started = await checkout(price);
    expect(started.statusCode, started.body).toBe(200);
    const paid = await pay(checkoutId(started.json().url));
    expect(paid.statusCode).toBe(303);
  };

  it('lists the products with per-unit and tiered prices in EUR and the other currencies, in minor units', async () => {
    const products = await call('GET', '/api/billing/products');
    expect(products.statusCode, products.body).toBe(200);
    const list = products.json();
    expect(list.map((p: { id: string }) => p.id)).toEqual([
      'essentials_500',
      'essentials_2000',
      'essentials_5000',
      'essentials_8000',
    ]);
    expect(list[0]).toMatchObject({ plan: 'ESSENTIALS_PACK', unit: 'CERTIFICATE', limit: 500 });
    expect(list[0].prices[0]).toMatchObject({ id: 'essentials_500_eur', billing_scheme: 'per_unit', unit_amount: 300 });
    expect(list[1].prices[0].billing_scheme).toBe('tiered');
    expect(list[1].prices[0].currency_options.usd.tiers[0]).toEqual({ up_to: 500, unit_amount: 330 });
    const currencies = await call('GET', '/api/billing/checkout/currencies');
    expect(currencies.json()).toEqual(['EUR', 'USD', 'GBP', 'CHF']);
    // the catalogue is kept in the database
    expect(await db().selectFrom('billing_prices').select('id').execute()).toHaveLength(4);
  });

  it('checkout of a pack: the test-mode page, Pay adds the credits, the plan, the product and an invoice once', async () => {
    const started = await checkout('essentials_500_eur');
    expect(started.statusCode, started.body).toBe(200);
    const id = checkoutId(started.json().url);

    const page = await t.app.inject({ method: 'GET', url: `/billing/checkout/${id}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.body).toContain('MODE TEST');
    expect(page.body).toMatch(/1\s500,00\s€/u);
    expect(page.body).toContain(`action="/billing/checkout/${id}/pay"`);

    const before = (await issuer()).credits;
    const paid = await pay(id);
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(`${ORIGIN}/myplan?checkout=done&product=essentials_500`);
    expect(await issuer()).toMatchObject({
      credits: before + 500,
      plan: 'ESSENTIALS_PACK',
      plan_product: 'essentials_500',
    });
    expect((await operations()).at(-1)).toMatchObject({ credits: 500 });

    // a replayed Pay never credits twice
    const again = await pay(id);
    expect(again.statusCode).toBe(303);
    expect((await issuer()).credits).toBe(before + 500);
    expect((await operations()).filter((o) => o.credits === 500)).toHaveLength(1);
    const paidPage = await t.app.inject({ method: 'GET', url: `/billing/checkout/${id}` });
    expect(paidPage.body).not.toContain('/pay"');

    const account = await call('GET', `/api/billing/accounts/${issuerId}`);
    expect(account.statusCode, account.body).toBe(200);
    expect(account.json().plan).toMatchObject({ product: 'essentials_500', annual_volume_cap: 500, cancel_at: null });
    expect(account.json().currency).toBe('EUR');

    const invoices = await call('GET', `/api/billing/accounts/${issuerId}/invoices`);
    expect(invoices.json()).toEqual([
      expect.objectContaining({
        kind: 'pack',
        product: 'essentials_500',
        amount: 150_000,
        currency: 'EUR',
        status: 'paid',
      }),
    ]);
  });

  it('two Pay at once still credit once', async () => {
    const id = checkoutId((await checkout('essentials_500_eur')).json().url);
    const before = (await issuer()).credits;
    await Promise.all([pay(id), pay(id), pay(id)]);
    expect((await issuer()).credits).toBe(before + 500);
    expect(await db().selectFrom('billing_invoices').selectAll().execute()).toHaveLength(1);
  });

  it('refuses a checkout for another issuer, by a non-Administrator, a foreign return address, an unknown price', async () => {
    const other = await addIssuer(t.app, 'Other');
    const foreign = await call('POST', `/api/billing/checkout/${other}`, {
      price: 'essentials_500_eur',
      success_url: `${ORIGIN}/myplan`,
      cancel_url: `${ORIGIN}/myplan`,
    });
    expect(foreign.statusCode).toBe(404);
    await addUser(t.app, issuerId, 'reader@example.org', PROFILE.Reader);
    const reader = bearer(await signIn(t.app, 'reader@example.org'));
    expect((await checkout('essentials_500_eur', {}, reader)).statusCode).toBe(403);
    // a reader still reads the account, products and usage of My plan
    expect((await call('GET', `/api/billing/accounts/${issuerId}`, undefined, reader)).statusCode).toBe(200);
    expect((await call('GET', `/api/billing/usage/${issuerId}`, undefined, reader)).statusCode).toBe(200);
    expect((await checkout('essentials_500_eur', { success_url: 'https://evil.example/x' })).statusCode).toBe(400);
    expect((await checkout('nope')).statusCode).toBe(404);
    expect((await checkout('essentials_500_eur', { currency: 'JPY' })).statusCode).toBe(409);
    expect(await db().selectFrom('billing_checkouts').selectAll().execute()).toHaveLength(0);
  });

  it('keeps the currency of the first checkout and prices in it', async () => {
    const usd = await checkout('essentials_500_eur', { currency: 'USD' });
    expect(usd.statusCode, usd.body).toBe(200);
    await pay(checkoutId(usd.json().url));
    expect((await call('GET', `/api/billing/accounts/${issuerId}`)).json().currency).toBe('USD');
    const invoices = (await call('GET', `/api/billing/accounts/${issuerId}/invoices`)).json();
    expect(invoices[0]).toMatchObject({ amount: 165_000, currency: 'USD' });
    const eur = await checkout('essentials_8000_eur', { currency: 'EUR' });
    expect(eur.statusCode).toBe(409);
    expect(eur.json().code).toBe('CURRENCY_MISMATCH');
  });

  it('refuses a pack at or below the current cap, except the largest', async () => {
    await buy('essentials_2000_eur');
    expect((await checkout('essentials_500_eur')).json().code).toBe('PACK_UNAVAILABLE');
    expect((await checkout('essentials_2000_eur')).json().code).toBe('PACK_UNAVAILABLE');
    expect((await checkout('essentials_8000_eur')).statusCode).toBe(200);
  });

  it('upgrade fee and plan change with the expected fee: credits, invoice, and FEE_CHANGED otherwise', async () => {
    const none = await call('GET', `/api/billing/accounts/${issuerId}/upgrade-fee?product=essentials_2000`);
    expect(none.statusCode).toBe(409);
    expect(none.json().code).toBe('NO_PLAN_PRODUCT');

    await buy('essentials_500_eur');
    const fee = await call('GET', `/api/billing/accounts/${issuerId}/upgrade-fee?product=essentials_2000`);
    expect(fee.statusCode, fee.body).toBe(200);
    expect(fee.json()).toEqual({ amount: 450_000 - 150_000, currency: 'EUR' });
    const down = await call('GET', `/api/billing/accounts/${issuerId}/upgrade-fee?product=essentials_500`);
    expect(down.json().code).toBe('NOT_AN_UPGRADE');

    const credits = (await issuer()).credits;
    const wrong = await call('PATCH', `/api/billing/accounts/${issuerId}/plan`, {
      product: 'essentials_2000',
      expected_fee: 1,
    });
    expect(wrong.statusCode).toBe(409);
    expect(wrong.json()).toMatchObject({ code: 'FEE_CHANGED', amount: 300_000 });
    expect((await issuer()).plan_product).toBe('essentials_500');

    const changed = await call('PATCH', `/api/billing/accounts/${issuerId}/plan`, {
      product: 'essentials_2000',
      expected_fee: 300_000,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().plan).toMatchObject({ product: 'essentials_2000', annual_volume_cap: 2000 });
    expect((await issuer()).credits).toBe(credits + 1500);
    const invoices = (await call('GET', `/api/billing/accounts/${issuerId}/invoices`)).json();
    expect(invoices.map((i: { kind: string; amount: number }) => [i.kind, i.amount])).toEqual([
      ['upgrade', 300_000],
      ['pack', 150_000],
    ]);
    // the same change again is no upgrade any more
    const repeat = await call('PATCH', `/api/billing/accounts/${issuerId}/plan`, {
      product: 'essentials_2000',
      expected_fee: 300_000,
    });
    expect(repeat.statusCode).toBe(409);
    expect((await issuer()).credits).toBe(credits + 1500);
  });

  it('billing portal: invoices, cancellation pending until the period end, resume, and the plan ends when due', async () => {
    await buy('essentials_500_eur');
    const opened = await call('POST', `/api/billing/accounts/${issuerId}/billing-portal`, {
      return_url: `${ORIGIN}/myplan`,
      language: 'en',
    });
    expect(opened.statusCode, opened.body).toBe(200);
    const url: string = opened.json().url;
    expect(url).toMatch(new RegExp(`^${ORIGIN}/billing/portal/bps_test_`));
    const path = url.slice(ORIGIN.length);

    const page = await t.app.inject({ method: 'GET', url: path });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('TEST MODE');
    expect(page.body).toContain('Essentials 500');
    expect(page.body).toContain('€1,500.00');
    expect(page.body).toContain(`action="${path}/cancel"`);

    const cancelled = await t.app.inject({ method: 'POST', url: `${path}/cancel` });
    expect(cancelled.statusCode).toBe(303);
    const account = (await call('GET', `/api/billing/accounts/${issuerId}`)).json();
    expect(account.plan.cancel_at).toBe(`${account.anniversary}T00:00:00.000Z`);
    expect(account.plan.product).toBe('essentials_500');
    expect((await t.app.inject({ method: 'GET', url: path })).body).toContain(`action="${path}/resume"`);

    await t.app.inject({ method: 'POST', url: `${path}/resume` });
    expect((await issuer()).plan_cancel_at).toBeNull();

    // once the period end has passed, the plan ends on the next read
    await db()
      .updateTable('issuers')
      .set({ plan_cancel_at: '2020-01-01T00:00:00.000Z' })
      .where('id', '=', issuerId)
      .execute();
    const ended = (await call('GET', `/api/billing/accounts/${issuerId}`)).json();
    expect(ended.plan).toMatchObject({ contract: 'FREE_TRIAL', product: null, cancel_at: null });
  });

  it('refuses the portal to non-Administrators and an unknown session', async () => {
    await addUser(t.app, issuerId, 'pub@example.org', PROFILE.Publisher);
    const publisher = bearer(await signIn(t.app, 'pub@example.org'));
    const opened = await call(
      'POST',
      `/api/billing/accounts/${issuerId}/billing-portal`,
      { return_url: `${ORIGIN}/myplan` },
      publisher,
    );
    expect(opened.statusCode).toBe(403);
    expect((await call('GET', `/api/billing/accounts/${issuerId}/invoices`, undefined, publisher)).statusCode).toBe(
      403,
    );
    const unknown = await t.app.inject({ method: 'GET', url: '/billing/portal/bps_test_nothing' });
    expect(unknown.statusCode).toBe(404);
    const cancel = await t.app.inject({ method: 'POST', url: '/billing/portal/bps_test_nothing/cancel' });
    expect(cancel.statusCode).toBe(303);
  });

  it('usage, onboard and verify', async () => {
    const usage = await call('GET', `/api/billing/usage/${issuerId}`);
    expect(usage.json()).toMatchObject({ certificates: { total: 0 }, recipients: { total: 0 } });
    const onboard = await call('PATCH', `/api/billing/accounts/${issuerId}/onboard`);
    expect(onboard.statusCode, onboard.body).toBe(200);
    expect(onboard.json().onboarding).toBe(true);
    const verify = await call('POST', `/api/billing/accounts/${issuerId}/verify`);
    expect(verify.statusCode).toBe(409);
    await db()
      .updateTable('issuers')
      .set({ params: JSON.stringify({ onboarded: true, verificationSubmitted: true }) })
      .where('id', '=', issuerId)
      .execute();
    const verified = await call('POST', `/api/billing/accounts/${issuerId}/verify`);
    expect(verified.statusCode).toBe(200);
    expect(verified.json().verification_submitted).toBe(true);
  });
});
