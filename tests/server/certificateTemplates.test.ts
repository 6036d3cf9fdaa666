import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { publishRows, recipientRows } from './publicationFixtures';
import { addIssuer, addUser, bearer, signIn, signInAdmin } from './signIn';
import { badgePayload, postForm, registryPayload, setIssuer, svgLogo, pngImage } from './templateFixtures';
import { createTestApp, TEST_DATABASES, type TestApp } from './testApp';
import { PROFILE } from '../../domain/roles';

/**
 * Plain certificate templates (type certificate, spec 001 section 1): written by the badge editor's call with
 * the badge's rules, published, shown and printed like a badge, without the Open Badge achievement.
 */
describe.each(TEST_DATABASES)('plain certificate templates on %s', (database) => {
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

  const call = (method: 'GET' | 'POST' | 'PUT', url: string) => t.app.inject({ method, url, headers });

  it('creates a certificate through the badge call, with the badge rules, and lists it as a certificate', async () => {
    const created = await postForm(t.app, headers, badgePayload({ type: 'certificate' }), [svgLogo()]);
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json<{ id: number }>().id;
    const detail = (await call('GET', `/api/admin/template?id=${id}`)).json();
    expect(detail).toMatchObject({ id, type: 'certificate', label: { en: 'Analysis', fr: 'Analyse' }, enable: true });
    expect(detail.content.en.microcertitle).toBe('Data analysis');
    const listed = (await call('GET', '/api/admin/templates')).json<{ id: number; type: string }[]>();
    expect(listed.find((row) => row.id === id)?.type).toBe('certificate');

    // the same content rules as a badge, and the type is locked once created
    const tooLong = await postForm(
      t.app,
      headers,
      badgePayload({ type: 'certificate', content: { en: { microcertitle: 'x'.repeat(301) } } }),
      [svgLogo()],
    );
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().fields).toMatchObject({ 'content.en.microcertitle': 'too_long' });
    const saved = (await call('GET', `/api/issuer/${issuerId}/template/${id}/json`)).json();
    const retyped = await t.app.inject({
      method: 'PUT',
      url: `/api/issuer/${issuerId}/template/${id}`,
      headers,
      payload: { type: 'openbadge', DefaultLanguage: 'en', badge: saved.badge, content: saved.content },
    });
    expect(retyped.statusCode).toBe(400);
    expect(retyped.json().fields).toMatchObject({ type: 'locked' });

    // the registry call does not write it; the legacy cpf type has no editor at all
    const throughRegistry = await postForm(
      t.app,
      headers,
      registryPayload({ type: 'certificate' }),
      [pngImage('badgeImage', 'rncp.png')],
      'rncp',
    );
    expect(throughRegistry.json().code).toBe('UNSUPPORTED_TEMPLATE_TYPE');
    const cpf = await postForm(t.app, headers, badgePayload({ type: 'cpf' }), [svgLogo()]);
    expect(cpf.statusCode).toBe(400);
    expect(cpf.json().code).toBe('UNSUPPORTED_TEMPLATE_TYPE');
  });

  it('needs the badge editor: an account without the openbadge metatemplate and a Reader are refused', async () => {
    await addUser(t.app, issuerId, 'reader@example.org', PROFILE.Reader);
    const reader = bearer(await signIn(t.app, 'reader@example.org'));
    const byReader = await postForm(t.app, reader, badgePayload({ type: 'certificate' }), [svgLogo()]);
    expect(byReader.statusCode).toBe(403);

    const other = await addIssuer(t.app, 'Registry only');
    await setIssuer(t.app, other, { metatemplates: ['cpf_onshelf'] });
    await addUser(t.app, other, 'admin@registry.example', PROFILE.Administrator);
    const registryAdmin = bearer(await signIn(t.app, 'admin@registry.example'));
    const refused = await postForm(t.app, registryAdmin, badgePayload({ type: 'certificate' }), [svgLogo()]);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('METATEMPLATE_UNAVAILABLE');
  });

  it('publishes a certificate: public page, PDF and a credential without the Open Badge achievement', async () => {
    const created = await postForm(t.app, headers, badgePayload({ type: 'certificate' }), [svgLogo()]);
    const templateId = created.json<{ id: number }>().id;
    const published = await publishRows(t.app, headers, templateId, recipientRows(2));
    expect(published.statusCode, published.body).toBe(200);
    const { campaignId } = published.json<{ campaignId: number }>();
    await t.app.laurel.jobs.runUntilIdle();
    const certificates = await t.app.laurel.db
      .selectFrom('certificates')
      .select(['key', 'language'])
      .where('campaign_id', '=', campaignId)
      .orderBy('id')
      .execute();
    expect(certificates.length).toBeGreaterThanOrEqual(2);
    const { key } = certificates[0];

    const page = await t.app.inject({ method: 'GET', url: `/certificate/${key}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Data analysis');
    expect(page.body).toContain('Learner1');

    const pdf = await t.app.inject({ method: 'GET', url: `/certificate/${key}/certificate.pdf` });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const credential = await t.app.inject({ method: 'GET', url: `/certificate/${key}/credential.json` });
    expect(credential.statusCode, credential.body).toBe(200);
    const achievement = credential.json().credentialSubject.achievement;
    expect(achievement.name).toBe('Data analysis');
    expect(achievement.achievementType).toBeUndefined();
  });
});
