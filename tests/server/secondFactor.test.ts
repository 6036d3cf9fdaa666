import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PROFILE } from '../../domain/roles';
import { newTotpSecret, totpFor, TOTP_PERIOD_SECONDS } from '../../domain/totp';
import { addUser, bearer, decodeClaims, signIn } from './signIn';
import { createTestApp, TEST_DATABASES, type TestApp } from './testApp';

const ADMIN = 'admin@example.org';
const codeFor = (secret: string, offsetSteps = 0) =>
  totpFor(secret).generate({ timestamp: Date.now() + offsetSteps * TOTP_PERIOD_SECONDS * 1000 });
/** A code that is not the current one (half a million away). */
const wrongCodeFor = (secret: string) => String((Number(codeFor(secret)) + 500_000) % 1_000_000).padStart(6, '0');

describe.each(TEST_DATABASES)('second factor on %s', (database) => {
  let t: TestApp;
  let token: string;
  let userId: number;
  beforeEach(async () => {
    t = await createTestApp(database);
    token = await signIn(t.app, ADMIN);
    userId = decodeClaims(token).uid as number;
  });
  afterEach(async () => {
    await t.close();
  });

  const enable = (secret: string, code: string, id = userId, as = token) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/admin/user/totp',
      headers: bearer(as),
      payload: { id, key: secret, totp: code },
    });

  it('enables only with a code of the new secret, and only for oneself', async () => {
    const secret = newTotpSecret();
    expect((await enable('NOTBASE32!', '123456')).json()).toMatchObject({ code: 'INVALID_SECRET' });
    expect((await enable('ABCDEFGH', '123456')).json()).toMatchObject({ code: 'INVALID_SECRET' });
    const wrong = await enable(secret, wrongCodeFor(secret));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'WRONG_CODE' });
    expect((await enable(secret, codeFor(secret), userId + 999)).statusCode).toBe(403);
    const ok = await enable(secret, codeFor(secret));
    expect(ok.statusCode).toBe(200);
    const who = await t.app.inject({ method: 'GET', url: '/api/admin/who', headers: bearer(token) });
    expect(who.json()).toMatchObject({ hasTotp: true });
  });

  it('accepts codes within a window of 4 steps and refuses beyond', async () => {
    const secret = newTotpSecret();
    expect((await enable(secret, codeFor(secret, -6))).statusCode).toBe(400);
    expect((await enable(secret, codeFor(secret, 4))).statusCode).toBe(200);
  });

  it('signs a user with the second factor in at level 1, and upgrades the session with a right code', async () => {
    const secret = newTotpSecret();
    // enabled with the previous step's code: the current one is still unused
    await enable(secret, codeFor(secret, -1));
    const pending = await signIn(t.app, ADMIN);
    expect(decodeClaims(pending)).toMatchObject({ authLevel: 1, authenticated: false });

    const blocked = await t.app.inject({ method: 'GET', url: '/api/admin/who', headers: bearer(pending) });
    expect(blocked.statusCode).toBe(401);
    expect(blocked.json()).toMatchObject({ code: 'SECOND_FACTOR_REQUIRED' });

    const wrong = await t.app.inject({
      method: 'POST',
      url: `/api/admin/user/totp?totp=${wrongCodeFor(secret)}`,
      headers: bearer(pending),
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ code: 'WRONG_CODE' });

    const right = await t.app.inject({
      method: 'POST',
      url: `/api/admin/user/totp?totp=${codeFor(secret)}`,
      headers: bearer(pending),
    });
    expect(right.statusCode).toBe(200);
    const complete = right.json<{ token: string }>().token;
    expect(decodeClaims(complete)).toMatchObject({ authLevel: 2, authenticated: true });
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/who', headers: bearer(complete) })).statusCode).toBe(
      200,
    );
    // the level-1 token cannot be upgraded twice
    const reuse = await t.app.inject({
      method: 'POST',
      url: `/api/admin/user/totp?totp=${codeFor(secret)}`,
      headers: bearer(pending),
    });
    expect(reuse.statusCode).toBe(401);
  });

  it('accepts each code once: a replayed or older code is refused, even by another session', async () => {
    const secret = newTotpSecret();
    await enable(secret, codeFor(secret, -2));
    const complete = (pending: string, code: string) =>
      t.app.inject({ method: 'POST', url: `/api/admin/user/totp?totp=${code}`, headers: bearer(pending) });

    const first = await signIn(t.app, ADMIN);
    const second = await signIn(t.app, ADMIN);
    // the code that enabled the factor is spent
    expect((await complete(first, codeFor(secret, -2))).statusCode).toBe(401);
    const current = codeFor(secret);
    const [a, b] = await Promise.all([complete(first, current), complete(second, current)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 401]);
    expect([a, b].find((r) => r.statusCode === 401)?.json()).toMatchObject({ code: 'WRONG_CODE' });
    const stillPending = a.statusCode === 401 ? first : second;
    // a code of an earlier step, still inside the window, is refused once a later one was accepted
    expect((await complete(stillPending, codeFor(secret, -1))).statusCode).toBe(401);
    // the next step's code is new: accepted once
    expect((await complete(stillPending, codeFor(secret, 1))).statusCode).toBe(200);
    expect((await complete(await signIn(t.app, ADMIN), codeFor(secret, 1))).statusCode).toBe(401);
    const row = await t.app.laurel.db
      .selectFrom('users')
      .select('totp_last_step')
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    // the step of the code accepted last (the test may cross a 30-second boundary: at most one step later)
    const now = Math.floor(Date.now() / 1000 / TOTP_PERIOD_SECONDS);
    expect(row.totp_last_step).toBeGreaterThanOrEqual(now);
    expect(row.totp_last_step).toBeLessThanOrEqual(now + 1);
  });

  it('lets a pending session log out', async () => {
    const secret = newTotpSecret();
    await enable(secret, codeFor(secret));
    const pending = await signIn(t.app, ADMIN);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/admin/logout', headers: bearer(pending) })).statusCode,
    ).toBe(200);
    const after = await t.app.inject({
      method: 'POST',
      url: `/api/admin/user/totp?totp=${codeFor(secret)}`,
      headers: bearer(pending),
    });
    expect(after.statusCode).toBe(401);
  });

  it('disables for oneself, and for another user only as an Administrator of the same issuer', async () => {
    const secret = newTotpSecret();
    await enable(secret, codeFor(secret));
    const issuerId = decodeClaims(token).iid as number;
    const publisherId = await addUser(t.app, issuerId, 'pub@example.org', PROFILE.Publisher);
    const publisher = await signIn(t.app, 'pub@example.org');
    const byPublisher = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/user/totp?id=${userId}`,
      headers: bearer(publisher),
    });
    expect(byPublisher.statusCode).toBe(403);
    expect(byPublisher.json()).toEqual({ code: 'UNAUTHORIZED_OPERATION', message: 'Operation unauthorized' });
    const pubSecret = newTotpSecret();
    await enable(pubSecret, codeFor(pubSecret), publisherId, publisher);
    const byAdmin = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/user/totp?id=${publisherId}`,
      headers: bearer(token),
    });
    expect(byAdmin.statusCode).toBe(200);
    const mine = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/user/totp?id=${userId}`,
      headers: bearer(token),
    });
    expect(mine.statusCode).toBe(200);
    expect(decodeClaims(await signIn(t.app, ADMIN))).toMatchObject({ authLevel: 2 });
  });

  it('limits code attempts', async () => {
    const secret = newTotpSecret();
    await enable(secret, codeFor(secret));
    const pending = await signIn(t.app, ADMIN);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1) {
      const url = `/api/admin/user/totp?totp=${wrongCodeFor(secret)}`;
      statuses.push((await t.app.inject({ method: 'POST', url, headers: bearer(pending) })).statusCode);
    }
    expect(statuses.at(-1)).toBe(429);
  });
});
