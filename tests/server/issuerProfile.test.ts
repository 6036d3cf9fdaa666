import type { Updateable } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PROFILE, type ProfileId } from '../../domain/roles';
import type { IssuerTable } from '../../server/db/schema';
import { AppError } from '../../server/errors';
import { setIssuerSso } from '../../server/repositories/issuers';
import { insertOrgUnit } from '../../server/repositories/orgUnits';
import { saveProfileParams } from '../../server/services/issuerProfile';
import { addIssuer, addUser, bearer, signIn, signInAdmin } from './signIn';
import { createTestApp, TEST_DATABASES, type TestApp } from './testApp';

describe.each(TEST_DATABASES)('issuer profile on %s', (database) => {
  let t: TestApp;
  let admin: Record<string, string>;
  let issuerId: number;
  beforeEach(async () => {
    t = await createTestApp(database);
    ({ headers: admin, issuerId } = await signInAdmin(t.app));
  });
  afterEach(async () => {
    await t.close();
  });

  const setIssuer = (values: Updateable<IssuerTable>) =>
    t.app.laurel.db.updateTable('issuers').set(values).where('id', '=', issuerId).execute();
  const storedParams = async () =>
    JSON.parse(
      (
        await t.app.laurel.db
          .selectFrom('issuers')
          .select('params')
          .where('id', '=', issuerId)
          .executeTakeFirstOrThrow()
      ).params,
    ) as Record<string, unknown>;
  const readProfile = (id = issuerId, headers = admin) =>
    t.app.inject({ method: 'GET', url: `/api/issuer/${id}/all`, headers });
  const putConfig = (payload: object, headers = admin) =>
    t.app.inject({ method: 'PUT', url: '/api/issuer/config', headers, payload });
  const putParams = (params: object, headers = admin) => putConfig({ params }, headers);
  const asProfile = async (profile: ProfileId) => {
    const email = `profile${profile}@example.org`;
    await addUser(t.app, issuerId, email, profile);
    return bearer(await signIn(t.app, email));
  };
  const refusedFields = async (params: object) => {
    const response = await putParams(params);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().code).toBe('VALIDATION_ERROR');
    return response.json().fields as Record<string, string>;
  };
  const essentialsVerified = () => setIssuer({ plan: 'ESSENTIALS_PACK', verified: 1, domains: 'school.example' });

  describe('reading', () => {
    it('answers the caller’s issuer with its tags, org units, usage, params and field locks', async () => {
      await putConfig({ tags: [{ name: 'Spring' }] });
      await insertOrgUnit(t.app.laurel.db, issuerId, 'Registrar');
      await setIssuer({
        domains: 'school.example',
        has_rncp: 1,
        params: JSON.stringify({
          tracking: true,
          notification: { url: '', method: 'GET', content: '' },
          identity: { address: '1 Main Street', intentDeclaration: true, KYB_hash: 'abc' },
        }),
      });
      await setIssuerSso(t.app.laurel.db, issuerId, {
        issuer: 'https://idp.school.example',
        clientId: 'laurel',
        jwksUri: 'https://idp.school.example/jwks',
        authorizationEndpoint: 'https://idp.school.example/authorize',
      });

      const response = await readProfile();
      expect(response.statusCode, response.body).toBe(200);
      const issuer = response.json();
      expect(issuer).toMatchObject({
        id: issuerId,
        name: expect.any(String),
        address: '1 Main Street',
        intentDeclaration: true,
        legalReference: null,
        KYB_hash: 'abc',
        logo: null,
        url: null,
        credits: expect.any(Number),
        // the signer of the issuer's transparency log: its key's DID URL, or its DID before it has a key
        blockchainAddress: expect.stringMatching(/^did:web:[^#]+(#key-\d+)?$/),
        domains: 'school.example',
        isValidator: false,
        verified: false,
        sso: true,
        isBlocked: false,
        tags: [{ name: 'Spring', visibility: 'private', isActive: true, templates: [] }],
        orgUnits: [{ id: expect.any(Number), name: 'Registrar' }],
        usage: {
          hasCustomisedEmails: false,
          hasTemplatesWithPdfRo: false,
          hasAccessToMicroCertifications: true,
          hasCustomMc: true,
        },
        hasPathway: false,
        hasRncp: true,
        params: { tracking: true },
        profile: {
          plan: 'FREE_TRIAL',
          effectivePlan: 'FREE_TRIAL',
          senderDomains: ['school.example', 'laurel.app', 'laurel.email', '3videnz.com'],
          defaultReplyTo: 'no-reply@laurel.local',
        },
      });
      expect(response.body).not.toContain('jwks');
      expect(issuer.profile.fields.name).toEqual({
        tab: 'issuer',
        type: 'text',
        minimumPlan: 'FREE_TRIAL',
        state: 'read_only',
      });
      expect(issuer.profile.fields.tracking.state).toBe('editable');
      expect(issuer.profile.fields['sender.email']).toMatchObject({ minimumPlan: 'ESSENTIALS_PACK', state: 'upgrade' });
      expect(issuer.profile.fields.custom_url).toMatchObject({ minimumPlan: 'WHITE_LABEL', state: 'upgrade' });
      expect(issuer.profile.fields.canEditTables.state).toBe('support');
    });

    it('answers 404 for any other issuer, and 400 for an id that is not one', async () => {
      const other = await addIssuer(t.app, 'Other school');
      for (const id of [other, 99_999]) {
        const response = await readProfile(id);
        expect(response.statusCode).toBe(404);
        expect(response.json().code).toBe('ISSUER_NOT_FOUND');
      }
      expect((await t.app.inject({ method: 'GET', url: '/api/issuer/abc/all', headers: admin })).statusCode).toBe(400);
    });

    it.each([
      ['Manager', PROFILE.Manager],
      ['Publisher', PROFILE.Publisher],
      ['Reader', PROFILE.Reader],
    ])('refuses the profile to a %s, reading and saving', async (_name, profile: ProfileId) => {
      const headers = await asProfile(profile);
      for (const response of [
        await readProfile(issuerId, headers),
        await putParams({ tracking: false }, headers),
        await putConfig({ idContrat: 'K-1', idClient: 'C-1' }, headers),
      ]) {
        expect(response.statusCode).toBe(403);
        expect(response.json()).toMatchObject({ code: 'UNAUTHORIZED_OPERATION' });
      }
      expect(await storedParams()).toEqual({ tracking: true });
      expect((await t.app.inject({ method: 'GET', url: `/api/issuer/${issuerId}/all` })).statusCode).toBe(401);
    });
  });

  describe('saving params', () => {
    it('merges the params allowed on the contract into the stored ones', async () => {
      const saved = await putParams({ tracking: false, country: 'fr', url: 'https://school.example' });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json()).toEqual({ params: { tracking: false, country: 'FR', url: 'https://school.example' } });
      expect(await storedParams()).toEqual({ tracking: false, country: 'FR', url: 'https://school.example' });

      const removed = await putParams({ url: null });
      expect(removed.json()).toEqual({ params: { tracking: false, country: 'FR' } });
      expect((await readProfile()).json().params).toEqual({ tracking: false, country: 'FR' });
    });

    it('refuses a param above the plan until the issuer’s plan is raised and verified', async () => {
      const refused = await putParams({ custom_url: 'https://certificates.school.example', tracking: false });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({
        code: 'CONTRACT_LEVEL',
        fields: ['params.custom_url'],
        plan: 'FREE_TRIAL',
        minimumPlan: 'WHITE_LABEL',
      });
      expect(await storedParams()).toEqual({ tracking: true });

      await setIssuer({ plan: 'WHITE_LABEL' });
      expect((await putParams({ custom_url: 'https://certificates.school.example' })).statusCode).toBe(403);

      await setIssuer({ verified: 1 });
      const allowed = await putParams({ custom_url: 'https://certificates.school.example', hasCustomDesign: true });
      expect(allowed.statusCode, allowed.body).toBe(200);
      expect(await storedParams()).toEqual({
        tracking: true,
        custom_url: 'https://certificates.school.example',
        hasCustomDesign: true,
      });
      const fields = (await readProfile()).json().profile.fields;
      expect(fields.custom_url.state).toBe('editable');
      expect(fields.hasCustomDesign.state).toBe('editable');
    });

    it('treats an unverified ESSENTIALS_PACK issuer as FREE_TRIAL', async () => {
      await setIssuer({ plan: 'ESSENTIALS_PACK', verified: 0, domains: 'school.example' });
      const profile = (await readProfile()).json().profile;
      expect(profile).toMatchObject({ plan: 'ESSENTIALS_PACK', effectivePlan: 'FREE_TRIAL' });
      expect(profile.fields.title.state).toBe('upgrade');

      const refused = await putParams({ title: 'Diplomas', sender: { email: 'news@school.example' } });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({
        code: 'CONTRACT_LEVEL',
        fields: ['params.title', 'params.sender.email'],
        minimumPlan: 'ESSENTIALS_PACK',
      });
      expect((await putParams({ tracking: false })).statusCode).toBe(200);

      await setIssuer({ verified: 1 });
      expect((await putParams({ title: 'Diplomas', sender: { email: 'news@school.example' } })).statusCode).toBe(200);
      expect((await readProfile()).json().profile.effectivePlan).toBe('ESSENTIALS_PACK');
    });

    it('refuses read-only, support-only and unknown fields and stores nothing', async () => {
      await setIssuer({ plan: 'INFINITE', verified: 1 });
      expect(await refusedFields({ name: 'Renamed', KYB_hash: 'x', title: 'Kept out' })).toEqual({
        'params.name': 'read_only',
        'params.KYB_hash': 'read_only',
      });
      expect(await refusedFields({ canEditTables: true })).toEqual({ 'params.canEditTables': 'support_only' });
      const unknown = await putParams({ notification: { url: '', method: 'GET', content: '' } });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json()).toMatchObject({ code: 'VALIDATION_ERROR', issues: expect.any(Array) });
      expect(await storedParams()).toEqual({ tracking: true });
      expect((await readProfile()).json().profile.fields.canEditTables.state).toBe('support');
    });

    it('checks the analytics settings together', async () => {
      await essentialsVerified();
      expect(await refusedFields({ analytics: { provider: 'matomo', id: '7' } })).toEqual({
        'params.analytics.url': 'required',
      });
      const matomo = { provider: 'matomo', id: '7', url: 'https://stats.school.example' };
      expect((await putParams({ analytics: matomo })).statusCode).toBe(200);
      expect(await refusedFields({ analytics: { provider: 'gtag' } })).toEqual({
        'params.analytics.id': 'invalid',
        'params.analytics.url': 'not_allowed',
      });
      expect((await putParams({ analytics: { provider: 'gtag', id: 'G-AB12CD34', url: null } })).statusCode).toBe(200);
      expect((await storedParams()).analytics).toEqual({ provider: 'gtag', id: 'G-AB12CD34' });
    });
  });

  describe('emailing rules', () => {
    it('accepts a sender in the issuer’s domains, the product’s, or the default reply-to address', async () => {
      await essentialsVerified();
      for (const email of ['news@school.example', 'Diplomas@Laurel.App', 'x@3videnz.com', 'no-reply@laurel.local']) {
        const response = await putParams({ sender: { name: 'School', email } });
        expect(response.statusCode, `${email}: ${response.body}`).toBe(200);
      }
      expect((await storedParams()).sender).toEqual({ name: 'School', email: 'no-reply@laurel.local' });
      expect((await readProfile()).json().usage.hasCustomisedEmails).toBe(true);
    });

    it('refuses a sender outside the allowed domains or not an address', async () => {
      await essentialsVerified();
      expect(await refusedFields({ sender: { email: 'registrar@gmail.com' } })).toEqual({
        'params.sender.email': 'domain_not_allowed',
      });
      expect(await refusedFields({ sender: { email: 'news@school' } })).toEqual({ 'params.sender.email': 'invalid' });
      expect(await refusedFields({ sender: { email: '' } })).toEqual({ 'params.sender.email': 'invalid' });
      expect(await storedParams()).toEqual({ tracking: true });
    });

    it('takes the product’s sender domains from the service’s options', async () => {
      await essentialsVerified();
      const save = (email: string, productDomains: string[]) =>
        saveProfileParams(t.app.laurel.db, issuerId, { sender: { email } }, { productDomains });
      await expect(save('news@laurel.app', [])).rejects.toMatchObject({
        statusCode: 400,
        details: { fields: { 'params.sender.email': 'domain_not_allowed' } },
      });
      await expect(save('news@laurel.app', [])).rejects.toBeInstanceOf(AppError);
      expect(await save('news@partner.example', ['partner.example'])).toMatchObject({
        sender: { email: 'news@partner.example' },
      });
    });

    it('accepts an empty or valid reply-to and refuses an invalid one', async () => {
      await essentialsVerified();
      expect((await putParams({ replyTo: { name: 'Registrar', email: '' } })).statusCode).toBe(200);
      expect((await putParams({ replyTo: { email: 'registrar@gmail.com' } })).statusCode).toBe(200);
      expect(await refusedFields({ replyTo: { email: 'registrar at school' } })).toEqual({
        'params.replyTo.email': 'invalid',
      });
      expect((await storedParams()).replyTo).toEqual({ name: 'Registrar', email: 'registrar@gmail.com' });
    });

    it('stores texts as sanitised text', async () => {
      await essentialsVerified();
      const saved = await putParams({
        title: '  <script>alert("x")</script>\u0000 ',
        object: 'Your diploma\r\nBcc: someone@example.org\u0007',
        sender: { name: '\u202EloohcS' },
      });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(await storedParams()).toMatchObject({
        title: '<script>alert("x")</script>',
        object: 'Your diploma  Bcc: someone@example.org',
        sender: { name: 'loohcS' },
      });
      expect(saved.headers['content-type']).toMatch(/^application\/json/);
      expect(await refusedFields({ title: 'x'.repeat(101) })).toEqual({ 'params.title': 'too_long' });
    });
  });

  describe('register account (cpf)', () => {
    it('needs the register entitlement, is set once, and then only by support', async () => {
      await essentialsVerified();
      const cpf = (idContrat: string, idClient: string) => putConfig({ idContrat, idClient });
      const refused = await cpf('K-1', 'C-1');
      expect(refused.statusCode).toBe(400);
      expect(refused.json().fields).toEqual({ idContrat: 'not_available', idClient: 'not_available' });

      await setIssuer({ has_rncp: 1 });
      const manager = await asProfile(PROFILE.Manager);
      const whoOf = async (headers: Record<string, string>) =>
        (await t.app.inject({ method: 'GET', url: '/api/admin/who', headers })).json().hasRegistryContract;
      expect(await whoOf(manager)).toBe(false);
      const saved = await cpf(' K-1 ', 'C-1');
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json()).toEqual({ idContrat: 'K-1', idClient: 'C-1' });
      expect(await storedParams()).toEqual({ tracking: true, idContrat: 'K-1', idClientEmetteur: 'C-1' });
      expect((await cpf('K-1', 'C-1')).statusCode).toBe(200);
      // the registry editor of a Manager, who cannot read the profile, knows the account's ids apply
      expect(await whoOf(manager)).toBe(true);
      expect(await whoOf(admin)).toBe(true);

      const changed = await cpf('K-2', 'C-1');
      expect(changed.statusCode).toBe(400);
      expect(changed.json().fields).toEqual({ idContrat: 'support_only' });
      expect(await refusedFields({ idClientEmetteur: 'C-2' })).toEqual({ 'params.idClientEmetteur': 'support_only' });
      expect((await readProfile()).json().profile.fields.idContrat.state).toBe('support');
    });
  });

  describe('one configuration call', () => {
    it('still replaces the tags, for Managers too, and refuses mixing parts', async () => {
      const tags = await putConfig({ tags: [{ name: 'Spring' }] });
      expect(tags.statusCode, tags.body).toBe(200);
      expect(tags.json()).toEqual([
        { id: expect.any(Number), issuerId, name: 'Spring', visibility: 'private', templates: [], isActive: true },
      ]);
      const manager = await asProfile(PROFILE.Manager);
      expect((await putConfig({ tags: [...tags.json(), { name: 'Autumn' }] }, manager)).statusCode).toBe(200);
      expect((await putConfig({ tags: [], params: { tracking: false } })).statusCode).toBe(400);
      expect((await putConfig({})).statusCode).toBe(400);
      expect(
        (await t.app.inject({ method: 'GET', url: '/api/issuer/tags', headers: admin }))
          .json()
          .map((tag: { name: string }) => tag.name),
      ).toEqual(['Spring', 'Autumn']);
    });

    it('keeps the notification webhook when params are saved, even concurrently', async () => {
      await essentialsVerified();
      const notification = { url: 'https://hooks.example.org/c/${campaignId}', method: 'POST', content: '' };
      expect(
        (await t.app.inject({ method: 'PUT', url: '/api/issuer/notif', headers: admin, payload: { notification } }))
          .statusCode,
      ).toBe(200);
      expect((await putParams({ title: 'Diplomas', tracking: false })).statusCode).toBe(200);
      expect(await storedParams()).toEqual({ tracking: false, title: 'Diplomas', notification });

      const other = { ...notification, method: 'GET' };
      const responses = await Promise.all([
        putParams({ country: 'FR' }),
        t.app.inject({ method: 'PUT', url: '/api/issuer/notif', headers: admin, payload: { notification: other } }),
        putParams({ organizationId: '123456' }),
        putParams({ replyTo: { email: 'registrar@school.example' } }),
      ]);
      expect(responses.map((response) => response.statusCode)).toEqual([200, 200, 200, 200]);
      expect(await storedParams()).toEqual({
        tracking: false,
        title: 'Diplomas',
        notification: other,
        country: 'FR',
        organizationId: '123456',
        replyTo: { email: 'registrar@school.example' },
      });
    });
  });
});
