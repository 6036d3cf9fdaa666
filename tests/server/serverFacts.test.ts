import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { startSmtpSink } from '../support/smtpSink';
import { bearer, signIn } from './signIn';
import { createTestApp, TEST_DATABASES, type TestApp } from './testApp';

const ADMIN = 'admin@example.org';

/**
 * What the web app learns of the server's set-up from GET /api/admin/who (issue 29): whether mails are sent or only
 * kept in the outbox (no SMTP_URL), so that no screen says "Sent" for a kept one, and the help's knowledge base
 * (HELP_URL, the built-in guide when empty).
 */
describe.each(TEST_DATABASES)('the server facts of the current user on %s', (database) => {
  let t: TestApp | undefined;
  let mailbox: Awaited<ReturnType<typeof startSmtpSink>>;
  beforeAll(async () => {
    mailbox = await startSmtpSink();
  });
  afterAll(() => mailbox.close());
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  async function who(app: TestApp, token: string) {
    const answer = await app.app.inject({ method: 'GET', url: '/api/admin/who', headers: bearer(token) });
    expect(answer.statusCode).toBe(200);
    return answer.json<{ email: string; server: unknown }>();
  }

  it('says mails are kept in the outbox and the help is the built-in guide when neither is set', async () => {
    t = await createTestApp(database);
    const me = await who(t, await signIn(t.app, ADMIN));
    expect(me.email).toBe(ADMIN);
    expect(me.server).toEqual({ mailDelivery: 'outbox', helpUrl: null });
  });

  it('says mails are sent with SMTP_URL, and gives HELP_URL', async () => {
    t = await createTestApp(database, { SMTP_URL: mailbox.url, HELP_URL: 'https://help.example.net/laurel' });
    const me = await who(t, await signIn(t.app, ADMIN, undefined, mailbox));
    expect(me.server).toEqual({ mailDelivery: 'smtp', helpUrl: 'https://help.example.net/laurel' });
  });
});

describe('HELP_URL', () => {
  it('takes only an http or https address', () => {
    const env = { DATA_DIR: '/tmp/laurel-help-url', CREDENTIALS_KEY: 'a'.repeat(64) };
    expect(loadConfig({ ...env, HELP_URL: 'https://kb.example.org/fr' }).helpUrl).toBe('https://kb.example.org/fr');
    expect(loadConfig(env).helpUrl).toBeNull();
    for (const bad of ['javascript:alert(1)', 'kb.example.org', 'ftp://kb.example.org'])
      expect(() => loadConfig({ ...env, HELP_URL: bad })).toThrow(/HELP_URL/);
  });
});
