import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TemplateSummary } from '../../domain/templates';
import { PROFILE } from '../../domain/roles';
import { insertTag, setTagTemplates } from '../../server/repositories/tags';
import { addIssuer, addUser, bearer, signIn, signInAdmin } from './signIn';
import { createTestApp, TEST_DATABASES, type TestApp } from './testApp';

describe.each(TEST_DATABASES)('the templates list on REST conventions (GET /api/templates) on %s', (database) => {
  let t: TestApp;
  let headers: Record<string, string>;
  let issuerId: number;
  const id: Record<string, number> = {};

  async function addTemplate(
    issuer: number,
    name: string,
    values: { label?: unknown; type?: string; enabled?: number; is_nft?: number; notes?: string; day: number } & {
      counter?: number;
      lastCampaign?: string | null;
      parent?: boolean;
      child?: boolean;
    },
  ) {
    const row = await t.app.laurel.db
      .insertInto('templates')
      .values({
        issuer_id: issuer,
        label: JSON.stringify(values.label ?? name),
        type: values.type ?? 'openbadge',
        enabled: values.enabled ?? 1,
        is_nft: values.is_nft ?? 0,
        notes: values.notes ?? '',
        certification_counter: values.counter ?? 0,
        last_campaign_date: values.lastCampaign ?? null,
        is_pathway_parent: values.parent ? 1 : 0,
        is_pathway_child: values.child ? 1 : 0,
        created_at: `2026-01-${String(values.day).padStart(2, '0')}T10:00:00.000Z`,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    id[name] = row.id;
    return row.id;
  }

  beforeEach(async () => {
    t = await createTestApp(database);
    ({ headers, issuerId } = await signInAdmin(t.app));
    await addTemplate(issuerId, 'data', {
      label: { en: 'Data literacy', fr: 'Analyse des données' },
      counter: 40,
      lastCampaign: '2026-03-01T09:00:00.000Z',
      day: 1,
      parent: true,
    });
    await addTemplate(issuerId, 'welding', { type: 'cpf_onshelf', notes: 'Spring cohort', day: 2, label: 'Welding' });
    await addTemplate(issuerId, 'archived', { enabled: 0, day: 3, label: 'Archived badge', child: true });
    await addTemplate(issuerId, 'atelier', {
      label: 'atelier',
      type: 'certificate',
      counter: 5,
      lastCampaign: '2026-02-01T09:00:00.000Z',
      is_nft: 1,
      day: 4,
    });
    await addTemplate(issuerId, 'zeta', { label: 'Zeta badge', day: 5, enabled: 0, type: 'cpf_onshelf' });
    const db = t.app.laurel.db;
    const stem = await insertTag(db, { issuerId, name: 'STEM', visibility: 'private', isActive: true });
    const spring = await insertTag(db, { issuerId, name: 'Spring', visibility: 'private', isActive: true });
    const hidden = await insertTag(db, { issuerId, name: 'Hidden', visibility: 'private', isActive: false });
    await setTagTemplates(db, stem, [id.data, id.atelier]);
    await setTagTemplates(db, spring, [id.atelier]);
    await setTagTemplates(db, hidden, [id.welding]);
  });
  afterEach(async () => {
    await t.close();
  });

  const list = (query: Record<string, unknown> = {}, as = headers) => {
    const search = new URLSearchParams(
      Object.entries(query).map(([key, value]) => [key, typeof value === 'string' ? value : JSON.stringify(value)]),
    );
    return t.app.inject({ method: 'GET', url: `/api/templates?${search}`, headers: as });
  };
  async function names(query: Record<string, unknown>) {
    const answer = await list(query);
    expect(answer.statusCode, answer.body).toBe(200);
    const byId = new Map(Object.entries(id).map(([name, value]) => [value, name]));
    return answer.json<TemplateSummary[]>().map((template) => byId.get(template.id));
  }

  it('pages newest first by default with the total in Content-Range, and answers the summaries of the spec call', async () => {
    const first = await list({ range: [0, 1] });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-range']).toBe('templates 0-1/5');
    expect(first.json<TemplateSummary[]>().map((x) => x.id)).toEqual([id.zeta, id.atelier]);
    const rest = await list({ range: [2, 9] });
    expect(rest.headers['content-range']).toBe('templates 2-4/5');
    expect(rest.json<TemplateSummary[]>().map((x) => x.id)).toEqual([id.archived, id.welding, id.data]);
    const beyond = await list({ range: [10, 19] });
    expect(beyond.headers['content-range']).toBe('templates 10-10/5');
    expect(beyond.json()).toEqual([]);

    // each row is the spec list call's summary of that template, tags included, with its preview token
    const whole = await t.app.inject({ method: 'GET', url: '/api/admin/templates', headers });
    const spec = new Map(whole.json<TemplateSummary[]>().map((x) => [x.id, x]));
    const { previewToken, ...atelier } = first.json<TemplateSummary[]>()[1];
    expect(atelier).toEqual(spec.get(id.atelier));
    expect(atelier.tags).toEqual(['STEM', 'Spring']);
    const { previews } = t.app.laurel;
    expect(previews.check(previewToken!, issuerId, id.atelier)).toBe(true);
    expect(previews.check(previewToken!, issuerId, id.zeta)).toBe(false);
  });

  it('sorts on each field in both directions; unused templates come last by last campaign date either way', async () => {
    expect(await names({ sort: ['label', 'ASC'] })).toEqual(['archived', 'atelier', 'data', 'welding', 'zeta']);
    expect(await names({ sort: ['label', 'DESC'] })).toEqual(['zeta', 'welding', 'data', 'atelier', 'archived']);
    // labels sort in the reader's language: "Analyse des données" in French
    expect(await names({ sort: ['label', 'ASC'], language: 'fr' })).toEqual([
      'data',
      'archived',
      'atelier',
      'welding',
      'zeta',
    ]);
    expect(await names({ sort: ['lastCampaignDate', 'DESC'] })).toEqual([
      'data',
      'atelier',
      'zeta',
      'archived',
      'welding',
    ]);
    expect((await names({ sort: ['lastCampaignDate', 'ASC'] })).slice(0, 2)).toEqual(['atelier', 'data']);
    expect((await names({ sort: ['certificationCounter', 'DESC'] })).slice(0, 2)).toEqual(['data', 'atelier']);
    expect((await names({ sort: ['certificationCounter', 'ASC'] })).slice(3)).toEqual(['atelier', 'data']);
    expect(await names({ sort: ['dateCreation', 'ASC'] })).toEqual(['data', 'welding', 'archived', 'atelier', 'zeta']);
    expect(await names({ sort: ['id', 'DESC'], range: [0, 0] })).toEqual(['zeta']);
  });

  it('filters by search, status, status per type, type, mode, pathway level, tags and ids', async () => {
    const by = (filter: object) => names({ filter, sort: ['dateCreation', 'ASC'] });
    // search: every language of the label, the id, the notes; case and surrounding spaces aside
    expect(await by({ q: 'DONNÉES ' })).toEqual(['data']);
    expect(await by({ q: 'cohort' })).toEqual(['welding']);
    expect(await by({ q: String(id.atelier) })).toContain('atelier');
    expect(await by({ q: 'nothing like it' })).toEqual([]);
    // status: 1 active, 2 inactive, 3 or absent all
    expect(await by({ status: 1 })).toEqual(['data', 'welding', 'atelier']);
    expect(await by({ status: 2 })).toEqual(['archived', 'zeta']);
    expect(await by({ status: 3 })).toHaveLength(5);
    expect(await by({})).toHaveLength(5);
    // a type's own status overrides the page's: active templates, and the inactive registry ones
    expect(await by({ status: 1, typeStatus: { cpf: 2 } })).toEqual(['data', 'atelier', 'zeta']);
    expect(await by({ status: 2, typeStatus: { 'micro-certification': 3 } })).toEqual(['data', 'archived', 'zeta']);
    // types: certificate is every type but the badges and the registry ones
    expect(await by({ types: ['cpf'] })).toEqual(['welding', 'zeta']);
    expect(await by({ types: ['certificate', 'micro-certification'] })).toEqual(['data', 'archived', 'atelier']);
    expect(await by({ modes: ['NFT'] })).toEqual(['atelier']);
    expect(await by({ modes: ['Classic', 'NFT'] })).toHaveLength(5);
    expect(await by({ levels: ['parent'] })).toEqual(['data']);
    expect(await by({ levels: ['parent', 'child'] })).toEqual(['data', 'archived']);
    // tags: every chosen active tag; an inactive tag keeps nothing
    expect(await by({ tags: ['STEM'] })).toEqual(['data', 'atelier']);
    expect(await by({ tags: ['STEM', 'Spring'] })).toEqual(['atelier']);
    expect(await by({ tags: ['Hidden'] })).toEqual([]);
    expect(await by({ id: [id.welding, id.zeta] })).toEqual(['welding', 'zeta']);
    // together, and counted after the filter
    const answer = await list({ filter: { status: 1, tags: ['STEM'], q: 'a' }, range: [0, 0] });
    expect(answer.headers['content-range']).toBe('templates 0-0/2');
  });

  it("reads only the caller's issuer, for every profile, and tells the drawer's facets", async () => {
    const other = await addIssuer(t.app, 'Other academy');
    await addTemplate(other, 'foreign', { label: 'Foreign badge', day: 9, is_nft: 1 });
    expect(await names({ filter: { q: 'Foreign' } })).toEqual([]);
    // another issuer's id reads as nothing, not as a refusal
    expect(await names({ filter: { id: [id.foreign] } })).toEqual([]);
    const answer = await list();
    expect(answer.headers['content-range']).toBe('templates 0-4/5');

    await addUser(t.app, issuerId, 'reader@example.org', PROFILE.Reader);
    const reader = bearer(await signIn(t.app, 'reader@example.org'));
    const read = await list({ filter: { status: 1 } }, reader);
    expect(read.statusCode).toBe(200);
    expect(read.headers['content-range']).toBe('templates 0-2/3');
    expect((await t.app.inject({ method: 'GET', url: '/api/templates' })).statusCode).toBe(401);

    const facets = await t.app.inject({ method: 'GET', url: '/api/templates/facets', headers: reader });
    expect(facets.statusCode).toBe(200);
    expect(facets.json()).toEqual({
      count: 5,
      types: ['certificate', 'micro-certification', 'cpf'],
      modes: ['Classic', 'NFT'],
      pathwayParents: true,
      tags: ['Spring', 'STEM'],
    });
    const otherAdmin = 'boss@other.example';
    await addUser(t.app, other, otherAdmin, PROFILE.Administrator);
    const foreign = bearer(await signIn(t.app, otherAdmin, other));
    expect((await t.app.inject({ method: 'GET', url: '/api/templates/facets', headers: foreign })).json()).toEqual({
      count: 1,
      types: ['micro-certification'],
      modes: ['NFT'],
      pathwayParents: false,
      tags: [],
    });
    const foreignList = await list({}, foreign);
    expect(foreignList.json<TemplateSummary[]>().map((x) => x.id)).toEqual([id.foreign]);
  });

  it('refuses bad parameters with 400 and reads nothing', async () => {
    const bad: Record<string, unknown>[] = [
      { sort: ['notes', 'ASC'] },
      { sort: ['label', 'UP'] },
      { sort: 'label' },
      { range: [5, 2] },
      { range: [0, 500] },
      { range: [-1, 3] },
      { filter: { status: 4 } },
      { filter: { status: '1' } },
      { filter: { typeStatus: { badge: 1 } } },
      { filter: { types: ['diploma'] } },
      { filter: { modes: ['Paper'] } },
      { filter: { levels: ['grandchild'] } },
      { filter: { tags: ['x'.repeat(31)] } },
      { filter: { enabled: true } },
      { filter: { q: 'x'.repeat(201) } },
      { filter: '{not json' },
      { language: 'de' },
    ];
    for (const query of bad) {
      const answer = await list(query);
      expect(answer.statusCode, JSON.stringify(query)).toBe(400);
      expect(answer.headers['content-range']).toBeUndefined();
    }
  });
});
