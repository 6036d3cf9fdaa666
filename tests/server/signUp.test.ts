import { afterEach, describe, expect, it } from 'vitest';
import { PROFILE } from '../../domain/roles';
import { listOutbox } from '../../server/repositories/outbox';
import { bearer, decodeClaims, lastLinkSecret } from './signIn';
import { createTestApp, TEST_DATABASES, type TestApp } from './testApp';

describe.each(TEST_DATABASES)('self-service sign-up on %s', (database) => {
  let t: TestApp;
  afterEach(async () => {
    await t.close();
  });

  const ON = { SIGNUP_ENABLED: 'true', SIGNUP_CREDITS: '250' };
  const db = () => t.app.laurel.db;
  const signUp = (body: object, remoteAddress = '127.0.0.1') =>
    t.app.inject({ method: 'POST', url: '/api/admin/signup', payload: body, remoteAddress });
  const exchange = (token: string) =>
    t.app.inject({ method: 'POST', url: '/api/admin/login/token', payload: { token } });

  it('is off by default: the login page is told so and a request is refused, nothing sent', async () => {
    t = await createTestApp(database);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/signup' })).json()).toEqual({ enabled: false });
    const refused = await signUp({ organisation: 'Acme', email: 'ann@acme.example' });
    expect(refused.statusCode).toBe(404);
    expect(refused.json().code).toBe('SIGNUP_DISABLED');
    expect(await listOutbox(db(), 'ann@acme.example')).toHaveLength(0);
  });

  it('mails a link whose first use creates the FREE_TRIAL issuer with its credits and the Administrator', async () => {
    t = await createTestApp(database, ON);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/signup' })).json()).toEqual({ enabled: true });
    const issuersBefore = await db().selectFrom('issuers').select('id').execute();
    const asked = await signUp({ organisation: '  Acme   Academy ', email: ' Ann@Acme.example ', language: 'fr' });
    expect(asked.statusCode, asked.body).toBe(202);
    expect(asked.json()).toEqual({ ok: true });
    // asking creates nothing yet
    expect(await db().selectFrom('issuers').select('id').execute()).toHaveLength(issuersBefore.length);
    const [mail] = await listOutbox(db(), 'ann@acme.example');
    expect(mail.subject).toBe('Confirmez votre essai gratuit de Laurel');
    expect(mail.text_body).toContain('Acme Academy');

    const secret = await lastLinkSecret(t.app, 'ann@acme.example');
    const first = await exchange(secret);
    expect(first.statusCode, first.body).toBe(200);
    const claims = decodeClaims(first.json().token);
    const issuer = await db()
      .selectFrom('issuers')
      .selectAll()
      .where('id', '=', claims.iid as number)
      .executeTakeFirstOrThrow();
    expect(issuer).toMatchObject({ name: 'Acme Academy', plan: 'FREE_TRIAL', credits: 250, plan_product: null });
    const user = await db()
      .selectFrom('users')
      .selectAll()
      .where('id', '=', claims.uid as number)
      .executeTakeFirstOrThrow();
    expect(user).toMatchObject({ email: 'ann@acme.example', profile_id: PROFILE.Administrator, issuer_id: issuer.id });
    const operations = await db()
      .selectFrom('credit_operations')
      .selectAll()
      .where('issuer_id', '=', issuer.id)
      .execute();
    expect(operations.map((o) => o.credits)).toEqual([250]);

    // the onboarding questionnaire runs as for any new free trial
    const account = await t.app.inject({
      method: 'GET',
      url: `/api/issuer/${issuer.id}/account`,
      headers: bearer(first.json().token),
    });
    expect(account.json()).toMatchObject({ onboarding: false, plan: { contract: 'FREE_TRIAL' } });

    // the link works once
    const second = await exchange(secret);
    expect(second.statusCode).toBe(401);
    expect(await db().selectFrom('issuers').select('id').execute()).toHaveLength(issuersBefore.length + 1);
  });

  it('answers the same for an address that has an account, and mails it the normal sign-in link', async () => {
    t = await createTestApp(database, ON);
    const asked = await signUp({ organisation: 'Another one', email: 'admin@example.org' });
    expect(asked.statusCode).toBe(202);
    expect(asked.json()).toEqual({ ok: true });
    const [mail] = await listOutbox(db(), 'admin@example.org');
    expect(mail.subject).toBe('Your Laurel sign-in link');
    expect(await db().selectFrom('signup_requests').selectAll().execute()).toHaveLength(0);
    const signedIn = await exchange(await lastLinkSecret(t.app, 'admin@example.org'));
    expect(signedIn.statusCode).toBe(200);
    expect(await db().selectFrom('issuers').select('id').execute()).toHaveLength(1);
  });

  it('creates one issuer when two links of the same address are used', async () => {
    t = await createTestApp(database, ON);
    await signUp({ organisation: 'Acme', email: 'bob@acme.example' });
    const firstSecret = await lastLinkSecret(t.app, 'bob@acme.example');
    await signUp({ organisation: 'Acme again', email: 'bob@acme.example' });
    const secondSecret = await lastLinkSecret(t.app, 'bob@acme.example');
    const a = decodeClaims((await exchange(firstSecret)).json().token);
    const b = decodeClaims((await exchange(secondSecret)).json().token);
    expect(b.uid).toBe(a.uid);
    expect(await db().selectFrom('users').select('id').where('email', '=', 'bob@acme.example').execute()).toHaveLength(
      1,
    );
  });

  it('refuses a bad address or organisation, and a disabled sign-up does not honour its old links', async () => {
    t = await createTestApp(database, ON);
    expect((await signUp({ organisation: 'Acme', email: 'not an address' })).json().code).toBe('INVALID_EMAIL');
    expect((await signUp({ organisation: '   ', email: 'c@acme.example' })).json().code).toBe('INVALID_ORGANISATION');
    expect((await signUp({ organisation: 'x'.repeat(101), email: 'c@acme.example' })).statusCode).toBe(400);
    await signUp({ organisation: 'Acme', email: 'c@acme.example' });
    const secret = await lastLinkSecret(t.app, 'c@acme.example');
    t.app.laurel.config.signUp.enabled = false;
    expect((await exchange(secret)).statusCode).toBe(401);
    expect(await db().selectFrom('users').select('id').where('email', '=', 'c@acme.example').execute()).toHaveLength(0);
  });

  it('limits requests per address and per client', async () => {
    t = await createTestApp(database, { ...ON, LOGIN_RATE_PER_EMAIL: '2', LOGIN_RATE_PER_CLIENT: '4' });
    const body = { organisation: 'Acme', email: 'd@acme.example' };
    expect((await signUp(body, '10.0.0.1')).statusCode).toBe(202);
    expect((await signUp(body, '10.0.0.2')).statusCode).toBe(202);
    const third = await signUp(body, '10.0.0.3');
    expect(third.statusCode).toBe(429);
    expect(third.json().code).toBe('TOO_MANY_REQUESTS');
    expect(await listOutbox(db(), 'd@acme.example')).toHaveLength(2);

    for (let n = 0; n < 4; n += 1) {
      expect((await signUp({ organisation: 'Acme', email: `e${n}@acme.example` }, '10.0.0.9')).statusCode).toBe(202);
    }
    expect((await signUp({ organisation: 'Acme', email: 'e9@acme.example' }, '10.0.0.9')).statusCode).toBe(429);
    // an existing address is counted the same way: the limit does not reveal accounts either
    expect((await signUp({ organisation: 'Acme', email: 'admin@example.org' }, '10.0.0.9')).statusCode).toBe(429);
  });
});
