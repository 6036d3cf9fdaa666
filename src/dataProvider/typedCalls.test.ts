import { HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { loadCurrentUser, forgetCurrentUser } from '../authProvider/authProvider';
import { signUpCalls } from '../authProvider/signUp';
import { storeToken } from '../session/tokenStorage';
import { billingMethods } from './billing';
import { certificateMethods } from './certificates';
import { dataProvider } from './dataProvider';
import { failure, recordingServer } from './testServer';
import { emailMethods } from './emails';
import { publicationMethods } from './publication';
import { templateEditorMethods } from './templateEditor';

/**
 * The data-provider modules typed through apiRequest / apiUpload / apiRequestBlob (issue 13): the request each sends
 * (method, path with query, body, token) and how a refusal becomes react-admin's HttpError.
 */
const api = recordingServer();
const { seen, calls } = api;
afterEach(() => forgetCurrentUser());

describe('billing methods', () => {
  it('read the account and the packs, start a checkout, quote and change the pack, open the portal', async () => {
    api.answer = (url) => HttpResponse.json(url.pathname.endsWith('/products') ? [] : { url: 'https://pay.example' });
    await billingMethods.getBillingAccount(4);
    expect(await billingMethods.getBillingProducts()).toEqual([]);
    const checkout = { price: 'p1', currency: 'EUR', success_url: 'https://a/ok', cancel_url: 'https://a/no' };
    await billingMethods.startCheckout(4, { ...checkout, language: 'fr' });
    await billingMethods.getUpgradeFee(4, 'essentials_2000');
    await billingMethods.changePlan(4, 'essentials_2000', 300000);
    // a locale the server does not offer goes as English
    await billingMethods.openBillingPortal(4, { return_url: 'https://a/plan', language: 'de' });
    expect(calls()).toEqual([
      ['GET', '/api/billing/accounts/4', null],
      ['GET', '/api/billing/products', null],
      ['POST', '/api/billing/checkout/4', { ...checkout, language: 'fr' }],
      ['GET', '/api/billing/accounts/4/upgrade-fee?product=essentials_2000', null],
      ['PATCH', '/api/billing/accounts/4/plan', { product: 'essentials_2000', expected_fee: 300000 }],
      ['POST', '/api/billing/accounts/4/billing-portal', { return_url: 'https://a/plan', language: 'en' }],
    ]);
  });

  it('keep FEE_CHANGED and its amount in the error body', async () => {
    api.answer = () => HttpResponse.json({ code: 'FEE_CHANGED', message: 'changed', amount: 12 }, { status: 409 });
    const error = await failure(() => billingMethods.changePlan(4, 'p', 10));
    expect(error.status).toBe(409);
    expect(error.body).toMatchObject({ code: 'FEE_CHANGED', amount: 12 });
  });
});

describe('email methods', () => {
  it('read the settings, send, test and resend', async () => {
    api.answer = (url) =>
      url.pathname === '/api/admin/emailing'
        ? HttpResponse.json({ domains: [] })
        : HttpResponse.json({ ok: true, nbEmails: 2 });
    expect(await emailMethods.getEmailingSettings()).toEqual({ domains: [] });
    const payload = { templateId: 3, campaignId: 8, object: 'Hi', sender: { name: 'Acme' } };
    expect(await emailMethods.sendEmails(payload)).toEqual({ ok: true, nbEmails: 2 });
    await emailMethods.sendTestEmail({ ...payload, recipients: 'a@example.org' });
    await emailMethods.resendEmails(['k1']);
    expect(calls()).toEqual([
      ['GET', '/api/admin/emailing', null],
      ['POST', '/api/admin/emails', payload],
      ['POST', '/api/admin/emailTest', { ...payload, recipients: 'a@example.org' }],
      ['POST', '/api/admin/emails/resend', { keys: ['k1'] }],
    ]);
  });
});

// the badge-images resource and the library methods: badgeImages.test.ts

describe('the users and org-units resources', () => {
  it('read the users, add one with an invitation in French, update and delete; org units by operation', async () => {
    api.answer = (url) =>
      url.pathname === '/api/admin/units'
        ? HttpResponse.json([{ id: 2, name: 'Sales', users: 1 }])
        : url.pathname === '/api/admin/users'
          ? HttpResponse.json([{ id: 5, firstName: 'Ada', lastName: 'L', email: 'ada@example.org', profileId: 2 }])
          : HttpResponse.json({ id: 6 });
    expect((await dataProvider.getOne('admin/users', { id: 5 })).data).toMatchObject({ id: 5, profile: 2 });
    const user = { firstName: ' Grace ', lastName: 'Hopper', email: 'grace@example.org', profile: 2, orgUnit: 'Sales' };
    expect((await dataProvider.create('admin/users', { data: { ...user, notify: true, lang: 'fr' } })).data.id).toBe(6);
    await dataProvider.update('admin/users', { id: 6, data: user, previousData: { id: 6 } });
    await dataProvider.delete('admin/users', { id: 6, previousData: { id: 6 } });
    const units = await dataProvider.getList('admin/org-units', {
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'name', order: 'ASC' },
      filter: {},
    });
    expect(units.total).toBe(1);
    await dataProvider.update('admin/org-units', { id: 2, data: { name: ' Sales team ' }, previousData: { id: 2 } });
    const sent = {
      firstName: 'Grace',
      lastName: 'Hopper',
      email: 'grace@example.org',
      profile: 2,
      orgUnit: { name: 'Sales' },
    };
    expect(calls()).toEqual([
      ['GET', '/api/admin/users', null],
      ['POST', '/api/admin/user?lang=fr', { ...sent, notify: true }],
      ['PATCH', '/api/admin/user', { ...sent, id: 6 }],
      ['DELETE', '/api/admin/user?id=6', null],
      ['POST', '/api/admin/units', { operation: 'get' }],
      ['POST', '/api/admin/units', { operation: 'update', id: 2, name: 'Sales team' }],
    ]);
  });
});

describe('template editor, publication and file answers', () => {
  it('read a definition and a meta, and save a badge as multipart and a registry template on its own route', async () => {
    api.answer = (url) =>
      HttpResponse.json(url.pathname.startsWith('/api/template/') ? { id: 12 } : { id: 4, cstyle: null });
    await templateEditorMethods.getTemplateDefinition(2, 4);
    await templateEditorMethods.getTemplateMeta(2, 4);
    const json = { type: 'openbadge', mode: 'add' } as never;
    const file = new Blob(['<svg/>'], { type: 'image/svg+xml' });
    expect(
      await templateEditorMethods.saveTemplateDefinition({
        json,
        files: [{ part: 'badgeImage', name: 'a.svg', file }],
      }),
    ).toEqual({ id: 12 });
    await templateEditorMethods.saveTemplateDefinition({
      json: { type: 'cpf_onshelf', mode: 'add' } as never,
      files: [],
    });
    expect(calls()).toEqual([
      ['GET', '/api/issuer/2/template/4/json', null],
      ['GET', '/api/issuer/2/template/4/meta', null],
      ['POST', '/api/template/mc', { json: [JSON.stringify(json)], badgeImage: [expect.stringMatching(/^file:/)] }],
      ['POST', '/api/template/rncp', { json: [JSON.stringify({ type: 'cpf_onshelf', mode: 'add' })] }],
    ]);
  });

  it('hand over the preview as its HTML, and a refused one as unavailable', async () => {
    api.answer = () => new HttpResponse('<html><body>Ada</body></html>', { headers: { 'content-type': 'text/html' } });
    expect(await publicationMethods.preview(3, { Language: 'fr', Name: 'Ada' } as never)).toEqual({
      kind: 'html',
      html: '<html><body>Ada</body></html>',
    });
    api.answer = () => HttpResponse.json({ code: 'NOT_FOUND', message: 'no' }, { status: 404 });
    expect(await publicationMethods.preview(3, { Language: 'all' } as never)).toEqual({ kind: 'unavailable' });
    expect(seen[0].body).toEqual({ templateId: 3, row: { Language: 'fr', Name: 'Ada' }, language: 'fr' });
  });

  it('read the register feed as a file with the token, and its refusal with the JSON body', async () => {
    storeToken('header.payload.signature');
    api.answer = () => new HttpResponse('<feed/>', { headers: { 'content-type': 'application/xml' } });
    const file = await certificateMethods.cpfExport({ templateId: 3, campaignId: 8 });
    expect(await file.text()).toBe('<feed/>');
    expect(seen[0]).toMatchObject({
      url: '/api/export/cpf?templateId=3&campaignId=8',
      auth: 'Bearer header.payload.signature',
    });
    api.answer = () =>
      HttpResponse.json({ code: 'CPF_DATA_ERRORS', message: 'errors', errors: [], errorCount: 0 }, { status: 422 });
    expect(await certificateMethods.cpfControl(3)).toEqual({ errors: [], errorCount: 0 });
  });
});

describe('auth provider calls', () => {
  it('ask whether sign-up is open and send a request, both without the session token', async () => {
    storeToken('header.payload.signature');
    api.answer = (_url, method) =>
      HttpResponse.json(method === 'GET' ? { enabled: true } : { ok: true }, { status: method === 'GET' ? 200 : 202 });
    expect(await signUpCalls.status()).toEqual({ enabled: true });
    await signUpCalls.request({ organisation: 'Acme', email: 'ada@example.org', language: 'fr' });
    expect(seen.map((s) => [s.method, s.url, s.auth, s.body])).toEqual([
      ['GET', '/api/admin/signup', null, null],
      ['POST', '/api/admin/signup', null, { organisation: 'Acme', email: 'ada@example.org', language: 'fr' }],
    ]);
  });

  it('refuse an API key identity as a session of the web app', async () => {
    storeToken('header.payload.signature');
    api.answer = () => HttpResponse.json({ kind: 'apikey', keyId: 3, profileId: 3, issuerId: 1 });
    const error = await failure(() => loadCurrentUser());
    expect(error.status).toBe(403);
  });
});
