import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PROFILE } from '../../domain/roles';
import { addUser, bearer, signIn, signInAdmin } from './signIn';
import { createTestApp, TEST_DATABASES, type TestApp } from './testApp';

describe.each(TEST_DATABASES)('API keys on %s', (database) => {
  let t: TestApp;
  let admin: { authorization: string };
  let issuerId: number;
  beforeEach(async () => {
    t = await createTestApp(database);
    ({ headers: admin, issuerId } = await signInAdmin(t.app));
  });
  afterEach(async () => {
    await t.close();
  });

  async function generate(level: number) {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/admin/apikey',
      headers: admin,
      payload: { level },
    });
    expect(response.statusCode).toBe(201);
    return response.json<{ id: number; token: string }>();
  }

  it('generates a key shown once and keeps only its hash', async () => {
    const { id, token } = await generate(PROFILE.Publisher);
    expect(token).toMatch(/^lrl_/);
    const row = await t.app.laurel.db.selectFrom('api_keys').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.key_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(token.slice(4, 40));
    const list = (await t.app.inject({ method: 'GET', url: '/api/admin/apikeys', headers: admin })).json();
    expect(list).toEqual([
      expect.objectContaining({ id, level: PROFILE.Publisher, createdBy: 'admin@example.org', revokedAt: null }),
    ]);
    expect(JSON.stringify(list)).not.toContain(token);
  });

  it('gives a key exactly its level’s rights', async () => {
    const reader = bearer((await generate(PROFILE.Reader)).token);
    const technical = bearer((await generate(PROFILE.Administrator)).token);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/templates', headers: reader })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/users', headers: reader })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/users', headers: technical })).statusCode).toBe(200);
    // keys act for programs, never as a person: no session calls, no generating further keys
    expect((await t.app.inject({ method: 'POST', url: '/api/admin/logout', headers: technical })).statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/admin/apikey', headers: technical, payload: { level: 1 } }))
        .statusCode,
    ).toBe(403);
  });

  it('answers who with the key itself (its level and issuer), never a person (docs/api/README.md)', async () => {
    const { id, token } = await generate(PROFILE.Publisher);
    const who = await t.app.inject({ method: 'GET', url: '/api/admin/who', headers: bearer(token) });
    expect(who.statusCode).toBe(200);
    expect(who.json()).toEqual({
      kind: 'apikey',
      keyId: id,
      profile: 'Publisher',
      profileId: PROFILE.Publisher,
      issuerId,
      issuerName: expect.any(String),
      plan: 'FREE_TRIAL',
      credits: expect.any(Number),
    });
    expect(who.json()).not.toHaveProperty('email');
  });

  it('records when a key was last used, to the minute', async () => {
    const { id, token } = await generate(PROFILE.Reader);
    const lastUsed = async () =>
      (
        await t.app.laurel.db
          .selectFrom('api_keys')
          .select('last_used_at')
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
      ).last_used_at;
    expect(await lastUsed()).toBeNull();
    await t.app.inject({ method: 'GET', url: '/api/admin/templates', headers: bearer(token) });
    const first = await lastUsed();
    expect(first).not.toBeNull();
    await t.app.inject({ method: 'GET', url: '/api/admin/templates', headers: bearer(token) });
    expect(await lastUsed()).toBe(first);
  });

  it('refuses a revoked key, a forged key and a key of another issuer’s row', async () => {
    const { id, token } = await generate(PROFILE.Reader);
    const revoke = await t.app.inject({ method: 'DELETE', url: `/api/admin/apikey?id=${id}`, headers: admin });
    expect(revoke.statusCode).toBe(200);
    const refused = await t.app.inject({ method: 'GET', url: '/api/admin/templates', headers: bearer(token) });
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ message: 'Token is invalid' });
    const forged = await t.app.inject({
      method: 'GET',
      url: '/api/admin/templates',
      headers: bearer(`lrl_${token.slice(4, -3)}abc`),
    });
    expect(forged.statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/admin/apikey?id=${id}`, headers: admin })).statusCode,
    ).toBe(404);
  });

  it('keeps key management to Administrators', async () => {
    await addUser(t.app, issuerId, 'manager@example.org', PROFILE.Manager);
    const manager = bearer(await signIn(t.app, 'manager@example.org'));
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/admin/apikey', headers: manager, payload: { level: 3 } }))
        .statusCode,
    ).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/apikeys', headers: manager })).statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/admin/apikey', headers: admin, payload: { level: 4 } }))
        .statusCode,
    ).toBe(400);
  });
});
