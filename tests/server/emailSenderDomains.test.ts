import { afterEach, describe, expect, it } from 'vitest';
import { PROFILE } from '../../domain/roles';
import { addUser, bearer, signIn, signInAdmin } from './signIn';
import { createBadgeTemplate, publishRows, recipientRows } from './publicationFixtures';
import { createTestApp, TEST_DATABASES, type TestApp } from './testApp';

/** The send-emails form offers and accepts the brand's own sender domains, never the other brand's. */
describe.each(TEST_DATABASES)('sender domains of each brand on %s', (database) => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
  });

  async function start(publicUrl: string) {
    // without SMTP_URL, mail goes to the outbox table, where the sign-in helpers read their links
    t = await createTestApp(database, { PUBLIC_URL: publicUrl });
    const { headers, issuerId } = await signInAdmin(t.app);
    await t.app.laurel.db
      .updateTable('issuers')
      .set({ domains: 'campus.example' })
      .where('id', '=', issuerId)
      .execute();
    const templateId = await createBadgeTemplate(t.app, headers);
    const published = await publishRows(t.app, headers, templateId, recipientRows(1));
    expect(published.statusCode, published.body).toBe(200);
    const { campaignId } = published.json<{ campaignId: number }>();
    await t.app.laurel.jobs.runUntilIdle();
    return { app: t.app, headers, issuerId, templateId, campaignId };
  }
  const settingsOf = async (app: TestApp['app'], headers: Record<string, string>) => {
    const answer = await app.inject({ method: 'GET', url: '/api/admin/emailing', headers });
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json<{ domains: string[]; defaults: { sender: { email: string } } }>();
  };
  const sendFrom = (
    app: TestApp['app'],
    headers: Record<string, string>,
    ids: { templateId: number; campaignId: number },
    email: string,
  ) =>
    app.inject({
      method: 'POST',
      url: '/api/admin/emails',
      headers,
      payload: { ...ids, object: 'Your badge', sender: { name: 'Campus', email }, language: 'en' },
    });

  it('on the default brand (Laurel): its domains only, and its no-reply address as the default sender', async () => {
    const { app, headers, templateId, campaignId } = await start('http://localhost:8080');
    const settings = await settingsOf(app, headers);
    expect(settings.domains).toEqual(['campus.example', 'laurel.app', 'laurel.email']);
    // admin@example.org is outside the authorised domains, so the default sender is the brand's no-reply address
    expect(settings.defaults.sender.email).toBe('no-reply@laurel.app');
    const refused = await sendFrom(app, headers, { templateId, campaignId }, 'news@3videnz.com');
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'VALIDATION_ERROR', fields: { senderEmail: 'invalid-email-domain' } });
    const sent = await sendFrom(app, headers, { templateId, campaignId }, settings.defaults.sender.email);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toEqual({ ok: true, nbEmails: 1 });
  });

  it('on 3videnz: its domain only; a user inside the domains is the default sender', async () => {
    const { app, headers, issuerId, templateId, campaignId } = await start('https://app.3videnz.com');
    const settings = await settingsOf(app, headers);
    expect(settings.domains).toEqual(['campus.example', '3videnz.com']);
    expect(settings.defaults.sender.email).toBe('no-reply@3videnz.com');
    const refused = await sendFrom(app, headers, { templateId, campaignId }, 'news@laurel.app');
    expect(refused.json()).toMatchObject({ fields: { senderEmail: 'invalid-email-domain' } });

    await addUser(app, issuerId, 'registrar@campus.example', PROFILE.Publisher);
    const publisher = bearer(await signIn(app, 'registrar@campus.example'));
    expect((await settingsOf(app, publisher)).defaults.sender.email).toBe('registrar@campus.example');
  });
});
