import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PROFILE, type ProfileId } from '../../domain/roles';
import { addIssuer, addUser, bearer, signIn } from './signIn';
import { createTestApp, TEST_DATABASES, type TestApp } from './testApp';

describe.each(TEST_DATABASES)('role guard on %s', (database) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(database);
    // Probe routes declared with the same route options the product's routes use.
    t.app.get('/api/probe/users', { config: { access: { resource: 'users' } } }, async () => ({ ok: true }));
    t.app.post(
      '/api/probe/templates',
      { config: { access: { resource: 'templates', action: 'create' } } },
      async () => ({ ok: true }),
    );
    t.app.post(
      '/api/probe/publish',
      { config: { access: { resource: 'publication', action: 'create' } } },
      async () => ({ ok: true }),
    );
    t.app.get('/api/probe/templates', { config: { access: { resource: 'templates', action: 'list' } } }, async () => ({
      ok: true,
    }));
  });
  afterEach(async () => {
    await t.close();
  });

  async function statusesFor(profile: ProfileId, blocked = false) {
    const issuer = await addIssuer(t.app, `Issuer ${profile} ${blocked}`, { is_blocked: blocked ? 1 : 0 });
    const email = `p${profile}${blocked ? 'b' : ''}@example.org`;
    await addUser(t.app, issuer, email, profile);
    const headers = bearer(await signIn(t.app, email));
    const call = async (method: 'GET' | 'POST', url: string) =>
      (await t.app.inject({ method, url, headers })).statusCode;
    return {
      users: await call('GET', '/api/probe/users'),
      editTemplates: await call('POST', '/api/probe/templates'),
      publish: await call('POST', '/api/probe/publish'),
      readTemplates: await call('GET', '/api/probe/templates'),
    };
  }

  it('applies the rights of spec 000 section 6 to each profile', async () => {
    expect(await statusesFor(PROFILE.Administrator)).toEqual({
      users: 200,
      editTemplates: 200,
      publish: 200,
      readTemplates: 200,
    });
    expect(await statusesFor(PROFILE.Manager)).toEqual({
      users: 403,
      editTemplates: 200,
      publish: 200,
      readTemplates: 200,
    });
    expect(await statusesFor(PROFILE.Publisher)).toEqual({
      users: 403,
      editTemplates: 403,
      publish: 200,
      readTemplates: 200,
    });
    expect(await statusesFor(PROFILE.Reader)).toEqual({
      users: 403,
      editTemplates: 403,
      publish: 403,
      readTemplates: 200,
    });
  });

  it('treats every user of a blocked issuer as a Reader', async () => {
    expect(await statusesFor(PROFILE.Administrator, true)).toEqual({
      users: 403,
      editTemplates: 403,
      publish: 403,
      readTemplates: 200,
    });
  });

  it('answers Operation unauthorized with a stable code', async () => {
    const issuer = await addIssuer(t.app, 'Readers');
    await addUser(t.app, issuer, 'reader@example.org', PROFILE.Reader);
    const headers = bearer(await signIn(t.app, 'reader@example.org'));
    const response = await t.app.inject({ method: 'GET', url: '/api/probe/users', headers });
    expect(response.json()).toEqual({ code: 'UNAUTHORIZED_OPERATION', message: 'Operation unauthorized' });
  });

  it('guards every /api route by default and keeps public ones open', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/probe/templates' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });
});

describe('response headers', () => {
  it('forbid sniffing, framing and caching of API answers', async () => {
    const t = await createTestApp('sqlite');
    try {
      const response = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(response.headers).toMatchObject({
        'x-content-type-options': 'nosniff',
        'x-frame-options': 'DENY',
        'cache-control': 'no-store',
      });
      const tooBig = await t.app.inject({
        method: 'POST',
        url: '/api/admin/login/token',
        payload: { token: 'x'.repeat(200) },
      });
      expect(tooBig.statusCode).toBe(400);
      expect(tooBig.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
    } finally {
      await t.close();
    }
  });
});
