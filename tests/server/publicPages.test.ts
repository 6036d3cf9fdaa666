import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CERTIFICATE_KEY_LENGTH } from '../../domain/certificates';
import { PROFILE } from '../../domain/roles';
import { defaultStyle } from '../../domain/templateRules/style';
import { nowIso } from '../../server/db/clock';
import type { NewCertificate } from '../../server/db/schema';
import { insertCertificates } from '../../server/repositories/certificates';
import { addIssuer, addUser, bearer, signIn, signInAdmin } from './signIn';
import { badgePayload, postForm, svgLogo } from './templateFixtures';
import { createTestApp, TEST_DATABASES, type TestApp } from './testApp';

const execFileAsync = promisify(execFile);

const SCRIPT = '<script>alert(1)</script>';
const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

function certificateKey(): string {
  return [...randomBytes(CERTIFICATE_KEY_LENGTH)].map((byte) => ALPHANUMERIC[byte % ALPHANUMERIC.length]).join('');
}

function daysFromToday(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

describe.each(TEST_DATABASES)('public pages on %s', (database) => {
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

  const get = (url: string) => t.app.inject({ method: 'GET', url });

  async function createBadge(overrides: Record<string, unknown> = {}) {
    const created = await postForm(t.app, headers, badgePayload(overrides), [svgLogo()]);
    expect(created.statusCode, created.body).toBe(201);
    return created.json<{ id: number }>().id;
  }

  /** A campaign of the template holding one certificate per entry, inserted as a publish would. */
  async function issue(templateId: number, certificates: Partial<NewCertificate>[]): Promise<string[]> {
    const { db } = t.app.laurel;
    const campaign = await db
      .insertInto('campaigns')
      .values({
        issuer_id: issuerId,
        template_id: templateId,
        user_id: null,
        certified_degrees: certificates.length,
        idempotency_key: null,
        request_hash: null,
        created_at: nowIso(),
        finished_at: null,
        error: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const rows: NewCertificate[] = certificates.map((certificate, index) => ({
      key: certificateKey(),
      issuer_id: issuerId,
      template_id: templateId,
      campaign_id: campaign.id,
      status_id: 1,
      language: 'en',
      email: `recipient${index}@example.org`,
      first_name: 'Ada',
      last_name: 'Lovelace',
      data: JSON.stringify({ linkLabel: 'Portfolio', linkURL: 'https://portfolio.example/ada' }),
      obtention_date: '2025-03-05',
      expiration_date: null,
      status_index: index,
      credential: null,
      nft_token_id: null,
      nft_transaction: null,
      mail_sent: null,
      mail_sent_at: null,
      mail_read_at: null,
      created_at: nowIso(),
      updated_at: nowIso(),
      ...certificate,
    }));
    await insertCertificates(db, rows);
    return rows.map((row) => row.key);
  }

  function expectPage(response: Awaited<ReturnType<typeof get>>, status = 200) {
    expect(response.statusCode, response.body).toBe(status);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['content-security-policy']).toContain(
      "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'",
    );
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.body).not.toMatch(/<script/i);
    return response.body;
  }

  describe('GET /certificate/{key}', () => {
    it('shows a valid certificate in its language with the design, the data and the links', async () => {
      const templateId = await createBadge();
      const [english, french] = await issue(templateId, [
        {},
        { language: 'fr', first_name: 'Marie', last_name: 'Curie' },
      ]);

      const page = expectPage(await get(`/certificate/${english}`));
      expect(page).toContain('<html lang="en">');
      expect(page).toContain('<h1>Data analysis</h1>');
      expect(page).toContain('Ada Lovelace');
      expect(page).toContain('March 5, 2025');
      expect(page).toContain('Valid credential');
      expect(page).toContain(`href="/certificate/${english}/credential.json"`);
      expect(page).toContain('Download the verifiable credential');
      expect(page).toContain(`href="/certificate/${english}/badge.png"`);
      expect(page).toContain('Download the badge image');
      expect(page).toContain(`href="/verify?key=${english}"`);
      expect(page).toContain('href="https://portfolio.example/ada"');
      expect(page).toContain('<li class="skill">SQL</li><li class="skill">Python</li>');
      expect(page).toContain(`--title-bg:${defaultStyle().style.title.background}`);

      const response = await get(`/certificate/${french}`);
      const frenchPage = expectPage(response);
      expect(frenchPage).toContain('<html lang="fr">');
      expect(frenchPage).toContain('<h1>Analyse de données</h1>');
      expect(frenchPage).toContain('Marie Curie');
      expect(frenchPage).toContain('5 mars 2025');
      expect(frenchPage).toContain('Certificat valide');
      expect(frenchPage).toContain('Télécharger le certificat vérifiable');
      expect(response.headers['cache-control']).toBe('no-cache');
    });

    it('links the PDF, LinkedIn Add to profile with every field, plain share links and the address to copy', async () => {
      const templateId = await createBadge();
      const [key] = await issue(templateId, [
        { expiration_date: '2027-11-30', first_name: 'Zoë', last_name: "O'Neil" },
      ]);
      const page = expectPage(await get(`/certificate/${key}`));
      expect(page).toContain(`href="/certificate/${key}/certificate.pdf"`);
      expect(page).toContain('Download the PDF');
      const pdf = await get(`/certificate/${key}/certificate.pdf`);
      expect(pdf.statusCode).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      expect(pdf.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');

      const unescape = (href: string) => href.replaceAll('&amp;', '&').replaceAll('&#39;', "'");
      const hrefOf = (label: string) =>
        unescape(new RegExp(`<a href="([^"]+)"[^>]*>${label}</a>`).exec(page)?.[1] ?? '');
      // the button is our address, which counts the click and leads to LinkedIn's form (issue 31)
      const button = hrefOf('Add to LinkedIn profile');
      expect(button).toBe(`/certificate/${key}/linkedin?lang=en`);
      const redirect = await get(button);
      expect(redirect.statusCode).toBe(302);
      const linkedIn = new URL(redirect.headers.location as string);
      expect(`${linkedIn.origin}${linkedIn.pathname}`).toBe('https://www.linkedin.com/profile/add');
      expect(Object.fromEntries(linkedIn.searchParams)).toEqual({
        startTask: 'CERTIFICATION_NAME',
        name: 'Data analysis',
        organizationName: 'My organisation',
        issueYear: '2025',
        issueMonth: '3',
        expirationYear: '2027',
        expirationMonth: '11',
        certUrl: `http://laurel.test/certificate/${key}`,
        certId: key,
      });
      expect(new URL(hrefOf('Post on LinkedIn')).searchParams.get('url')).toBe(`http://laurel.test/certificate/${key}`);
      expect(new URL(hrefOf('Post on X')).searchParams.get('text')).toBe('Data analysis');
      expect(hrefOf('Send by email')).toMatch(/^mailto:\?subject=Data%20analysis&body=http%3A%2F%2Flaurel\.test/);
      expect(page).toContain(
        `<input id="share-url" type="url" readonly value="http://laurel.test/certificate/${key}">`,
      );

      // in French too
      const [frenchKey] = await issue(templateId, [{ language: 'fr', status_index: 1 }]);
      const french = expectPage(await get(`/certificate/${frenchKey}`));
      expect(french).toContain('Ajouter au profil LinkedIn');
      expect(french).toContain('Télécharger le PDF');

      // with the issuer's LinkedIn page set on its profile (sharing tab), the form shows that page's logo and name
      const { db } = t.app.laurel;
      const stored = await db
        .selectFrom('issuers')
        .select('params')
        .where('id', '=', issuerId)
        .executeTakeFirstOrThrow();
      const params = { ...(JSON.parse(stored.params) as object), organizationId: '1337' };
      await db
        .updateTable('issuers')
        .set({ params: JSON.stringify(params) })
        .where('id', '=', issuerId)
        .execute();
      const withPage = new URL((await get(button)).headers.location as string);
      expect(withPage.searchParams.get('organizationId')).toBe('1337');
      expect(withPage.searchParams.has('organizationName')).toBe(false);

      // a suspended one offers none of it
      const [suspended] = await issue(templateId, [{ status_id: 9, status_index: 2 }]);
      const suspendedPage = expectPage(await get(`/certificate/${suspended}`));
      for (const absent of ['certificate.pdf', 'linkedin', 'share-url']) expect(suspendedPage).not.toContain(absent);
      // and its LinkedIn address leads back to its page
      const back = await get(`/certificate/${suspended}/linkedin`);
      expect(back.statusCode).toBe(302);
      expect(back.headers.location).toBe(`/certificate/${suspended}`);
    });

    it('shows the badge logo from its public address', async () => {
      const [key] = await issue(await createBadge(), [{}]);
      const page = expectPage(await get(`/certificate/${key}`));
      const source = /<section class="part badge"><img src="([^"]+)"/.exec(page)?.[1];
      expect(source).toMatch(/^\/api\/template\/image\/\d+\/[0-9a-f-]+\.svg$/);
      const logo = await get(source as string);
      expect(logo.statusCode).toBe(200);
      // stored as sanitised (server/security/svgSanitizer.ts): the same drawing, nothing active
      expect(logo.rawPayload.toString('utf8')).toContain('<rect width="10" height="10"/></svg>');
    });

    it('says a disabled certificate is suspended and offers no download', async () => {
      const [key] = await issue(await createBadge(), [{ status_id: 9 }]);
      const page = expectPage(await get(`/certificate/${key}`));
      expect(page).toContain('status-disabled');
      expect(page).toContain('Suspended credential');
      expect(page).not.toContain('credential.json');
      expect(page).not.toContain('badge.png');
      expect(page).toContain(`/verify?key=${key}`);
    });

    it('shows every change at once although pages are kept rendered: status, recipient, template, language', async () => {
      const { db } = t.app.laurel;
      const templateId = await createBadge();
      const [key] = await issue(templateId, [{}]);
      const first = expectPage(await get(`/certificate/${key}`));
      expect(first).toContain('Valid credential');
      expect(expectPage(await get(`/certificate/${key}`))).toBe(first);

      await db.updateTable('certificates').set({ status_id: 9 }).where('key', '=', key).execute();
      expect(expectPage(await get(`/certificate/${key}`))).toContain('Suspended credential');
      await db
        .updateTable('certificates')
        .set({ status_id: 1, first_name: 'Augusta' })
        .where('key', '=', key)
        .execute();
      const renamed = expectPage(await get(`/certificate/${key}`));
      expect(renamed).toContain('Valid credential');
      expect(renamed).toContain('Augusta Lovelace');
      const template = await db
        .selectFrom('templates')
        .select('content')
        .where('id', '=', templateId)
        .executeTakeFirstOrThrow();
      await db
        .updateTable('templates')
        .set({ content: template.content.replace('Data analysis', 'Data science') })
        .where('id', '=', templateId)
        .execute();
      expect(expectPage(await get(`/certificate/${key}`))).toContain('<h1>Data science</h1>');
    });

    // On SQLite a page is answered again without a read while nothing has been committed (SQLite's data_version):
    // a commit from another connection to the same file, as another server process would make, must show at once
    it.runIf(database === 'sqlite')(
      'shows at once a change committed by another process on the same file',
      async () => {
        const templateId = await createBadge();
        const [key] = await issue(templateId, [{}]);
        expect(expectPage(await get(`/certificate/${key}`))).toContain('Valid credential');
        expect(expectPage(await get(`/certificate/${key}`))).toContain('Valid credential');
        // a real other process: a write made from this thread would hold the event loop while it waits for the
        // server's own commit in flight (the visit just counted), and neither could go on
        await execFileAsync(process.execPath, [
          '-e',
          "const db = new (require('better-sqlite3'))(process.argv[1]); " +
            "db.prepare('UPDATE certificates SET status_id = 9 WHERE key = ?').run(process.argv[2]); db.close();",
          path.join(t.config.dataDir, 'laurel.db'),
          key,
        ]);
        expect(expectPage(await get(`/certificate/${key}`))).toContain('Suspended credential');
      },
    );

    it('answers 410 for a deleted certificate, saying it was withdrawn and showing nothing of it', async () => {
      const [key] = await issue(await createBadge(), [{ status_id: 3, language: 'fr' }]);
      const page = expectPage(await get(`/certificate/${key}`), 410);
      expect(page).toContain('Certificat retiré');
      for (const hidden of ['Ada', 'Lovelace', 'Analyse de données', 'Data analysis', 'credential.json', 'portfolio']) {
        expect(page).not.toContain(hidden);
      }
    });

    it('says a certificate is expired by its status or by its date', async () => {
      const templateId = await createBadge();
      const [byStatus, byDate, stillValid] = await issue(templateId, [
        { status_id: 6, expiration_date: '2025-01-31' },
        { status_id: 1, expiration_date: daysFromToday(-2) },
        { status_id: 1, expiration_date: daysFromToday(30) },
      ]);
      const statusPage = expectPage(await get(`/certificate/${byStatus}`));
      expect(statusPage).toContain('status-expired');
      expect(statusPage).toContain('This credential expired on January 31, 2025.');
      expect(statusPage).not.toContain('credential.json');
      expect(expectPage(await get(`/certificate/${byDate}`))).toContain('status-expired');
      const validPage = expectPage(await get(`/certificate/${stillValid}`));
      expect(validPage).toContain('status-valid');
      expect(validPage).toContain('Expiration date');
    });

    it('says a minting certificate is being recorded on its network', async () => {
      const templateId = await createBadge();
      await t.app.laurel.db
        .updateTable('templates')
        .set({ is_nft: 1, network: 'gnosis' })
        .where('id', '=', templateId)
        .execute();
      const [minting, claimed] = await issue(templateId, [{ status_id: 11 }, { status_id: 13 }]);
      const page = expectPage(await get(`/certificate/${minting}`));
      expect(page).toContain('status-minting');
      expect(page).toContain('gnosis network');
      expect(page).not.toContain('credential.json');
      const claimedPage = expectPage(await get(`/certificate/${claimed}`));
      expect(claimedPage).toContain('status-valid');
      expect(claimedPage).toContain('It is recorded on the gnosis network.');
      expect(claimedPage).toContain('credential.json');
    });

    it('escapes scripts in the recipient data and in the template content', async () => {
      const templateId = await createBadge({
        content: {
          en: {
            microcertitle: `Data ${SCRIPT}`,
            outcome: `${SCRIPT} **strong** <img src=x onerror=alert(1)> [ok](https://ok.example/) [bad](javascript:alert(1))`,
            skills: `${SCRIPT}, SQL`,
            partner: '"><svg onload=alert(1)>',
          },
          fr: { microcertitle: 'Analyse' },
        },
      });
      const [key] = await issue(templateId, [
        {
          first_name: SCRIPT,
          last_name: '"><img src=x onerror=alert(2)>',
          data: JSON.stringify({ linkURL: 'javascript:alert(3)', linkLabel: SCRIPT }),
        },
      ]);
      const page = expectPage(await get(`/certificate/${key}`));
      expect(page).not.toMatch(/<img src=x|<svg|="javascript:/i);
      expect(page).toContain('&lt;img src=x onerror=alert(1)&gt;');
      expect(page).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
      expect(page).toContain('<strong>strong</strong>');
      expect(page).toContain('<a href="https://ok.example/" rel="noopener noreferrer nofollow" target="_blank">ok</a>');
      expect(page).toContain(' bad');
      expect(page).not.toContain('class="button"');
    });

    it('neutralises a style value that tries to inject CSS', async () => {
      const templateId = await createBadge();
      const hostile = defaultStyle();
      hostile.style.root.background = 'red;}body{background:url(https://evil.example/x)}';
      hostile.style.title.color = '#fff</style><script>alert(1)</script>';
      hostile.style.root.fontFamily = "Arial;}*{background:url('https://evil.example/y')}";
      await t.app.laurel.db
        .updateTable('templates')
        .set({ cstyle: JSON.stringify(hostile) })
        .where('id', '=', templateId)
        .execute();
      const [key] = await issue(templateId, [{}]);
      const page = expectPage(await get(`/certificate/${key}`));
      expect(page).not.toContain('evil.example');
      expect(page).not.toContain('</style><script>');
      expect(page).toContain(`--page-bg:${defaultStyle().style.root.background}`);
      expect(page.match(/<\/style>/g)).toHaveLength(1);
    });

    it('answers a 404 page for an unknown or malformed key', async () => {
      const unknown = expectPage(await get(`/certificate/${certificateKey()}`), 404);
      expect(unknown).toContain('Page not found');
      expectPage(await get('/certificate/short'), 404);
      expectPage(await get(`/certificate/${'a'.repeat(127)}%3Cscript%3E`), 404);
    });
  });

  describe('GET /template/{issuerId}&{templateId}', () => {
    it('shows the design with a sample recipient in the default language, with links to the others', async () => {
      const templateId = await createBadge({ publicSample: true });
      const response = await get(`/template/${issuerId}&${templateId}`);
      const page = expectPage(response);
      expect(response.headers['cache-control']).toBe('public, max-age=300');
      expect(page).toContain('<html lang="en">');
      expect(page).toContain('<h1>Data analysis</h1>');
      expect(page).toContain('status-sample');
      expect(page).toContain('Alex Taylor');
      expect(page).toContain('href="?lang=fr"');
      expect(page).toContain('aria-current="page">English</span>');
      expect(page).toContain('>Français</a>');
      expect(page).not.toContain('credential.json');

      const french = expectPage(await get(`/template/${issuerId}%26${templateId}?lang=fr`));
      expect(french).toContain('<html lang="fr">');
      expect(french).toContain('<h1>Analyse de données</h1>');
      expect(french).toContain('Camille Martin');
      expect(french).toContain('Exemple');

      expect(expectPage(await get(`/template/${issuerId}&${templateId}?lang=de`))).toContain('<html lang="en">');
    });

    it('answers only for a published template or one shown publicly, others exactly as an unknown one', async () => {
      const unpublished = await createBadge();
      const published = await createBadge();
      const shown = await createBadge({ publicSample: true });
      await issue(published, [{}]);
      const otherIssuer = await addIssuer(t.app, 'Other');
      const addresses = (issuer: number, id: number) => [
        `/template/${issuer}&${id}`,
        `/template/${issuer}&${id}/thumbnail.svg`,
        `/ob/achievements/${id}/en`,
        `/ob/v2/badges/${id}/en`,
      ];
      const unknown = await Promise.all(addresses(issuerId, shown + 100).map(get));
      expect(unknown.map((answer) => answer.statusCode)).toEqual([404, 404, 404, 404]);
      for (const [issuer, id] of [
        [issuerId, unpublished],
        [otherIssuer, published],
        [otherIssuer, shown],
      ]) {
        const answers = await Promise.all(addresses(issuer, id).map(get));
        // the Open Badges documents name the template alone: the other issuer's id changes nothing there
        const expected = id === unpublished ? [0, 1, 2, 3] : [0, 1];
        for (const index of expected) {
          expect(answers[index].statusCode, addresses(issuer, id)[index]).toBe(404);
          expect(answers[index].body).toBe(unknown[index].body);
        }
      }
      for (const id of [published, shown]) {
        const answers = await Promise.all(addresses(issuerId, id).map(get));
        expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200]);
        expect(answers[0].body).toContain('<h1>Data analysis</h1>');
        expect(answers[2].json()).toMatchObject({ name: 'Data analysis' });
      }
      // the flag is the editors' choice, read back as saved; a save without it keeps it
      const json = await t.app.inject({
        method: 'GET',
        url: `/api/issuer/${issuerId}/template/${shown}/json`,
        headers,
      });
      expect(json.json()).toMatchObject({ publicSample: true });
      const flags = await t.app.laurel.db
        .selectFrom('templates')
        .select(['id', 'public_sample'])
        .orderBy('id')
        .execute();
      expect(flags).toEqual([
        { id: unpublished, public_sample: 0 },
        { id: published, public_sample: 0 },
        { id: shown, public_sample: 1 },
      ]);
    });

    it('says a disabled template is disabled, and keeps its Open Badges documents for the credentials issued', async () => {
      const published = await createBadge();
      await issue(published, [{}]);
      const shown = await createBadge({ publicSample: true });
      const neverShown = await createBadge();
      for (const id of [published, shown, neverShown]) {
        const disabled = await t.app.inject({
          method: 'DELETE',
          url: `/api/issuer/${issuerId}/template/${id}`,
          headers,
        });
        expect(disabled.statusCode).toBe(200);
      }
      for (const id of [published, shown]) {
        const page = expectPage(await get(`/template/${issuerId}&${id}`));
        expect(page).toContain('Template disabled');
        expect(page).not.toContain('Data analysis');
        expect(expectPage(await get(`/template/${issuerId}&${id}?lang=fr`))).toContain('Modèle désactivé');
      }
      expect((await get(`/ob/achievements/${published}/en`)).json()).toMatchObject({ name: 'Data analysis' });
      expect((await get(`/ob/v2/badges/${published}/en`)).statusCode).toBe(200);
      expectPage(await get(`/template/${issuerId}&${neverShown}`), 404);
      expect((await get(`/ob/achievements/${neverShown}/en`)).statusCode).toBe(404);
    });

    it("shows staff a template that is not public yet through the list's preview token, else the same 404", async () => {
      const unpublished = await createBadge();
      const published = await createBadge();
      await issue(published, [{}]);
      const listed = await t.app.inject({ method: 'GET', url: '/api/templates', headers });
      expect(listed.statusCode, listed.body).toBe(200);
      const tokens = new Map(
        listed.json<{ id: number; previewToken: string }[]>().map((row) => [row.id, row.previewToken]),
      );
      const token = tokens.get(unpublished)!;
      expect(token).toMatch(/^\d+\.[A-Za-z0-9_-]{43}$/);
      const preview = `?preview=${encodeURIComponent(token)}`;

      const response = await get(`/template/${issuerId}&${unpublished}${preview}`);
      const page = expectPage(response);
      expect(response.headers['cache-control']).toBe('private, no-store');
      expect(page).toContain('<h1>Data analysis</h1>');
      expect(page).toContain('class="status status-unpublished"');
      expect(page).toContain('Preview — this page is not public yet');
      expect(page).toContain('<meta name="robots" content="noindex');
      // the language links keep the token, so the other languages stay visible
      expect(page).toContain(`href="?lang=fr&amp;preview=${encodeURIComponent(token)}"`);
      const french = expectPage(await get(`/template/${issuerId}&${unpublished}?lang=fr&preview=${token}`));
      expect(french).toContain('Aperçu — cette page n’est pas encore publique');
      expect(french).toContain('<h1>Analyse de données</h1>');
      const spanish = expectPage(await get(`/template/${issuerId}&${unpublished}?lang=es&preview=${token}`));
      expect(spanish).toContain('Preview — this page is not public yet');

      const thumbnail = await get(`/template/${issuerId}&${unpublished}/thumbnail.svg${preview}`);
      expect(thumbnail.statusCode).toBe(200);
      expect(thumbnail.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
      expect(thumbnail.headers['cache-control']).toBe('private, max-age=3600');
      expect(thumbnail.body).toContain('<title>Data analysis</title>');

      const otherIssuer = await addIssuer(t.app, 'Other');
      const { previews } = t.app.laurel;
      const [expiresAt, mac] = token.split('.');
      const unknownId = published + 100;
      const refused = {
        none: '',
        anotherTemplate: `?preview=${encodeURIComponent(tokens.get(published)!)}`,
        anotherIssuer: `?preview=${previews.make(otherIssuer, unpublished)}`,
        expired: `?preview=${previews.make(issuerId, unpublished, Date.now() - 3 * 86_400_000)}`,
        tamperedDate: `?preview=${Number(expiresAt) + 86_400_000}.${mac}`,
        tamperedMac: `?preview=${expiresAt}.${(mac[0] === 'A' ? 'B' : 'A') + mac.slice(1)}`,
        garbage: '?preview=nonsense',
        empty: '?preview=',
      };
      const unknownPage = await get(`/template/${issuerId}&${unknownId}`);
      const unknownThumbnail = await get(`/template/${issuerId}&${unknownId}/thumbnail.svg`);
      expectPage(unknownPage, 404);
      for (const [name, query] of Object.entries(refused)) {
        const answer = await get(`/template/${issuerId}&${unpublished}${query}`);
        expect(answer.statusCode, name).toBe(404);
        expect(answer.body, name).toBe(unknownPage.body);
        expect(answer.headers['cache-control'], name).toBe(unknownPage.headers['cache-control']);
        const image = await get(`/template/${issuerId}&${unpublished}/thumbnail.svg${query}`);
        expect(image.statusCode, name).toBe(404);
        expect(image.body, name).toBe(unknownThumbnail.body);
      }
      // the token names its issuer: under another issuer's address it opens nothing
      expect((await get(`/template/${otherIssuer}&${unpublished}${preview}`)).body).toBe(unknownPage.body);
      // the Open Badges documents never take a token
      for (const url of [`/ob/achievements/${unpublished}/en${preview}`, `/ob/v2/badges/${unpublished}/en${preview}`]) {
        const answer = await get(url);
        expect(answer.statusCode, url).toBe(404);
        expect(answer.body, url).toBe(
          (await get(url.replace(String(unpublished), String(unknownId)).split('?')[0])).body,
        );
      }

      // a public template ignores the token: no banner, cached as usual
      const publicAnswer = await get(`/template/${issuerId}&${published}?preview=${tokens.get(published)}`);
      const publicPage = expectPage(publicAnswer);
      expect(publicAnswer.headers['cache-control']).toBe('public, max-age=300');
      expect(publicPage).not.toContain('class="status status-unpublished"');
      expect(publicPage).not.toContain('not public yet');
      expect(publicPage).toContain('href="?lang=fr"');
      const publicImage = await get(
        `/template/${issuerId}&${published}/thumbnail.svg?preview=${tokens.get(published)}`,
      );
      expect(publicImage.headers['cache-control']).toBe('public, max-age=300');

      // a disabled template that is not public: its notice, under the banner, only through the token
      const disabled = await t.app.inject({
        method: 'DELETE',
        url: `/api/issuer/${issuerId}/template/${unpublished}`,
        headers,
      });
      expect(disabled.statusCode).toBe(200);
      const notice = await get(`/template/${issuerId}&${unpublished}${preview}`);
      expect(expectPage(notice)).toContain('Template disabled');
      expect(notice.body).toContain('Preview — this page is not public yet');
      expect(notice.headers['cache-control']).toBe('private, no-store');
      expect((await get(`/template/${issuerId}&${unpublished}`)).body).toBe(unknownPage.body);
    });

    it('answers a 404 page for an unknown or malformed reference', async () => {
      const templateId = await createBadge();
      const otherIssuer = await addIssuer(t.app, 'Other');
      for (const ref of [
        `${otherIssuer}&${templateId}`,
        `${issuerId}&${templateId + 100}`,
        'abc',
        `${issuerId}`,
        `${issuerId}&${templateId}&1`,
      ]) {
        expectPage(await get(`/template/${ref}`), 404);
      }
    });
  });

  describe('GET /template/{ref}/thumbnail.svg', () => {
    it('draws an SVG from the design with the badge logo embedded, cached five minutes', async () => {
      const templateId = await createBadge({
        publicSample: true,
        content: { en: { microcertitle: `Data & ${SCRIPT}` }, fr: { microcertitle: 'Analyse' } },
      });
      const response = await get(`/template/${issuerId}&${templateId}/thumbnail.svg`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
      expect(response.headers['cache-control']).toBe('public, max-age=300');
      expect(response.headers['content-security-policy']).toContain("default-src 'none'");
      const svg = response.body;
      expect(svg.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<svg xmlns="http://www.w3.org/2000/svg"')).toBe(
        true,
      );
      expect(svg.trimEnd().endsWith('</svg>')).toBe(true);
      const embedded = /href="data:image\/svg\+xml;base64,([^"]+)"/.exec(svg)?.[1] ?? '';
      expect(Buffer.from(embedded, 'base64').toString('utf8')).toContain('<rect width="10" height="10"/></svg>');
      expect(svg).toContain('<title>Data &amp; &lt;script&gt;alert(1)&lt;/script&gt;</title>');
      expect(svg).not.toMatch(/<script/i);
      expect(svg).toContain(`fill="${defaultStyle().style.title.background}"`);
      const french = await get(`/template/${issuerId}&${templateId}/thumbnail.svg?lang=fr`);
      expect(french.body).toContain('<title>Analyse</title>');
    });

    it('redirects to the first gateway when the thumbnail is a distributed-web content id', async () => {
      const templateId = await createBadge({ publicSample: true });
      const contentId = `Qm${'x1'.repeat(22)}`;
      await t.app.laurel.db
        .updateTable('templates')
        .set({ thumbnail: contentId })
        .where('id', '=', templateId)
        .execute();
      const response = await get(`/template/${issuerId}&${templateId}/thumbnail.svg`);
      expect(response.statusCode).toBe(302);
      expect(response.headers.location).toBe(`https://ipfs.io/ipfs/${contentId}`);
      expect(response.headers['cache-control']).toBe('public, max-age=300');
    });

    it('answers 404 for an unknown template', async () => {
      expect((await get(`/template/${issuerId}&999/thumbnail.svg`)).statusCode).toBe(404);
      expect((await get('/template/nope/thumbnail.svg')).statusCode).toBe(404);
    });
  });

  describe('POST /api/admin/preview', () => {
    const preview = (payload: object, as: Record<string, string> = headers) =>
      t.app.inject({ method: 'POST', url: '/api/admin/preview', headers: as, payload });

    it('renders an import row as its certificate would be, logos embedded, in the row language', async () => {
      const templateId = await createBadge();
      const row = {
        ID: '1',
        Language: 'fr',
        Email: 'ada@example.org',
        firstName: 'Ada',
        lastName: SCRIPT,
        obtentionDate: '2025-03-05',
        linkURL: 'https://portfolio.example/ada',
      };
      const response = await preview({ templateId, row });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.headers['cache-control']).toBe('no-store');
      const page = response.body;
      expect(page).toContain('<html lang="fr">');
      expect(page).toContain('<h1>Analyse de données</h1>');
      expect(page).toContain('Ada &lt;script&gt;alert(1)&lt;/script&gt;');
      expect(page).toContain('status-preview');
      const logo = /src="data:image\/svg\+xml;base64,([^"]+)"/.exec(page)?.[1] ?? '';
      expect(Buffer.from(logo, 'base64').toString('utf8')).toContain('<rect width="10" height="10"/></svg>');
      expect(page).not.toMatch(/<script/i);
      expect(page).toContain('<meta http-equiv="Content-Security-Policy"');

      const english = await preview({ templateId, row, language: 'en' });
      expect(english.body).toContain('<h1>Data analysis</h1>');
    });

    it('lets a Reader preview, and hides other issuers’ templates', async () => {
      const templateId = await createBadge();
      await addUser(t.app, issuerId, 'reader@example.org', PROFILE.Reader);
      const reader = bearer(await signIn(t.app, 'reader@example.org'));
      expect((await preview({ templateId, row: { firstName: 'Ada' } }, reader)).statusCode).toBe(200);

      const otherIssuer = await addIssuer(t.app, 'Other');
      await addUser(t.app, otherIssuer, 'other@example.org', PROFILE.Administrator);
      const other = bearer(await signIn(t.app, 'other@example.org'));
      const refused = await preview({ templateId, row: { firstName: 'Ada' } }, other);
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toMatchObject({ code: 'TEMPLATE_NOT_FOUND' });

      expect((await preview({ templateId, row: {} }, {})).statusCode).toBe(401);
      expect((await preview({ templateId: 'x', row: {} })).statusCode).toBe(400);
    });
  });
});
