import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { newElement, type BadgeModel } from '../../domain/badgeImage/model';
import { PROFILE } from '../../domain/roles';
import { addIssuer, addUser, bearer, signIn, signInAdmin } from './signIn';
import { createTestApp, TEST_DATABASES, type TestApp } from './testApp';

const design = (text = 'Hello'): BadgeModel => ({
  version: 1,
  data: [newElement('shape'), { ...newElement('text'), text }],
});

interface Summary {
  id: number;
  name: string;
  createdAt: string;
  updatedAt: string;
}

describe.each(TEST_DATABASES)('the badge-images resource (REST conventions) on %s', (database) => {
  let t: TestApp;
  let headers: Record<string, string>;
  let issuerId: number;
  beforeEach(async () => {
    t = await createTestApp(database);
    ({ headers, issuerId } = await signInAdmin(t.app));
  });
  // the issuer's library gets its default designs when it is first read
  const seeded = async () => {
    expect((await list()).statusCode).toBe(200);
    return rows();
  };
  afterEach(async () => {
    await t.close();
  });

  const query = (params: Record<string, unknown>) =>
    Object.entries(params)
      .map(([key, value]) => `${key}=${encodeURIComponent(JSON.stringify(value))}`)
      .join('&');
  const list = (params: Record<string, unknown> = {}, as = headers) =>
    t.app.inject({ method: 'GET', url: `/api/badge-images?${query(params)}`, headers: as });
  const names = async (params: Record<string, unknown>, as = headers) => {
    const answer = await list(params, as);
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json<Summary[]>().map((image) => image.name);
  };
  const create = (payload: object, as = headers) =>
    t.app.inject({ method: 'POST', url: '/api/badge-images', headers: as, payload });
  const update = (id: number, payload: object, as = headers) =>
    t.app.inject({ method: 'PUT', url: `/api/badge-images/${id}`, headers: as, payload });
  const getOne = (id: number, as = headers) =>
    t.app.inject({ method: 'GET', url: `/api/badge-images/${id}`, headers: as });
  // ra-data-simple-rest's delete: a text/plain header and no body
  const remove = (id: number, as = headers) =>
    t.app.inject({
      method: 'DELETE',
      url: `/api/badge-images/${id}`,
      headers: { ...as, 'content-type': 'text/plain' },
    });
  const rows = () =>
    t.app.laurel.db.selectFrom('badge_images').selectAll().where('issuer_id', '=', issuerId).orderBy('id').execute();

  it('lists a page with its total in Content-Range: the default library, newest first, without models', async () => {
    const first = await list({ range: [0, 2] });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers['content-range']).toBe('badge-images 0-2/7');
    const page = first.json<Summary[]>();
    expect(page).toHaveLength(3);
    expect(Object.keys(page[0]).sort()).toEqual(['createdAt', 'id', 'name', 'updatedAt']);
    // the default designs share their creation time: the later id comes first
    expect(page.map((image) => image.name)).toEqual(['webanalyst', 'thinker', 'security']);
    const rest = await list({ range: [3, 9] });
    expect(rest.headers['content-range']).toBe('badge-images 3-6/7');
    expect(rest.json<Summary[]>()).toHaveLength(4);
    const beyond = await list({ range: [20, 29] });
    expect([beyond.headers['content-range'], beyond.json()]).toEqual(['badge-images 20-20/7', []]);
    // without a range: the first 25
    expect((await list()).headers['content-range']).toBe('badge-images 0-6/7');
    expect(await rows()).toHaveLength(7);
  });

  it('sorts by name in any case and accent, by date and by id, both ways; filters on the name and on ids', async () => {
    for (const name of ['Électricité', 'alpha 10', 'Alpha 9', 'ÉLAN'])
      expect((await create({ name, model: design() })).statusCode).toBe(201);
    const byName = await names({ sort: ['name', 'ASC'], range: [0, 99] });
    expect(byName.slice(0, 3)).toEqual(['Alpha 9', 'alpha 10', 'bachelor']);
    expect(byName.indexOf('ÉLAN')).toBeLessThan(byName.indexOf('Électricité'));
    expect(byName.indexOf('blockchain')).toBeLessThan(byName.indexOf('ÉLAN'));
    expect(await names({ sort: ['name', 'DESC'], range: [0, 99] })).toEqual([...byName].reverse());
    expect(await names({ sort: ['createdAt', 'DESC'], range: [0, 3] })).toEqual([
      'ÉLAN',
      'Alpha 9',
      'alpha 10',
      'Électricité',
    ]);
    expect(await names({ sort: ['createdAt', 'ASC'], range: [0, 0] })).toEqual(['bachelor']);
    expect(await names({ sort: ['id', 'DESC'], range: [0, 0] })).toEqual(['ÉLAN']);
    expect(await names({ sort: ['updatedAt', 'ASC'], range: [0, 0] })).toEqual(['bachelor']);

    // q: the name contains the text, in any case and accent, trimmed
    expect(await names({ filter: { q: ' ELEC ' }, sort: ['name', 'ASC'] })).toEqual(['Électricité']);
    const alpha = await list({ filter: { q: 'ALPHA' }, sort: ['name', 'ASC'], range: [0, 0] });
    expect([alpha.headers['content-range'], alpha.json<Summary[]>().map((i) => i.name)]).toEqual([
      'badge-images 0-0/2',
      ['Alpha 9'],
    ]);
    expect(await names({ filter: { q: 'nothing like it' } })).toEqual([]);
    // react-admin's getMany: filter={"id":[…]}
    const [a, b] = (await rows()).map((row) => row.id);
    expect(await names({ filter: { id: [b, a] }, sort: ['id', 'ASC'] })).toEqual(['bachelor', 'blockchain']);
    expect(await names({ filter: { id: a } })).toEqual(['bachelor']);
  });

  it('refuses sorts, ranges and filters it does not know (400)', async () => {
    for (const params of [
      { sort: ['model', 'ASC'] },
      { sort: ['name', 'UP'] },
      { range: [5, 2] },
      { range: [0, 500] },
      { range: [-1, 3] },
      { filter: { name: 'x' } },
      { filter: { q: 3 } },
      { filter: { id: ['x'] } },
    ]) {
      const answer = await list(params);
      expect([params, answer.statusCode]).toEqual([params, 400]);
    }
    const notJson = await t.app.inject({ method: 'GET', url: '/api/badge-images?sort=name', headers });
    expect(notJson.statusCode).toBe(400);
  });

  it('creates (201), reads, replaces and deletes one image, each answered as react-admin reads it', async () => {
    const created = await create({ name: '  Welding expert ', model: design() });
    expect(created.statusCode, created.body).toBe(201);
    const image = created.json<Summary & { model: BadgeModel }>();
    expect(image).toMatchObject({ name: 'Welding expert', model: design() });
    expect(image.id).toBeGreaterThan(0);
    const stored = (await rows()).find((row) => row.id === image.id)!;
    expect(stored).toMatchObject({ name: 'Welding expert', created_at: image.createdAt, updated_at: image.updatedAt });
    expect(stored.thumbnail).toMatch(/^data:image\/png;base64,/);

    expect((await getOne(image.id)).json()).toEqual(image);
    // react-admin's update sends the whole record back: id and dates are ignored
    const replaced = await update(image.id, { ...image, name: 'Welder', model: design('Weld') });
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(replaced.json()).toMatchObject({
      id: image.id,
      name: 'Welder',
      model: design('Weld'),
      createdAt: image.createdAt,
    });
    const after = (await rows()).find((row) => row.id === image.id)!;
    expect([after.name, JSON.parse(after.model)]).toEqual(['Welder', design('Weld')]);
    expect(after.thumbnail).not.toBe(stored.thumbnail);
    // the badge_lib calls see the same row
    const details = await t.app.inject({
      method: 'POST',
      url: '/api/badge_lib/details',
      headers,
      payload: { ids: [image.id] },
    });
    expect(details.json()[image.id]).toMatchObject({ name: 'Welder', thumbnail: after.thumbnail });

    const deleted = await remove(image.id);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json()).toEqual({
      id: image.id,
      name: 'Welder',
      createdAt: image.createdAt,
      updatedAt: after.updated_at,
    });
    expect((await rows()).map((row) => row.id)).not.toContain(image.id);
    expect((await getOne(image.id)).statusCode).toBe(404);
    expect((await remove(image.id)).statusCode).toBe(404);
    expect((await update(image.id, { name: 'back', model: design() })).statusCode).toBe(404);
  });

  it('refuses a blank or long name and an invalid model (400), changing nothing; a script in a name is kept as text', async () => {
    const before = await seeded();
    const refusals: [object, string][] = [
      [{ name: '   ', model: design() }, 'BADGE_IMAGE_NAME_INVALID'],
      [{ name: 'x'.repeat(201), model: design() }, 'BADGE_IMAGE_NAME_INVALID'],
      [{ name: 'no model' }, 'VALIDATION_ERROR'],
      [{ name: 'bad', model: { version: 1, data: [{ ...newElement('shape'), width: 2.5 }] } }, 'INVALID_BADGE_MODEL'],
      [{ model: design() }, 'VALIDATION_ERROR'],
    ];
    for (const [payload, code] of refusals) {
      const answer = await create(payload);
      expect([payload, answer.statusCode, answer.json().code]).toEqual([payload, 400, code]);
      const replaced = await update(before[0].id, payload);
      expect([payload, replaced.statusCode]).toEqual([payload, 400]);
    }
    expect(await rows()).toEqual(before);
    // the badge_lib save has the same name rule
    const spec = await t.app.inject({
      method: 'POST',
      url: '/api/badge_lib/model',
      headers,
      payload: { id: '', name: ' ', model: design() },
    });
    expect([spec.statusCode, spec.json().code]).toEqual([400, 'BADGE_IMAGE_NAME_INVALID']);

    const script = '<script>alert(1)</script><img src=x onerror=alert(2)>';
    const created = await create({ name: script, model: design() });
    expect(created.statusCode).toBe(201);
    expect(created.headers['content-type']).toMatch(/^application\/json/);
    const { id } = created.json<{ id: number }>();
    expect((await getOne(id)).json().name).toBe(script);
    expect(await names({ filter: { q: '<script>' } })).toEqual([script]);
  });

  it('lets every profile read and only Administrators, Managers and Publishers write; 401 without a token', async () => {
    const [first] = await seeded();
    for (const [profile, writes] of [
      [PROFILE.Reader, false],
      [PROFILE.Publisher, true],
      [PROFILE.Manager, true],
    ] as const) {
      const email = `user${profile}@example.org`;
      await addUser(t.app, issuerId, email, profile);
      const as = bearer(await signIn(t.app, email));
      expect((await list({}, as)).statusCode).toBe(200);
      expect((await getOne(first.id, as)).statusCode).toBe(200);
      const created = await create({ name: `by ${profile}`, model: design() }, as);
      expect([profile, created.statusCode]).toEqual([profile, writes ? 201 : 403]);
      const updated = await update(first.id, { name: `renamed by ${profile}`, model: design() }, as);
      expect([profile, updated.statusCode]).toEqual([profile, writes ? 200 : 403]);
      if (writes) expect((await remove(created.json<{ id: number }>().id, as)).statusCode).toBe(200);
      else expect((await remove(first.id, as)).statusCode).toBe(403);
    }
    expect((await rows()).map((row) => row.id)).toContain(first.id);
    expect((await list({}, {})).statusCode).toBe(401);
    expect((await create({ name: 'anonymous', model: design() }, {})).statusCode).toBe(401);
  });

  it('keeps each issuer to its own images: never listed to another, 404 by id to read, change or delete', async () => {
    const mine = (await seeded()).map((row) => row.id);
    const otherIssuer = await addIssuer(t.app, 'Other school');
    await addUser(t.app, otherIssuer, 'other@example.org', PROFILE.Administrator);
    const other = bearer(await signIn(t.app, 'other@example.org'));
    const theirs = (await list({ range: [0, 99] }, other)).json<Summary[]>().map((image) => image.id);
    expect(theirs).toHaveLength(7);
    expect(theirs.some((id) => mine.includes(id))).toBe(false);
    expect((await list({ filter: { id: mine } }, other)).json()).toEqual([]);
    expect((await getOne(mine[0], other)).statusCode).toBe(404);
    expect((await update(mine[0], { name: 'stolen', model: design() }, other)).statusCode).toBe(404);
    expect((await remove(mine[0], other)).statusCode).toBe(404);
    const after = await rows();
    expect(after.map((row) => row.id)).toEqual(mine);
    expect(after[0].name).toBe('bachelor');
  });
});
