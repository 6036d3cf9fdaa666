import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PROFILE } from '../../domain/roles';
import { defaultStyle } from '../../domain/templateRules/style';
import { insertTemplate } from '../../server/repositories/templates';
import { addIssuer, addUser, bearer, signIn, signInAdmin } from './signIn';
import {
  badgePayload,
  JPEG,
  PNG,
  pngImage,
  postForm,
  registryPayload,
  setIssuer,
  SVG,
  svgLogo,
} from './templateFixtures';
import { createTestApp, TEST_DATABASES, type TestApp } from './testApp';

describe.each(TEST_DATABASES)('template calls on %s', (database) => {
  let t: TestApp;
  let headers: Record<string, string>;
  let issuerId: number;
  beforeEach(async () => {
    t = await createTestApp(database);
    ({ headers: headers, issuerId } = await signInAdmin(t.app));
  });
  afterEach(async () => {
    await t.close();
  });

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, as = headers) =>
    t.app.inject({ method, url, headers: as, ...(payload ? { payload } : {}) });
  const storedFiles = () => {
    const root = path.join(t.config.dataDir, 'files');
    return fs.existsSync(root) ? fs.readdirSync(root, { recursive: true }).filter((f) => String(f).includes('.')) : [];
  };
  async function createBadge(overrides: Record<string, unknown> = {}, images = [svgLogo()]) {
    const created = await postForm(t.app, headers, badgePayload(overrides), images);
    expect(created.statusCode, created.body).toBe(201);
    return created.json<{ id: number }>().id;
  }
  async function userHeaders(profile: (typeof PROFILE)[keyof typeof PROFILE], email: string) {
    await addUser(t.app, issuerId, email, profile);
    return bearer(await signIn(t.app, email));
  }

  it('creates a badge with its logos, cleaned content and ordered languages, and reads it back', async () => {
    const id = await createBadge({ partnerLogo: 'partner.png', issuerLogo: 'issuer.png' }, [
      svgLogo(),
      pngImage('partnerImage', 'partner.png'),
      pngImage('issuerImage', 'issuer.png'),
    ]);

    const detail = await call('GET', `/api/admin/template?id=${id}`);
    expect(detail.statusCode).toBe(200);
    const template = detail.json();
    expect(template).toMatchObject({
      id,
      type: 'openbadge',
      label: { en: 'Analysis', fr: 'Analyse' },
      languagesList: 'en;fr',
      DefaultLanguage: 'en',
      enable: true,
      mode: 'Classic',
      isNft: false,
      tags: [],
      notes: '',
      certificationCounter: 0,
      meta_cstyle: defaultStyle(),
      meta_type: 'certificate',
      params: {},
      isPathwayParent: false,
      pathways: [],
    });
    expect(Object.keys(template.content)).toEqual(['en', 'fr']);
    expect(template.content.en).toMatchObject({
      microcertitle: 'Data analysis',
      issuer: 'My organisation',
      skills: 'SQL,Python',
      outcome: 'Can analyse',
    });
    const logo = template.content.en.badge_logo as string;
    expect(logo).toMatch(new RegExp(`^templates/${issuerId}/[0-9a-f-]{36}\\.svg$`));
    expect(template.content.fr.badge_logo).toBe(logo);
    expect(template.content.fr.partner_logo).toMatch(/\.png$/);
    expect(storedFiles()).toHaveLength(3);

    const image = await t.app.inject({ method: 'GET', url: `/api/template/image/${logo.slice('templates/'.length)}` });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/svg+xml');
    expect(image.headers['content-security-policy']).toContain("default-src 'none'");
    // stored as sanitised (server/security/svgSanitizer.ts): the same drawing, nothing active
    expect(image.rawPayload.toString('utf8')).toContain('<rect width="10" height="10"/></svg>');

    const meta = await call('GET', `/api/issuer/${issuerId}/template/${id}/meta`);
    expect(meta.json()).toEqual({
      id,
      label: { en: 'Analysis', fr: 'Analyse' },
      meta_thumbnail: null,
      meta_cstyle: defaultStyle(),
      meta_url: '',
      meta_startdate: null,
      meta_enddate: null,
      meta_landscape: false,
      meta_type: 'certificate',
    });
    const json = (await call('GET', `/api/issuer/${issuerId}/template/${id}/json`)).json();
    expect(json).toMatchObject({
      id,
      mode: 'update',
      type: 'openbadge',
      badge: { en: logo, fr: logo },
      partnerLogo: template.content.en.partner_logo,
      issuerLogo: template.content.en.issuer_logo,
      cstyle: defaultStyle(),
      lockedLanguages: [],
    });
    expect((await call('GET', `/api/issuer/${issuerId}/template/${id}/data`)).json()).toEqual({
      id,
      type: 'openbadge',
      usable: true,
      enable: true,
      languages: ['en', 'fr'],
      DefaultLanguage: 'en',
      technicalFields: ['ID'],
      fieldsToCertified: ['Email'],
      fileFields: [],
      requiresFiles: false,
      NbCharMax: 0,
      openbadge: true,
      namesOptional: false,
      validity: null,
    });
    expect((await call('GET', '/api/admin/templates')).json()).toEqual([
      expect.objectContaining({ id, languagesList: 'en;fr', tags: [] }),
    ]);
  });

  it('updates a badge keeping its stored logos, and locks the languages once certificates exist', async () => {
    const id = await createBadge();
    const saved = (await call('GET', `/api/issuer/${issuerId}/template/${id}/json`)).json();
    const englishOnly = {
      mode: 'update',
      id,
      type: saved.type,
      DefaultLanguage: 'en',
      badge: { en: saved.badge.en },
      cstyle: saved.cstyle,
      content: { en: { ...saved.content.en, microcertitle: 'Data analysis, second edition' } },
    };
    const updated = await postForm(t.app, headers, englishOnly, []);
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toEqual({ id });
    const detail = (await call('GET', `/api/admin/template?id=${id}`)).json();
    expect(detail).toMatchObject({ languagesList: 'en', label: 'Analysis' });
    expect(detail.content.en).toMatchObject({
      microcertitle: 'Data analysis, second edition',
      badge_logo: saved.badge.en,
    });

    await t.app.laurel.db.updateTable('templates').set({ certification_counter: 3 }).where('id', '=', id).execute();
    expect((await call('GET', `/api/issuer/${issuerId}/template/${id}/json`)).json().lockedLanguages).toEqual(['en']);
    const frenchOnly = await call('PUT', `/api/issuer/${issuerId}/template/${id}`, {
      type: 'openbadge',
      DefaultLanguage: 'fr',
      badge: { fr: saved.badge.en },
      content: { fr: { microcertitle: 'Analyse' } },
    });
    expect(frenchOnly.statusCode).toBe(400);
    expect(frenchOnly.json()).toMatchObject({ code: 'VALIDATION_ERROR', fields: { languages: 'locked' } });
    const withFrench = await call('PUT', `/api/issuer/${issuerId}/template/${id}`, {
      type: 'openbadge',
      DefaultLanguage: 'en',
      badge: { en: saved.badge.en, fr: saved.badge.en },
      content: { en: { microcertitle: 'Data analysis' }, fr: { microcertitle: 'Analyse' } },
    });
    expect(withFrench.statusCode, withFrench.body).toBe(200);
    expect((await call('GET', `/api/admin/template?id=${id}`)).json().languagesList).toBe('en;fr');

    const locked = await call('PUT', `/api/issuer/${issuerId}/template/${id}`, {
      type: 'openbadge_custom',
      network: 'gnosis',
      badge: { en: saved.badge.en, fr: saved.badge.en },
      content: { en: { microcertitle: 'Data analysis' }, fr: { microcertitle: 'Analyse' } },
    });
    expect(locked.json()).toMatchObject({ code: 'VALIDATION_ERROR', fields: { network: 'locked', type: 'locked' } });
  });

  it('refuses images by their content, type and size, and stores nothing', async () => {
    const refusals: [Parameters<typeof postForm>[3], string][] = [
      [[{ name: 'badgeImage', value: JPEG, filename: 'logo.svg', contentType: 'image/jpeg' }], 'bad-type'],
      [[svgLogo(), { name: 'issuerImage', value: SVG, filename: 'i.svg', contentType: 'image/svg+xml' }], 'bad-type'],
      [[svgLogo(), { name: 'partnerImage', value: SVG, filename: 'p.svg', contentType: 'image/svg+xml' }], 'bad-type'],
      [
        [{ name: 'badgeImage', value: Buffer.from('not a picture'), filename: 'logo.png', contentType: 'image/png' }],
        'bad-type',
      ],
      [[{ name: 'badgeImage', value: PNG, filename: 'logo.svg', contentType: 'image/svg+xml' }], 'bad-type'],
      [
        [
          {
            name: 'badgeImage',
            value: Buffer.concat([PNG, Buffer.alloc(550 * 1024)]),
            filename: 'logo.png',
            contentType: 'image/png',
          },
        ],
        'file-too-large',
      ],
    ];
    for (const [images, error] of refusals) {
      const refused = await postForm(t.app, headers, badgePayload({ badge: undefined }), images);
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json().code).toBe(`editBadge.upload-error-${error}`);
    }
    expect(
      (await postForm(t.app, headers, badgePayload(), [svgLogo(), { name: 'other', value: 'x' }])).json().code,
    ).toBe('UNEXPECTED_PART');
    const noJson = await t.app.inject({
      method: 'POST',
      url: '/api/template/mc',
      headers: { ...headers, 'content-type': 'multipart/form-data; boundary=x' },
      payload: '--x--\r\n',
    });
    expect(noJson.json().code).toBe('MISSING_PART');
    expect((await call('GET', '/api/admin/templates')).json()).toEqual([]);
    expect(storedFiles()).toEqual([]);

    const largest = Buffer.concat([PNG, Buffer.alloc(550 * 1024 - PNG.length)]);
    const accepted = await postForm(t.app, headers, badgePayload({ badge: undefined, partnerLogo: 'p.jpg' }), [
      { name: 'badgeImage', value: largest, filename: 'logo.png', contentType: 'image/png' },
      { name: 'partnerImage', value: JPEG, filename: 'p.jpg', contentType: 'image/jpeg' },
    ]);
    expect(accepted.statusCode, accepted.body).toBe(201);
    expect(storedFiles()).toHaveLength(2);
  });

  it('checks the content of every language, the logos and the design, and answers the field errors', async () => {
    const tooLong = await postForm(
      t.app,
      headers,
      badgePayload({
        badge: undefined,
        content: {
          en: {
            microcertitle: 'x'.repeat(301),
            issuer: 'i'.repeat(101),
            skills: `SQL, ${'s'.repeat(121)}`,
            label: 'l'.repeat(51),
            outcome: 'o'.repeat(2001),
            colour: 'red',
          },
          fr: { microcertitle: '  ' },
          it: { microcertitle: 'Analisi' },
        },
      }),
      [svgLogo()],
    );
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toEqual({
      code: 'VALIDATION_ERROR',
      message: 'The template is not valid',
      fields: {
        'content.en.microcertitle': 'too_long',
        'content.en.issuer': 'too_long',
        'content.en.skills': 'too_long',
        'content.en.label': 'too_long',
        'content.en.outcome': 'too_long',
        'content.en.colour': 'unknown',
        'content.fr.microcertitle': 'required',
        'content.it': 'unknown_language',
      },
    });
    const noLogo = await postForm(t.app, headers, badgePayload(), []);
    expect(noLogo.json().fields).toEqual({ 'content.en.badge_logo': 'missing', 'content.fr.badge_logo': 'missing' });

    const custom = { ...defaultStyle(), layout: 'CUSTOM_LAYOUT' };
    custom.style.title.fontSize = -1;
    const style = await postForm(t.app, headers, badgePayload({ cstyle: custom }), [svgLogo()]);
    expect(style.json().fields).toEqual({ 'cstyle.layout': 'not_allowed', 'cstyle.title.fontSize': 'below_minimum' });
    await setIssuer(t.app, issuerId, { params: { hasCustomDesign: true } });
    custom.style.title.fontSize = 0;
    expect((await postForm(t.app, headers, badgePayload({ cstyle: custom }), [svgLogo()])).statusCode).toBe(201);

    const shape = await postForm(t.app, headers, badgePayload({ type: 'diploma' }), [svgLogo()]);
    expect(shape.statusCode).toBe(400);
    expect(shape.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      issues: [expect.objectContaining({ path: '/type' })],
    });
  });

  it('requires the title only in the default language of an NFT badge, whose network never changes', async () => {
    const nft = badgePayload({
      network: 'gnosis',
      content: { en: { microcertitle: 'Data analysis' }, fr: { microcertitle: '' } },
    });
    const id = await createBadge(nft);
    expect((await call('GET', `/api/admin/template?id=${id}`)).json()).toMatchObject({
      mode: 'NFT',
      isNft: true,
      network: 'gnosis',
      label: 'Data analysis',
    });
    const classic = await postForm(t.app, headers, { ...nft, network: null }, [svgLogo()]);
    expect(classic.json().fields).toEqual({ 'content.fr.microcertitle': 'required' });
  });

  it('creates a registry template with its parameters, one language and the registry limits', async () => {
    const created = await postForm(t.app, headers, registryPayload(), [pngImage('badgeImage', 'rncp.png')], 'rncp');
    expect(created.statusCode, created.body).toBe(201);
    const detail = (await call('GET', `/api/admin/template?id=${created.json().id}`)).json();
    expect(detail).toMatchObject({
      type: 'cpf_onshelf',
      languagesList: 'fr',
      DefaultLanguage: 'fr',
      label: 'Titre RNCP',
      params: { type: 'RNCP', idClientCertificateur: 'CERT-1', idClientEmetteur: 'CERT-1', idContrat: 'CONTRACT-1' },
    });
    expect((await call('GET', `/api/issuer/${issuerId}/template/${detail.id}/data`)).json().openbadge).toBe(false);

    const invalid = await postForm(
      t.app,
      headers,
      registryPayload({
        issuerLogo: 'i.png',
        params: { type: 'RS', idClientCertificateur: ' ' },
        content: {
          fr: {
            microcertitle: 'Titre',
            location: 'l'.repeat(101),
            reference: 'r'.repeat(21),
            decision: 'd'.repeat(2001),
          },
          en: { microcertitle: 'Title' },
        },
      }),
      [pngImage('badgeImage', 'rncp.png')],
      'rncp',
    );
    expect(invalid.json().fields).toEqual({
      languages: 'single_language',
      'content.fr.location': 'too_long',
      'content.fr.reference': 'too_long',
      'content.fr.decision': 'too_long',
      issuerLogo: 'not_allowed',
      'params.idContrat': 'required',
      'params.idClientCertificateur': 'required',
    });

    await setIssuer(t.app, issuerId, {
      params: { idContrat: 'ACCOUNT-CONTRACT', idClientEmetteur: 'ACCOUNT-CLIENT' },
    });
    const fromAccount = await postForm(
      t.app,
      headers,
      registryPayload({ params: { type: 'RS' } }),
      [pngImage('badgeImage', 'rncp.png')],
      'rncp',
    );
    expect((await call('GET', `/api/admin/template?id=${fromAccount.json().id}`)).json().params).toEqual({
      type: 'RS',
      idContrat: 'ACCOUNT-CONTRACT',
      idClientCertificateur: 'ACCOUNT-CLIENT',
      idClientEmetteur: 'ACCOUNT-CLIENT',
    });

    expect((await postForm(t.app, headers, registryPayload(), [pngImage('badgeImage', 'rncp.png')])).json().code).toBe(
      'UNSUPPORTED_TEMPLATE_TYPE',
    );
    const jpegLogo = await postForm(
      t.app,
      headers,
      registryPayload(),
      [{ name: 'badgeImage', value: JPEG, filename: 'rncp.png', contentType: 'image/jpeg' }],
      'rncp',
    );
    expect(jpegLogo.json().code).toBe('editBadge.upload-error-bad-type');
  });

  it('creates only the types whose metatemplate the issuer has', async () => {
    await setIssuer(t.app, issuerId, { metatemplates: ['cpf_onshelf'] });
    const badge = await postForm(t.app, headers, badgePayload(), [svgLogo()]);
    expect(badge.statusCode).toBe(403);
    expect(badge.json().code).toBe('METATEMPLATE_UNAVAILABLE');
    expect(
      (await postForm(t.app, headers, registryPayload(), [pngImage('badgeImage', 'rncp.png')], 'rncp')).statusCode,
    ).toBe(201);
    await setIssuer(t.app, issuerId, { metatemplates: ['openbadge'] });
    expect((await postForm(t.app, headers, badgePayload({ type: 'openbadge_custom' }), [svgLogo()])).statusCode).toBe(
      201,
    );
    expect(
      (await postForm(t.app, headers, registryPayload(), [pngImage('badgeImage', 'rncp.png')], 'rncp')).statusCode,
    ).toBe(403);
  });

  it('creates from a JSON payload reusing the issuer’s stored logos, never another issuer’s', async () => {
    const id = await createBadge();
    const source = (await call('GET', `/api/issuer/${issuerId}/template/${id}/json`)).json();
    const duplicate = { type: source.type, DefaultLanguage: 'en', badge: source.badge, content: source.content };
    const copy = await call('POST', `/api/issuer/${issuerId}/template`, duplicate);
    expect(copy.statusCode, copy.body).toBe(201);
    const copied = (await call('GET', `/api/admin/template?id=${copy.json().id}`)).json();
    expect(copied.content.en.badge_logo).toBe(source.badge.en);
    expect(copied.meta_cstyle).toEqual(defaultStyle());

    const other = await addIssuer(t.app, 'Other school');
    const foreignKey = source.badge.en.replace(`templates/${issuerId}/`, `templates/${other}/`);
    const root = path.join(t.config.dataDir, 'files');
    fs.mkdirSync(path.join(root, 'templates', String(other)), { recursive: true });
    fs.copyFileSync(path.join(root, source.badge.en), path.join(root, foreignKey));
    const stolen = await call('POST', `/api/issuer/${issuerId}/template`, {
      ...duplicate,
      badge: { en: foreignKey, fr: 'never-uploaded.svg' },
    });
    expect(stolen.json().fields).toEqual({ 'content.en.badge_logo': 'missing', 'content.fr.badge_logo': 'missing' });
    expect((await call('POST', `/api/issuer/${other}/template`, duplicate)).statusCode).toBe(404);
  });

  it('disables, enables and keeps trimmed notes', async () => {
    const id = await createBadge();
    const disabled = await call('DELETE', `/api/issuer/${issuerId}/template/${id}`);
    expect(disabled.json()).toEqual({ id, enable: false });
    expect((await call('GET', '/api/admin/templates')).json()[0].enable).toBe(false);
    expect((await call('PUT', `/api/issuer/${issuerId}/template/${id}/enable`)).json()).toEqual({ id, enable: true });
    expect((await call('GET', `/api/admin/template?id=${id}`)).json().enable).toBe(true);
    const notes = await call('PUT', `/api/issuer/${issuerId}/template/${id}/notes`, {
      notes: '  for the spring session \n',
    });
    expect(notes.json()).toEqual({ id, notes: 'for the spring session' });
    expect((await call('GET', '/api/admin/templates')).json()[0].notes).toBe('for the spring session');
  });

  it('lists the type, the pathway flags and whether reference tables exist, read from each template’s row', async () => {
    const db = t.app.laurel.db;
    const add = (values: { type?: string; meta?: string; reference_tables?: string } = {}) =>
      insertTemplate(db, { issuer_id: issuerId, label: JSON.stringify('Diploma'), type: 'certificate', ...values });
    const parent = await add({ meta: JSON.stringify({ meta_type: 'diploma' }) });
    const child = await add({
      type: 'openbadge',
      reference_tables: JSON.stringify({ ref_cities: { paris: { name: 'Paris' } }, layout: { kept: 'yes' } }),
    });
    const plain = await add({ type: 'cpf_onshelf', reference_tables: JSON.stringify({ layout: {}, ref_: {} }) });
    expect((await call('GET', '/api/admin/who')).json().hasPathway).toBe(false);
    await setIssuer(t.app, issuerId, { has_pathway: 1 });
    expect((await call('GET', '/api/admin/who')).json().hasPathway).toBe(true);
    const set = await call('PUT', `/api/issuer/${issuerId}/template/${parent}/pathway`, {
      pathwayDefinition: { def: [{ id: child }] },
    });
    expect(set.statusCode, set.body).toBe(200);

    const listed = (await call('GET', '/api/admin/templates')).json<Record<string, unknown>[]>();
    const byId = new Map(listed.map((row) => [row.id, row]));
    const flags = ['meta_type', 'isPathwayParent', 'isPathwayChild', 'pathwayDefinition', 'hasReferenceTables'];
    const pick = (id: number) => Object.fromEntries(flags.map((flag) => [flag, byId.get(id)?.[flag]]));
    expect(pick(parent)).toEqual({
      meta_type: 'diploma',
      isPathwayParent: true,
      isPathwayChild: false,
      pathwayDefinition: { key: 'Email', def: [{ id: child }] },
      hasReferenceTables: false,
    });
    expect(pick(child)).toEqual({
      meta_type: 'certificate',
      isPathwayParent: false,
      isPathwayChild: true,
      pathwayDefinition: null,
      hasReferenceTables: true,
    });
    expect(pick(plain)).toMatchObject({ isPathwayParent: false, isPathwayChild: false, hasReferenceTables: false });
    expect(byId.get(child)).toMatchObject({ mode: 'Classic' });
    expect((await call('GET', `/api/admin/template?id=${child}`)).json()).toMatchObject({
      hasReferenceTables: true,
      isPathwayChild: true,
      pathways: [parent],
    });
  });

  it('keeps editing to Administrators and Managers and notes to those who publish', async () => {
    const id = await createBadge();
    const manager = await userHeaders(PROFILE.Manager, 'manager@example.org');
    const publisher = await userHeaders(PROFILE.Publisher, 'publisher@example.org');
    const reader = await userHeaders(PROFILE.Reader, 'reader@example.org');
    const base = `/api/issuer/${issuerId}/template`;
    for (const as of [publisher, reader]) {
      expect((await postForm(t.app, as, badgePayload(), [svgLogo()])).statusCode).toBe(403);
      expect(
        (await postForm(t.app, as, registryPayload(), [pngImage('badgeImage', 'rncp.png')], 'rncp')).statusCode,
      ).toBe(403);
      expect((await call('POST', base, badgePayload(), as)).statusCode).toBe(403);
      expect((await call('PUT', `${base}/${id}`, badgePayload(), as)).statusCode).toBe(403);
      expect((await call('DELETE', `${base}/${id}`, undefined, as)).statusCode).toBe(403);
      expect((await call('PUT', `${base}/${id}/enable`, undefined, as)).statusCode).toBe(403);
      expect((await call('PUT', `${base}/${id}/pathway`, { pathwayDefinition: null }, as)).statusCode).toBe(403);
      expect((await call('PUT', '/api/template/tables', { templateId: id, tables: [] }, as)).statusCode).toBe(403);
      expect((await call('GET', `/api/admin/template?id=${id}`, undefined, as)).statusCode).toBe(200);
      expect((await call('GET', `${base}/${id}/json`, undefined, as)).statusCode).toBe(200);
    }
    expect((await call('PUT', `${base}/${id}/notes`, { notes: 'ok' }, publisher)).statusCode).toBe(200);
    expect((await call('PUT', `${base}/${id}/notes`, { notes: 'no' }, reader)).statusCode).toBe(403);
    expect((await postForm(t.app, manager, badgePayload(), [svgLogo()])).statusCode).toBe(201);
    expect((await call('DELETE', `${base}/${id}`, undefined, manager)).statusCode).toBe(200);
    expect((await call('GET', '/api/admin/templates')).json()).toHaveLength(2);
  });

  it('answers 404 for another issuer’s templates and for another issuer in the path, and changes nothing', async () => {
    const own = await createBadge();
    const other = await addIssuer(t.app, 'Other school');
    const foreign = await insertTemplate(t.app.laurel.db, {
      issuer_id: other,
      label: JSON.stringify('Secret'),
      type: 'openbadge',
    });
    const notFound = { code: 'TEMPLATE_NOT_FOUND', message: 'No template with this id in your organisation' };
    expect((await call('GET', `/api/admin/template?id=${foreign}`)).json()).toEqual(notFound);
    for (const suffix of ['meta', 'json', 'data']) {
      for (const url of [
        `/api/issuer/${other}/template/${foreign}/${suffix}`,
        `/api/issuer/${issuerId}/template/${foreign}/${suffix}`,
        `/api/issuer/${other}/template/${own}/${suffix}`,
      ]) {
        expect((await call('GET', url)).statusCode, url).toBe(404);
      }
    }
    for (const base of [`/api/issuer/${issuerId}/template/${foreign}`, `/api/issuer/${other}/template/${own}`]) {
      expect((await call('DELETE', base)).statusCode).toBe(404);
      expect((await call('PUT', `${base}/enable`)).statusCode).toBe(404);
      expect((await call('PUT', `${base}/notes`, { notes: 'mine now' })).statusCode).toBe(404);
      expect((await call('PUT', base, badgePayload())).statusCode).toBe(404);
    }
    const update = await postForm(t.app, headers, badgePayload({ mode: 'update', id: foreign }), [svgLogo()]);
    expect(update.statusCode).toBe(404);
    expect((await call('GET', '/api/admin/templates')).json().map((row: { id: number }) => row.id)).toEqual([own]);
    const row = await t.app.laurel.db
      .selectFrom('templates')
      .selectAll()
      .where('id', '=', foreign)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ enabled: 1, notes: '', label: '"Secret"' });
  });
});
