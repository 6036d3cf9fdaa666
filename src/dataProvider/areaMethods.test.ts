import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { signInCalls } from '../authProvider/signIn';
import { storeToken } from '../session/tokenStorage';
import { accountMethods } from './account';
import { apiKeys } from './apiKeys';
import { dashboardMethods } from './dashboard';
import { dataProvider } from './dataProvider';
import { failure, recordingServer } from './testServer';
import { helpMethods } from './help';
import { profileMethods } from './profile';
import { referenceTableMethods } from './referenceTables';
import { securityMethods } from './security';
import { tagMethods, tags } from './tags';
import { templateMethods } from './templates';
import { verificationMethods } from './verification';

const api = recordingServer();
const { seen } = api;

const refused =
  (status: number, code: string, extra: object = {}) =>
  () =>
    HttpResponse.json({ code, message: `refused ${code}`, ...extra }, { status });

describe('account methods', () => {
  it('read the account, mark the issuer onboarded, send answers and accept terms', async () => {
    api.answer = () => HttpResponse.json({ onboarding: true });
    expect(await accountMethods.getAccount(7)).toEqual({ onboarding: true });
    await accountMethods.markOnboarded(7);
    await accountMethods.saveOnboardingAnswers({ language: 'fr-FR', answers: { job_role: 'Teacher' } });
    await accountMethods.acceptTerms({ terms: true, gprd: true });
    expect(seen.map((s) => [s.method, s.url, s.body])).toEqual([
      ['GET', '/api/issuer/7/account', null],
      ['PATCH', '/api/issuer/7/account/onboard', null],
      // a locale the server does not offer is sent as English
      ['POST', '/api/onboarding/answers', { language: 'en', answers: { job_role: 'Teacher' } }],
      ['PUT', '/api/admin/terms', { terms: true, gprd: true }],
    ]);
  });

  it('send the session token, and turn a refusal into an HttpError with status and body', async () => {
    storeToken('header.payload.signature');
    api.answer = refused(404, 'ISSUER_NOT_FOUND');
    const error = await failure(() => accountMethods.getAccount(8));
    expect(seen[0].auth).toBe('Bearer header.payload.signature');
    expect(error.status).toBe(404);
    expect(error.message).toBe('refused ISSUER_NOT_FOUND');
    expect(error.body).toMatchObject({ code: 'ISSUER_NOT_FOUND' });
  });
});

describe('profile methods', () => {
  it('read the profile, save params, send the verification form and manage the webhook', async () => {
    api.answer = (url) =>
      url.pathname === '/api/issuer/testnotif' ? HttpResponse.json({ ok: true }) : HttpResponse.json(null);
    await profileMethods.getIssuerProfile(3);
    await profileMethods.saveProfileParams({ url: 'https://acme.example' });
    const form = new FormData();
    form.append('legalName', 'Acme');
    await profileMethods.submitAccountVerification(form);
    expect(await profileMethods.getNotificationConfig()).toBeNull();
    await profileMethods.saveNotificationConfig(null);
    expect(await profileMethods.testNotification()).toBe(true);
    expect(seen.map((s) => [s.method, s.url, s.body])).toEqual([
      ['GET', '/api/issuer/3/all', null],
      ['PUT', '/api/issuer/config', { params: { url: 'https://acme.example' } }],
      ['POST', '/api/issuer/verification', { legalName: ['Acme'] }],
      ['GET', '/api/issuer/notif', null],
      ['PUT', '/api/issuer/notif', { notification: null }],
      ['GET', '/api/issuer/testnotif', null],
    ]);
  });

  it('keep the field errors of a refused save in the HttpError body', async () => {
    api.answer = refused(400, 'INVALID_PARAMS', { fields: { 'params.url': 'invalid' } });
    const error = await failure(() => profileMethods.saveProfileParams({ url: 'red' }));
    expect(error.body).toMatchObject({ fields: { 'params.url': 'invalid' } });
  });
});

describe('security, help, reference tables, dashboard, verification and template methods', () => {
  it('send each call as the server expects it', async () => {
    await securityMethods.enableSecondFactor(5, 'SECRET', '123456');
    await securityMethods.disableSecondFactor(5);
    await helpMethods.sendSupportRequest(
      { type: 'question', object: 'Hello', description: 'Help', files: [new File(['x'], 'a.txt')] } as never,
      'fr',
    );
    await referenceTableMethods.getReferenceTables(9);
    await referenceTableMethods.saveReferenceTables(9, []);
    api.answer = () => HttpResponse.json([]);
    await dashboardMethods.getDashboardStats();
    await dashboardMethods.getDashboardActivity({ startDate: '2026-01-01', endDate: '2026-01-31' });
    await verificationMethods.verifyCredential({ key: 'abc' });
    api.answer = () => HttpResponse.json({ id: 4, pathwayDefinition: null });
    await templateMethods.disableTemplate(2, 4);
    await templateMethods.enableTemplate(2, 4);
    await templateMethods.saveTemplateNotes(2, 4, '  cohort ');
    expect(await templateMethods.saveTemplatePathway(2, 4, null)).toBeNull();
    expect(seen.map((s) => [s.method, s.url, s.body])).toEqual([
      ['PUT', '/api/admin/user/totp', { id: 5, key: 'SECRET', totp: '123456' }],
      ['DELETE', '/api/admin/user/totp?id=5', null],
      [
        'POST',
        '/api/contactus',
        { type: ['question'], object: ['Hello'], description: ['Help'], language: ['fr'], files: [expect.any(String)] },
      ],
      ['GET', '/api/template/tables?templateId=9', null],
      ['PUT', '/api/template/tables', { templateId: 9, tables: [] }],
      ['GET', '/api/admin/stats', null],
      ['GET', '/api/admin/activity?startDate=2026-01-01&endDate=2026-01-31', null],
      ['POST', '/api/verify', { key: 'abc' }],
      ['DELETE', '/api/issuer/2/template/4', null],
      ['PUT', '/api/issuer/2/template/4/enable', null],
      ['PUT', '/api/issuer/2/template/4/notes', { notes: 'cohort' }],
      ['PUT', '/api/issuer/2/template/4/pathway', { pathwayDefinition: null }],
    ]);
  });

  it('verify without the session token, and keep REFERENCE_ERRORS in the error body (as errorList)', async () => {
    storeToken('header.payload.signature');
    api.answer = () => HttpResponse.json({ checks: [] });
    await verificationMethods.verifyCredential({ url: 'https://example.org/c/1' });
    expect(seen[0].auth).toBeNull();
    api.answer = refused(400, 'REFERENCE_ERRORS', { errors: [{ table: 'ref_a', key: 'x' }] });
    const error = await failure(() => referenceTableMethods.saveReferenceTables(9, []));
    expect(error.body).toMatchObject({ errorList: [{ table: 'ref_a', key: 'x' }] });
    expect(error.body).not.toHaveProperty('errors');
  });
});

const tagRows = [
  { id: 1, issuerId: 9, name: 'STEM', visibility: 'private', templates: [10], isActive: true },
  { id: 2, issuerId: 9, name: 'Spring', visibility: 'private', templates: [], isActive: true },
];

describe('the template-tags resource', () => {
  it('lists, creates, renames, removes and assigns by sending the whole list back', async () => {
    api.answer = () => HttpResponse.json(tagRows);
    const list = await dataProvider.getList('template-tags', {
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'name', order: 'DESC' },
      filter: {},
    });
    expect(list).toMatchObject({ total: 2, data: [{ name: 'STEM' }, { name: 'Spring' }] });
    api.answer = (url) =>
      HttpResponse.json(
        url.pathname === '/api/issuer/tags' ? tagRows : [...tagRows, { ...tagRows[1], id: 3, name: 'Autumn' }],
      );
    expect((await tags.create({ data: { name: ' Autumn ' } })).data).toMatchObject({ id: 3, name: 'Autumn' });
    expect(seen.at(-1)?.body).toEqual({ tags: [...tagRows, { name: 'Autumn', templates: [] }] });
    api.answer = () => HttpResponse.json(tagRows);
    await tags.update({ id: 2, data: { name: 'Summer' }, previousData: tagRows[1] } as never);
    expect(seen.at(-1)?.body).toEqual({ tags: [tagRows[0], { ...tagRows[1], name: 'Summer' }] });
    await tags.delete({ id: 1, previousData: tagRows[0] });
    expect(seen.at(-1)?.body).toEqual({ tags: [tagRows[1]] });
    await tagMethods.assignTemplateTags([1, 2], [10, 11]);
    expect(seen.at(-1)?.body).toEqual({
      tags: [
        { ...tagRows[0], templates: [10, 11] },
        { ...tagRows[1], templates: [10, 11] },
      ],
    });
    expect(seen.filter((s) => s.method === 'PUT').every((s) => s.url === '/api/issuer/config')).toBe(true);
  });

  it('answers a refused name as an HttpError with its NAME_ code', async () => {
    api.answer = (url) =>
      url.pathname === '/api/issuer/tags' ? HttpResponse.json(tagRows) : refused(400, 'NAME_EXISTS')();
    const error = await failure(() => tags.create({ data: { name: 'stem' } }));
    expect(error.status).toBe(400);
    expect(error.body).toMatchObject({ code: 'NAME_EXISTS' });
  });
});

describe('the admin/api-keys resource', () => {
  it('lists keys, creates one whose secret comes back once, and revokes', async () => {
    api.answer = (url) =>
      url.pathname === '/api/admin/apikey' ? HttpResponse.json({ id: 6, token: 'lrl_secret' }) : HttpResponse.json([]);
    await dataProvider.getList('admin/api-keys', {
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'createdAt', order: 'DESC' },
      filter: {},
    });
    expect((await apiKeys.create({ data: { level: 2 } })).data).toEqual({ id: 6, level: 2, token: 'lrl_secret' });
    await dataProvider.delete('admin/api-keys', { id: 6, previousData: { id: 6 } });
    expect(seen.map((s) => [s.method, s.url, s.body])).toEqual([
      ['GET', '/api/admin/apikeys', null],
      ['POST', '/api/admin/apikey', { level: 2 }],
      ['DELETE', '/api/admin/apikey?id=6', null],
    ]);
  });

  it('turns a 403 into an HttpError the auth provider can read', async () => {
    api.answer = refused(403, 'UNAUTHORIZED_OPERATION');
    expect((await failure(() => apiKeys.create({ data: { level: 1 } }))).status).toBe(403);
  });
});

describe('the credit-operations resource (ra-data-simple-rest)', () => {
  it('asks sort, range and filter as JSON and reads the total from Content-Range', async () => {
    storeToken('header.payload.signature');
    api.answer = () =>
      HttpResponse.json([{ id: 4, operation_date: '2026-03-10T10:00:00.000Z', credits: -3, reason: 'campaign 8' }], {
        headers: { 'Content-Range': 'credit-operations 10-10/11' },
      });
    const page = await dataProvider.getList('credit-operations', {
      pagination: { page: 2, perPage: 10 },
      sort: { field: 'operation_date', order: 'DESC' },
      filter: { kind: 'publication' },
    });
    expect(page).toMatchObject({ total: 11, data: [{ id: 4 }] });
    const url = new URL(seen[0].url, 'http://x');
    expect(url.pathname).toBe('/api/credit-operations');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      sort: '["operation_date","DESC"]',
      range: '[10,19]',
      filter: '{"kind":"publication"}',
    });
    expect(seen[0].auth).toBe('Bearer header.payload.signature');
    api.answer = () => HttpResponse.json({ id: 4, credits: -3 });
    expect((await dataProvider.getOne('credit-operations', { id: 4 })).data).toMatchObject({ id: 4 });
    expect(seen[1].url).toBe('/api/credit-operations/4');
  });

  it('turns a refusal into an HttpError with the server message and body', async () => {
    api.answer = refused(404, 'CREDIT_OPERATION_NOT_FOUND');
    const error = await failure(() => dataProvider.getOne('credit-operations', { id: 99 }));
    expect(error.status).toBe(404);
    expect(error.body).toMatchObject({ code: 'CREDIT_OPERATION_NOT_FOUND' });
  });
});

describe('sign-in calls (auth provider side)', () => {
  it('ask a link, follow a single sign-on redirect, exchange the link and the second factor', async () => {
    api.answer = () => HttpResponse.json({});
    expect(await signInCalls.requestLink({ email: 'ada@example.org', lang: 'fr', issuerId: '4' })).toEqual({});
    api.answer = () => HttpResponse.json({ token: 'session' });
    expect(await signInCalls.exchangeLink('secret')).toBe('session');
    expect(await signInCalls.exchangeSso('id-token')).toBe('session');
    expect(await signInCalls.verifySecondFactor('123456')).toBe('session');
    expect(seen.map((s) => [s.method, s.url, s.body])).toEqual([
      ['POST', '/api/admin/login?email=ada%40example.org&lang=fr&issuer_id=4', null],
      ['POST', '/api/admin/login/token', { token: 'secret' }],
      ['POST', '/api/admin/sso', { id_token: 'id-token' }],
      ['POST', '/api/admin/user/totp?totp=123456', null],
    ]);
  });

  it('answer a CHOOSE_ISSUER refusal with the issuers in the error body', async () => {
    api.answer = refused(400, 'CHOOSE_ISSUER', { issuers: { '1': 'A', '2': 'B' } });
    const error = await failure(() => signInCalls.requestLink({ email: 'ada@example.org', lang: 'en' }));
    expect(error.body).toMatchObject({ issuers: { '1': 'A', '2': 'B' } });
  });
});
