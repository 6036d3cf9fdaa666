import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startSmtpSink } from '../support/smtpSink';
import { ob3SchemaErrors } from './credentials/ob3Schema';
import { verifyIndependently } from './credentials/independentVerifier';
import { publishRows } from './publicationFixtures';
import { signInAdmin } from './signIn';
import { badgePayload, postForm, svgLogo } from './templateFixtures';
import { createTestApp, TEST_DATABASES, type TestApp } from './testApp';

const PUBLIC_URL = 'https://laurel.example';

/**
 * Ten people, each in English and French (issue 14, item 1): five list their French row first, five their
 * English row, so half of them are French-speaking recipients.
 */
function bilingualRows(): Record<string, string>[] {
  return Array.from({ length: 10 }, (_, i) => {
    const person = {
      ID: `P-${i + 1}`,
      Email: `person${i + 1}@example.org`,
      firstName: `Person${i + 1}`,
      lastName: 'Martin',
      obtentionDate: '2026-11-20',
    };
    const english = { ...person, Language: 'en', assessment: `Project ${i + 1} **passed**` };
    const french = { ...person, Language: 'fr', assessment: `Projet ${i + 1} **réussi**` };
    return i % 2 === 0 ? [french, english] : [english, french];
  }).flat();
}

describe.each(TEST_DATABASES)('one certificate per recipient, in every language, on %s', (database) => {
  let mailbox: Awaited<ReturnType<typeof startSmtpSink>>;
  let t: TestApp;
  let headers: Record<string, string>;
  let issuerId: number;
  let templateId: number;
  beforeAll(async () => {
    mailbox = await startSmtpSink();
  });
  afterAll(() => mailbox.close());

  beforeEach(async () => {
    mailbox.messages.length = 0;
    t = await createTestApp(database, { SMTP_URL: mailbox.url, PUBLIC_URL });
    ({ headers, issuerId } = await signInAdmin(t.app, 'admin@example.org', mailbox));
    await t.app.laurel.db
      .updateTable('issuers')
      .set({ domains: 'campus.example' })
      .where('id', '=', issuerId)
      .execute();
    const created = await postForm(
      t.app,
      headers,
      badgePayload({
        content: {
          en: {
            microcertitle: 'Data analysis',
            label: 'DA-2026 internal',
            outcome: 'Cleans **data** sets:\n- SQL\n- Python',
          },
          fr: { microcertitle: 'Analyse de données', label: 'DA-2026 interne', outcome: 'Nettoie des **données**.' },
        },
      }),
      [svgLogo()],
    );
    expect(created.statusCode, created.body).toBe(201);
    templateId = created.json<{ id: number }>().id;
    mailbox.messages.length = 0;
  });
  afterEach(async () => {
    await t.close();
  });

  const db = () => t.app.laurel.db;
  const credits = async () =>
    (await db().selectFrom('issuers').select('credits').where('id', '=', issuerId).executeTakeFirstOrThrow()).credits;

  it('gives new templates the ID column as technical field, and lets the editors change it within the rules', async () => {
    const read = async () =>
      (
        await t.app.inject({ method: 'GET', url: `/api/issuer/${issuerId}/template/${templateId}/json`, headers })
      ).json<{
        technicalFields: string[];
        badge: Record<string, string>;
      }>();
    const { technicalFields, badge } = await read();
    expect(technicalFields).toEqual(['ID']);
    const data = await t.app.inject({
      method: 'GET',
      url: `/api/issuer/${issuerId}/template/${templateId}/data`,
      headers,
    });
    expect(data.json()).toMatchObject({ technicalFields: ['ID'], languages: ['en', 'fr'] });

    const update = (technicalFields: unknown) =>
      postForm(t.app, headers, badgePayload({ mode: 'update', id: templateId, badge, technicalFields }), []);
    for (const [fields, error] of [
      [[], 'required'],
      [['ID', 'id'], 'duplicate'],
      [['language'], 'invalid'],
      [['a', 'b', 'c', 'd', 'e', 'f'], 'too_many'],
    ] as const) {
      const refused = await update(fields);
      expect(refused.statusCode, JSON.stringify(fields)).toBe(400);
      expect(refused.json()).toMatchObject({ code: 'VALIDATION_ERROR', fields: { technicalFields: error } });
    }
    expect((await read()).technicalFields).toEqual(['ID']);
    const saved = await update([' studentNumber ', 'Email']);
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await read()).technicalFields).toEqual(['studentNumber', 'Email']);
  });

  it('publishes ten bilingual people as ten certificates for ten credits, each mailed once in their language', async () => {
    const before = await credits();
    const published = await publishRows(t.app, headers, templateId, bilingualRows());
    expect(published.statusCode, published.body).toBe(200);
    const { campaignId } = published.json<{ campaignId: number }>();
    await t.app.laurel.jobs.runUntilIdle();
    expect(await credits()).toBe(before - 10);

    const certificates = await db()
      .selectFrom('certificates')
      .selectAll()
      .where('campaign_id', '=', campaignId)
      .orderBy('id')
      .execute();
    expect(certificates).toHaveLength(10);
    certificates.forEach((certificate, i) => {
      const language = i % 2 === 0 ? 'fr' : 'en';
      const other = language === 'fr' ? 'en' : 'fr';
      expect(certificate).toMatchObject({ recipient_key: `P-${i + 1}`, email: `person${i + 1}@example.org`, language });
      expect(Object.keys(JSON.parse(certificate.translations ?? '{}'))).toEqual([other]);
    });

    // one report row per person
    const report = await t.app.inject({
      method: 'POST',
      url: '/api/admin/data_post',
      headers,
      payload: { campaignId, limit: 100 },
    });
    expect(report.json()).toMatchObject({ count: 10 });
    const campaigns = await t.app.inject({ method: 'POST', url: '/api/admin/campaigns', headers });
    expect(campaigns.json().campaigns[0]).toMatchObject({ ID: campaignId, certifiedDegrees: 10, nbActive: 10 });

    // the send-emails call, in each recipient's language: one message per person
    const queued = await t.app.inject({
      method: 'POST',
      url: '/api/admin/emails',
      headers,
      payload: {
        templateId,
        campaignId,
        object: 'Your badge',
        sender: { name: 'Campus', email: 'news@campus.example' },
        language: 'recipient',
      },
    });
    expect(queued.json()).toEqual({ ok: true, nbEmails: 10 });
    await t.app.laurel.jobs.runUntilIdle();
    expect(mailbox.messages).toHaveLength(10);
    for (const [i, certificate] of certificates.entries()) {
      const mails = mailbox.messages.filter((mail) => mail.to[0] === certificate.email);
      expect(mails).toHaveLength(1);
      if (i % 2 === 0) {
        expect(mails[0].text).toContain(`Bonjour Person${i + 1} Martin`);
        expect(mails[0].text).toContain('vous a délivré une attestation : Analyse de données.');
      } else {
        expect(mails[0].text).toContain(`Hello Person${i + 1} Martin`);
        expect(mails[0].text).toContain('has issued you a credential: Data analysis.');
      }
      expect(mails[0].text).not.toContain('DA-2026');
    }

    // a sender's chosen language still wins when asked for
    mailbox.messages.length = 0;
    await t.app.inject({
      method: 'POST',
      url: '/api/admin/emails',
      headers,
      payload: {
        templateId,
        ids: String(certificates[0].id),
        object: 'Your badge',
        sender: { name: 'Campus', email: 'news@campus.example' },
        language: 'es',
      },
    });
    await t.app.laurel.jobs.runUntilIdle();
    expect((await mailbox.waitFor('person1@example.org')).text).toContain('le ha expedido una credencial');
  });

  it('gives the credential an achievement in the recipient’s language naming the other, in plain text, valid and verified', async () => {
    const published = await publishRows(t.app, headers, templateId, bilingualRows());
    const { campaignId } = published.json<{ campaignId: number }>();
    await t.app.laurel.jobs.runUntilIdle();
    const [french, english] = await db()
      .selectFrom('certificates')
      .select(['key', 'language'])
      .where('campaign_id', '=', campaignId)
      .orderBy('id')
      .limit(2)
      .execute();
    expect([french.language, english.language]).toEqual(['fr', 'en']);

    const credentialOf = async (key: string) => {
      const answer = await t.app.inject({ method: 'GET', url: `/certificate/${key}/credential.json` });
      expect(answer.statusCode, answer.body).toBe(200);
      return answer.json();
    };
    const frenchCredential = await credentialOf(french.key);
    const achievement = frenchCredential.credentialSubject.achievement;
    expect(achievement).toMatchObject({
      name: 'Analyse de données',
      description: 'Nettoie des données.',
      inLanguage: 'fr',
      related: [{ id: `${PUBLIC_URL}/ob/achievements/${templateId}/en`, type: ['Related'], inLanguage: 'en' }],
    });
    const englishAchievement = (await credentialOf(english.key)).credentialSubject.achievement;
    expect(englishAchievement).toMatchObject({ name: 'Data analysis', inLanguage: 'en' });
    expect(englishAchievement.description).toBe('Cleans data sets:\n\n- SQL\n- Python');
    expect(englishAchievement.related).toEqual([
      { id: `${PUBLIC_URL}/ob/achievements/${templateId}/fr`, type: ['Related'], inLanguage: 'fr' },
    ]);
    expect(ob3SchemaErrors(frenchCredential)).toEqual([]);

    // the related achievement answers at its address, in its language
    const related = await t.app.inject({ method: 'GET', url: `/ob/achievements/${templateId}/en` });
    expect(related.statusCode, related.body).toBe(200);
    expect(related.json()).toMatchObject({ name: 'Data analysis', inLanguage: 'en' });

    const site: Record<string, unknown> = {};
    for (const path of [
      `/ob/issuers/${issuerId}/did.json`,
      ...['revocation', 'suspension'].map((purpose) => `/ob/issuers/${issuerId}/status/${purpose}`),
    ]) {
      site[`${PUBLIC_URL}${path}`] = (await t.app.inject({ method: 'GET', url: path })).json();
    }
    const outcome = await verifyIndependently(frenchCredential, site);
    expect(outcome.errors).toEqual([]);
    expect(outcome.verified).toBe(true);
  });

  it('shows the public page in the recipient’s language with the other one a click away', async () => {
    const published = await publishRows(t.app, headers, templateId, bilingualRows());
    const { campaignId } = published.json<{ campaignId: number }>();
    const first = await db()
      .selectFrom('certificates')
      .select(['key'])
      .where('campaign_id', '=', campaignId)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const french = await t.app.inject({ method: 'GET', url: `/certificate/${first.key}` });
    expect(french.statusCode).toBe(200);
    expect(french.body).toContain('<html lang="fr"');
    expect(french.body).toContain('Analyse de données');
    expect(french.body).toContain('Projet 1 <strong>réussi</strong>');
    expect(french.body).toContain('href="?lang=en"');
    expect(french.body).toContain('English');

    const english = await t.app.inject({ method: 'GET', url: `/certificate/${first.key}?lang=en` });
    expect(english.statusCode).toBe(200);
    expect(english.body).toContain('<html lang="en"');
    expect(english.body).toContain('Data analysis');
    expect(english.body).toContain('Project 1 <strong>passed</strong>');
    expect(english.body).toContain('Person1 Martin');

    // a language the certificate was not given in shows its own
    const other = await t.app.inject({ method: 'GET', url: `/certificate/${first.key}?lang=es` });
    expect(other.body).toContain('<html lang="fr"');
  });

  it('refuses what would make a person two certificates or leave a language out, issuing nothing', async () => {
    const before = await credits();
    const person = { ID: 'P-1', Email: 'p1@example.org', firstName: 'Ann', lastName: 'Lee' };
    const cases: [Record<string, string>[], string][] = [
      [[{ ...person, Language: 'en' }], 'ERR_MISSING_LANGUAGE'],
      [
        [
          { ...person, Language: 'en' },
          { ...person, Language: 'fr' },
          { ...person, Language: 'en' },
        ],
        'ERR_DUPLICATE_RECIPIENT',
      ],
      [
        [
          { ...person, Language: 'all' },
          { ...person, Language: 'fr' },
        ],
        'ERR_ALL_MISUSED',
      ],
      [[{ ...person, ID: '', Language: 'all' }], 'ERR_NO_TECH_DATA'],
    ];
    for (const [rows, code] of cases) {
      const answer = await publishRows(t.app, headers, templateId, rows);
      expect(answer.statusCode, answer.body).toBe(400);
      expect(answer.json().errors.map((error: { code: string }) => error.code)).toContain(code);
    }
    expect(await credits()).toBe(before);
    const count = await db()
      .selectFrom('certificates')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);
  });
});
