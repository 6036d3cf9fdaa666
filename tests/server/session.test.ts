import { SignJWT } from 'jose';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { PROFILE } from '../../domain/roles';
import { listOutbox } from '../../server/repositories/outbox';
import { addIssuer, addUser, bearer, decodeClaims, lastLinkSecret, signIn } from './signIn';
import { createTestApp, TEST_DATABASES, type TestApp } from './testApp';

const ADMIN = 'admin@example.org';

describe.each(TEST_DATABASES)('sign-in and session on %s', (database) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(database);
  });
  afterEach(async () => {
    await t.close();
  });

  it('seeds a first issuer on FREE_TRIAL with 100 credits and its Administrator', async () => {
    const issuers = await t.app.laurel.db.selectFrom('issuers').selectAll().execute();
    expect(issuers).toHaveLength(1);
    expect(issuers[0]).toMatchObject({ plan: 'FREE_TRIAL', credits: 100 });
    const users = await t.app.laurel.db.selectFrom('users').selectAll().execute();
    expect(users).toMatchObject([{ email: ADMIN, profile_id: PROFILE.Administrator, issuer_id: issuers[0].id }]);
    const operations = await t.app.laurel.db.selectFrom('credit_operations').selectAll().execute();
    expect(operations).toMatchObject([{ issuer_id: issuers[0].id, credits: 100 }]);
  });

  it('answers 400 for a malformed address and 404 for an unknown one', async () => {
    const bad = await t.app.inject({ method: 'POST', url: '/api/admin/login?email=not-an-address' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'INVALID_EMAIL' });
    const unknown = await t.app.inject({ method: 'POST', url: '/api/admin/login?email=nobody@example.org' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'WRONG_ADDRESS' });
    expect(await listOutbox(t.app.laurel.db)).toHaveLength(0);
  });

  it('sends a sign-in link (sanitising the address) and exchanges it once for a session token', async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: `/api/admin/login?email=${encodeURIComponent('  Admin@Example.org ')}&lang=fr`,
    });
    expect(login.statusCode).toBe(200);
    const [mail] = await listOutbox(t.app.laurel.db, ADMIN);
    expect(mail.subject).toContain('connexion');
    expect(mail.text_body).toMatch(/http:\/\/laurel\.test\/login\/[A-Za-z0-9_-]{43}/);
    const secret = await lastLinkSecret(t.app, ADMIN);
    const first = await t.app.inject({ method: 'POST', url: '/api/admin/login/token', payload: { token: secret } });
    expect(first.statusCode).toBe(200);
    const again = await t.app.inject({ method: 'POST', url: '/api/admin/login/token', payload: { token: secret } });
    expect(again.statusCode).toBe(401);
    expect(again.json()).toMatchObject({ code: 'INVALID_LINK' });
    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/admin/login/token',
      payload: { token: 'x'.repeat(43) },
    });
    expect(forged.statusCode).toBe(401);
  });

  it('puts the spec claims in the token', async () => {
    const token = await signIn(t.app, ADMIN);
    const claims = decodeClaims(token);
    const user = await t.app.laurel.db
      .selectFrom('users')
      .selectAll()
      .where('email', '=', ADMIN)
      .executeTakeFirstOrThrow();
    expect(claims).toMatchObject({
      authenticated: true,
      authLevel: 2,
      sub: ADMIN,
      uid: user.id,
      iid: user.issuer_id,
      roles: ['ROLE_Administrator'],
      iss: 'http://laurel.test',
    });
    expect(claims.exp).toBe((claims.iat as number) + t.config.sessionTtlSeconds);
    expect(typeof claims.jti).toBe('string');
  });

  it('asks which issuer when the address belongs to users of several, and honours the choice', async () => {
    const other = await addIssuer(t.app, 'Another school');
    await addUser(t.app, other, ADMIN, PROFILE.Reader);
    const ask = await t.app.inject({ method: 'POST', url: `/api/admin/login?email=${ADMIN}` });
    expect(ask.statusCode).toBe(401);
    const body = ask.json<{ code: string; issuers: Record<string, string> }>();
    expect(body.code).toBe('CHOOSE_ISSUER');
    expect(Object.values(body.issuers).sort()).toEqual(['Another school', 'My organisation']);
    const token = await signIn(t.app, ADMIN, other);
    expect(decodeClaims(token)).toMatchObject({ iid: other, roles: ['ROLE_Reader'] });
    const unknownIssuer = await t.app.inject({ method: 'POST', url: `/api/admin/login?email=${ADMIN}&issuer_id=9999` });
    expect(unknownIssuer.statusCode).toBe(404);
  });

  it('rate limits sign-in per address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 7; i += 1) {
      statuses.push((await t.app.inject({ method: 'POST', url: `/api/admin/login?email=${ADMIN}` })).statusCode);
    }
    expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(statuses.slice(5)).toEqual([429, 429]);
  });

  it('rate limits sign-in per client across addresses', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 32; i += 1) {
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/admin/login?email=user${i}@example.org`,
        remoteAddress: '10.1.2.3',
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.filter((s) => s === 404)).toHaveLength(30);
    expect(statuses.slice(30)).toEqual([429, 429]);
    const otherClient = await t.app.inject({
      method: 'POST',
      url: `/api/admin/login?email=${ADMIN}`,
      remoteAddress: '10.9.9.9',
    });
    expect(otherClient.statusCode).toBe(200);
  });

  it('returns the current user with the spec fields', async () => {
    const token = await signIn(t.app, ADMIN);
    const who = await t.app.inject({ method: 'GET', url: '/api/admin/who', headers: bearer(token) });
    expect(who.statusCode).toBe(200);
    expect(who.json()).toMatchObject({
      email: ADMIN,
      profile: 'Administrator',
      profileId: 1,
      orgUnit: null,
      hasTotp: false,
      issuerName: 'My organisation',
      isValidator: false,
      sso: false,
      credits: 100,
      plan: 'FREE_TRIAL',
      params: { tracking: true },
    });
    expect(who.json().metatemplates).toContainEqual({ Type: 'openbadge' });
  });

  it('refuses a missing, forged or expired token with the spec messages', async () => {
    const missing = await t.app.inject({ method: 'GET', url: '/api/admin/who' });
    expect(missing.statusCode).toBe(401);
    expect(missing.json()).toEqual({ code: 'MISSING_TOKEN', message: 'Unable to retrieve token' });

    const forged = await new SignJWT({ authLevel: 2, uid: 1, iid: 1, roles: ['ROLE_Administrator'] })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(ADMIN)
      .setIssuer('http://laurel.test')
      .setJti('x')
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('not-our-secret'));
    const invalid = await t.app.inject({ method: 'GET', url: '/api/admin/who', headers: bearer(forged) });
    expect(invalid.statusCode).toBe(401);
    expect(invalid.json()).toEqual({ code: 'INVALID_TOKEN', message: 'Token is invalid' });

    const secret = await t.app.laurel.db
      .selectFrom('settings')
      .select('value')
      .where('key', '=', 'jwt_secret')
      .executeTakeFirstOrThrow();
    const expired = await new SignJWT({ authLevel: 2, uid: 1, iid: 1, roles: ['ROLE_Administrator'] })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(ADMIN)
      .setIssuer('http://laurel.test')
      .setJti('y')
      .setIssuedAt(Math.floor(Date.now() / 1000) - 7200)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(new TextEncoder().encode(secret.value));
    const old = await t.app.inject({ method: 'GET', url: '/api/admin/who', headers: bearer(expired) });
    expect(old.statusCode).toBe(401);
    expect(old.json()).toEqual({ code: 'TOKEN_EXPIRED', message: 'jwt expired' });
  });

  it('revokes the token on logout', async () => {
    const token = await signIn(t.app, ADMIN);
    const logout = await t.app.inject({ method: 'POST', url: '/api/admin/logout', headers: bearer(token) });
    expect(logout.statusCode).toBe(200);
    const after = await t.app.inject({ method: 'GET', url: '/api/admin/who', headers: bearer(token) });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toMatchObject({ code: 'INVALID_TOKEN' });
    const other = await signIn(t.app, ADMIN);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/who', headers: bearer(other) })).statusCode).toBe(200);
  });

  it('refuses a token of a deleted user', async () => {
    const issuer = await addIssuer(t.app, 'Gone');
    const userId = await addUser(t.app, issuer, 'gone@example.org');
    const token = await signIn(t.app, 'gone@example.org');
    await t.app.laurel.db.deleteFrom('users').where('id', '=', userId).execute();
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/who', headers: bearer(token) })).statusCode).toBe(401);
  });
});
