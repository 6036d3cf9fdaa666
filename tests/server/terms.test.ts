import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PROFILE } from '../../domain/roles';
import { addUser, bearer, signIn, signInAdmin } from './signIn';
import { createTestApp, TEST_DATABASES, type TestApp } from './testApp';

describe.each(TEST_DATABASES)('terms and data-protection acceptance on %s', (database) => {
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

  const who = async (as = headers) =>
    (await t.app.inject({ method: 'GET', url: '/api/admin/who', headers: as })).json<{
      okCGU: boolean;
      okNotice: boolean;
    }>();
  const put = (url: string, payload: unknown, as = headers) =>
    t.app.inject({ method: 'PUT', url, headers: as, payload: payload as object });

  it('starts with nothing accepted and records each acceptance', async () => {
    expect(await who()).toMatchObject({ okCGU: false, okNotice: false });
    const terms = await put('/api/admin/terms', { terms: true });
    expect(terms.statusCode).toBe(200);
    expect(terms.json()).toEqual({ okCGU: true, okNotice: false });
    const notice = await put('/api/admin/gprd', { gprd: true });
    expect(notice.json()).toEqual({ okCGU: true, okNotice: true });
    expect(await who()).toMatchObject({ okCGU: true, okNotice: true });
  });

  it('records both at once and only for the signed-in user', async () => {
    await addUser(t.app, issuerId, 'reader@example.org', PROFILE.Reader);
    const reader = bearer(await signIn(t.app, 'reader@example.org'));
    expect((await put('/api/admin/terms', { terms: true, gprd: true }, reader)).json()).toEqual({
      okCGU: true,
      okNotice: true,
    });
    expect(await who(reader)).toMatchObject({ okCGU: true, okNotice: true });
    expect(await who()).toMatchObject({ okCGU: false, okNotice: false });
  });

  it('refuses an empty or malformed body and changes nothing', async () => {
    expect((await put('/api/admin/terms', {})).statusCode).toBe(400);
    expect((await put('/api/admin/terms', { terms: 'yes' })).statusCode).toBe(400);
    expect((await put('/api/admin/terms', { terms: true, userId: 2 })).statusCode).toBe(400);
    expect((await put('/api/admin/gprd', {})).statusCode).toBe(400);
    expect(await who()).toMatchObject({ okCGU: false, okNotice: false });
  });

  it('refuses anonymous calls and API keys: only people accept terms', async () => {
    expect((await put('/api/admin/terms', { terms: true }, {})).statusCode).toBe(401);
    const key = (
      await t.app.inject({ method: 'POST', url: '/api/admin/apikey', headers, payload: { level: 1 } })
    ).json<{ token: string }>().token;
    expect((await put('/api/admin/terms', { terms: true }, bearer(key))).statusCode).toBe(403);
    expect(await who()).toMatchObject({ okCGU: false, okNotice: false });
  });
});
