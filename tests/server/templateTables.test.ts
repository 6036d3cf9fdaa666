import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { insertTemplate } from '../../server/repositories/templates';
import { addIssuer, signInAdmin } from './signIn';
import { setIssuer } from './templateFixtures';
import { createTestApp, TEST_DATABASES, type TestApp } from './testApp';

describe.each(TEST_DATABASES)('reference tables and pathways on %s', (database) => {
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

  const call = (method: 'GET' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  const addTemplate = (values: { issuer?: number; network?: string | null; reference_tables?: string } = {}) =>
    insertTemplate(t.app.laurel.db, {
      issuer_id: values.issuer ?? issuerId,
      label: JSON.stringify({ en: 'Diploma', fr: 'Diplôme' }),
      type: 'certificate',
      network: values.network ?? null,
      is_nft: values.network ? 1 : 0,
      ...(values.reference_tables ? { reference_tables: values.reference_tables } : {}),
    });
  const cities = [
    { table: 'ref_cities', key: 'paris', definition: { name: 'Paris', country: 'ref_countries[fr]' } },
    { table: 'ref_countries', key: 'fr', definition: { name: 'France' } },
  ];

  describe('reference tables', () => {
    it('reads the label, the ref_ tables and the network, and whether they may change', async () => {
      const id = await addTemplate({
        reference_tables: JSON.stringify({ ref_cities: { paris: { name: 'Paris' } }, layout: { kept: 'yes' } }),
      });
      const read = await call('GET', `/api/template/tables?templateId=${id}`);
      expect(read.json()).toEqual({
        id,
        label: { en: 'Diploma', fr: 'Diplôme' },
        template: { ref_cities: { paris: { name: 'Paris' } } },
        storage: { network: null },
        canEdit: false,
      });
      const foreign = await addTemplate({ issuer: await addIssuer(t.app, 'Other school') });
      expect((await call('GET', `/api/template/tables?templateId=${foreign}`)).statusCode).toBe(404);
    });

    it('are locked unless the template is on gnosis or the account may edit tables', async () => {
      const classic = await addTemplate();
      const locked = await call('PUT', '/api/template/tables', { templateId: classic, tables: cities });
      expect(locked.statusCode).toBe(403);
      expect(locked.json().code).toBe('REFERENCE_TABLES_LOCKED');

      const nft = await addTemplate({ network: 'gnosis' });
      expect((await call('GET', `/api/template/tables?templateId=${nft}`)).json().canEdit).toBe(true);
      const saved = await call('PUT', '/api/template/tables', { templateId: nft, tables: cities });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json().template).toEqual({
        ref_cities: { paris: { name: 'Paris', country: 'ref_countries[fr]' } },
        ref_countries: { fr: { name: 'France' } },
      });

      await setIssuer(t.app, issuerId, { params: { canEditTables: true } });
      expect((await call('PUT', '/api/template/tables', { templateId: classic, tables: cities })).statusCode).toBe(200);
      const foreign = await addTemplate({ issuer: await addIssuer(t.app, 'Other school'), network: 'gnosis' });
      expect((await call('PUT', '/api/template/tables', { templateId: foreign, tables: cities })).statusCode).toBe(404);
    });

    it('refuses recursive and inexistant references, bad names and repeated keys, and keeps what was saved', async () => {
      await setIssuer(t.app, issuerId, { params: { canEditTables: true } });
      const id = await addTemplate();
      await call('PUT', '/api/template/tables', { templateId: id, tables: cities });
      const broken = await call('PUT', '/api/template/tables', {
        templateId: id,
        tables: [
          { table: 'ref_cities', key: 'paris', definition: { twin: 'ref_cities[lyon]', country: 'ref_countries[de]' } },
          { table: 'ref_cities', key: 'lyon', definition: { region: 'ref_regions[ara]' } },
          { table: 'ref_countries', key: 'fr', definition: { name: 'France' } },
        ],
      });
      expect(broken.statusCode).toBe(400);
      expect(broken.json()).toMatchObject({
        code: 'REFERENCE_ERRORS',
        errors: [
          { table: 'ref_cities', key: 'paris', column: 'twin', reference: 'ref_cities[lyon]', error: 'recursive' },
          { table: 'ref_cities', key: 'paris', column: 'country', reference: 'ref_countries[de]', error: 'inexistant' },
          { table: 'ref_cities', key: 'lyon', column: 'region', reference: 'ref_regions[ara]', error: 'inexistant' },
        ],
      });
      const badShape = await call('PUT', '/api/template/tables', {
        templateId: id,
        tables: [
          { table: 'cities', key: 'paris', definition: {} },
          { table: 'ref_x', key: 'a', definition: {} },
          { table: 'ref_x', key: ' a ', definition: {} },
          { table: 'ref_x', key: '', definition: {} },
        ],
      });
      expect(badShape.json()).toMatchObject({
        code: 'VALIDATION_ERROR',
        fields: { 'tables.0.table': 'not_a_reference_table', 'tables.2.key': 'exists', 'tables.3.key': 'required' },
      });
      expect((await call('GET', `/api/template/tables?templateId=${id}`)).json().template).toEqual({
        ref_cities: { paris: { name: 'Paris', country: 'ref_countries[fr]' } },
        ref_countries: { fr: { name: 'France' } },
      });
      expect((await call('PUT', '/api/template/tables', { templateId: id, tables: [] })).json().template).toEqual({});
    });
  });

  describe('pathways', () => {
    const pathway = (id: number, pathwayDefinition: object | null) =>
      call('PUT', `/api/issuer/${issuerId}/template/${id}/pathway`, { pathwayDefinition });
    const detail = async (id: number) => (await call('GET', `/api/admin/template?id=${id}`)).json();

    it('needs the pathway entitlement', async () => {
      const parent = await addTemplate();
      const child = await addTemplate();
      const refused = await pathway(parent, { key: 'Email', def: [{ id: child }] });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().code).toBe('PATHWAY_NOT_AVAILABLE');
      expect(await detail(child)).toMatchObject({ isPathwayChild: false });
    });

    it('sets a parent and its children, refuses the parent as its own child and foreign children, and clears', async () => {
      await setIssuer(t.app, issuerId, { has_pathway: 1 });
      const [parent, first, second] = [await addTemplate(), await addTemplate(), await addTemplate()];
      const set = await pathway(parent, { def: [{ id: first }, { id: second }] });
      expect(set.statusCode, set.body).toBe(200);
      expect(set.json()).toEqual({
        id: parent,
        pathwayDefinition: { key: 'Email', def: [{ id: first }, { id: second }] },
      });
      expect(await detail(parent)).toMatchObject({
        isPathwayParent: true,
        pathwayDefinition: { key: 'Email', def: [{ id: first }, { id: second }] },
      });
      expect(await detail(first)).toMatchObject({ isPathwayChild: true, pathways: [parent] });

      const self = await pathway(parent, { key: 'ID', def: [{ id: first }, { id: parent }] });
      expect(self.json().code).toBe('PATHWAY_SELF_CHILD');
      expect((await pathway(parent, { def: [{ id: first }, { id: first }] })).json().code).toBe(
        'PATHWAY_DUPLICATE_CHILD',
      );
      const foreign = await addTemplate({ issuer: await addIssuer(t.app, 'Other school') });
      expect((await pathway(parent, { def: [{ id: foreign }] })).statusCode).toBe(404);
      expect((await pathway(foreign, { def: [{ id: first }] })).statusCode).toBe(404);
      expect((await detail(parent)).pathwayDefinition.def).toHaveLength(2);

      expect((await pathway(parent, { key: 'ID', def: [{ id: second }] })).statusCode).toBe(200);
      expect(await detail(first)).toMatchObject({ isPathwayChild: false, pathways: [] });
      expect(await detail(second)).toMatchObject({ isPathwayChild: true });
      expect((await pathway(parent, null)).json()).toEqual({ id: parent, pathwayDefinition: null });
      expect(await detail(parent)).toMatchObject({ isPathwayParent: false, pathwayDefinition: null });
      expect(await detail(second)).toMatchObject({ isPathwayChild: false });
    });
  });
});
