import { afterEach, describe, expect, it } from 'vitest';
import { buildApp, type LaurelApp } from '../../server/app';
import { createTestApp, TEST_DATABASES, type TestApp } from './testApp';

/**
 * The sign-in limits are counted where every server sees them: in PostgreSQL (rate-limiter-flexible's
 * RateLimiterPostgres on the rate_limits table) when servers share a database; in the process on SQLite, whose
 * one server is the only one counting.
 */
describe.each(TEST_DATABASES)('the sign-in limits on %s', (database) => {
  let t: TestApp;
  let second: LaurelApp | null = null;
  afterEach(async () => {
    await second?.close();
    second = null;
    await t.close();
  });

  const login = (app: LaurelApp, email: string, ip = '203.0.113.7') =>
    app
      .inject({ method: 'POST', url: `/api/admin/login?email=${encodeURIComponent(email)}`, remoteAddress: ip })
      .then((answer) => answer.statusCode);

  it('refuses the attempts beyond the limit per address, and counts each address apart', async () => {
    t = await createTestApp(database, { LOGIN_RATE_PER_EMAIL: '3' });
    const statuses = [];
    for (let i = 0; i < 5; i += 1) statuses.push(await login(t.app, 'admin@example.org'));
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    expect(await login(t.app, 'someone.else@example.org')).toBe(404);
  });

  it.runIf(database === 'postgres')(
    'counts the attempts made through two servers on one database together',
    async () => {
      t = await createTestApp(database, { LOGIN_RATE_PER_EMAIL: '4', LOGIN_RATE_PER_CLIENT: '6' });
      second = await buildApp(t.config, { logger: false });
      const servers = [t.app, second];
      const statuses = [];
      // alternating servers, as a round-robin load balancer does
      for (let i = 0; i < 6; i += 1) statuses.push(await login(servers[i % 2], 'admin@example.org'));
      expect(statuses).toEqual([200, 200, 200, 200, 429, 429]);
      // the per-client count is shared too: 6 attempts used, another address from the same client is refused
      expect(await login(second, 'other@example.org')).toBe(429);
      expect(await login(t.app, 'other@example.org', '198.51.100.9')).toBe(404);
      const rows = await t.app.laurel.db
        .selectFrom('rate_limits' as never)
        .select(['key' as never, 'points' as never])
        .execute();
      expect(rows).toEqual(expect.arrayContaining([{ key: 'login-email:admin@example.org', points: 6 }]));
    },
  );
});
