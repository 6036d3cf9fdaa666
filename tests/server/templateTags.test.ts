import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PROFILE } from '../../domain/roles';
import { insertTemplate } from '../../server/repositories/templates';
import { addIssuer, addUser, bearer, signIn, signInAdmin } from './signIn';
import { createTestApp, TEST_DATABASES, type TestApp } from './testApp';

describe.each(TEST_DATABASES)('template tags on %s', (database) => {
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

  const putTags = (tags: object[], as = headers) =>
    t.app.inject({ method: 'PUT', url: '/api/issuer/config', headers: as, payload: { tags } });
  const addTemplate = (issuer = issuerId) =>
    insertTemplate(t.app.laurel.db, { issuer_id: issuer, label: JSON.stringify('Diploma'), type: 'certificate' });
  const listed = async () =>
    (await t.app.inject({ method: 'GET', url: '/api/admin/templates', headers })).json() as {
      id: number;
      tags: string[];
    }[];

  it('replaces the issuer’s tags with the list sent and shows the active ones on templates', async () => {
    const [first, second] = [await addTemplate(), await addTemplate()];
    const created = await putTags([
      { name: ' Spring 2026 ', templates: [first, second] },
      { name: 'Archive', visibility: 'public', templates: [second], isActive: false },
    ]);
    expect(created.statusCode, created.body).toBe(200);
    const [spring, archive] = created.json();
    expect(spring).toEqual({
      id: expect.any(Number),
      issuerId,
      name: 'Spring 2026',
      visibility: 'private',
      templates: [first, second],
      isActive: true,
    });
    expect(archive).toMatchObject({ name: 'Archive', visibility: 'public', isActive: false });
    const byId = new Map((await listed()).map((row) => [row.id, row.tags]));
    expect(byId.get(first)).toEqual(['Spring 2026']);
    expect(byId.get(second)).toEqual(['Spring 2026']);

    const renamed = await putTags([{ id: spring.id, name: 'Autumn', templates: [first] }]);
    expect(renamed.json()).toEqual([{ ...spring, name: 'Autumn', templates: [first] }]);
    expect((await t.app.inject({ method: 'GET', url: '/api/issuer/tags', headers })).json()).toEqual(renamed.json());
    const after = new Map((await listed()).map((row) => [row.id, row.tags]));
    expect(after.get(first)).toEqual(['Autumn']);
    expect(after.get(second)).toEqual([]);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/admin/template?id=${first}`, headers })).json().tags,
    ).toEqual(['Autumn']);
  });

  it('refuses empty, long and repeated names, foreign templates and tags, and other settings', async () => {
    const own = await addTemplate();
    await putTags([{ name: 'Kept', templates: [own] }]);
    const refusals: [object[], number, string][] = [
      [[{ name: '   ' }], 400, 'NAME_EMPTY'],
      [[{ name: 'x'.repeat(31) }], 400, 'NAME_TOO_LONG'],
      [[{ name: 'Kept' }, { name: 'kept ' }], 400, 'NAME_EXISTS'],
      [
        [{ name: 'Mine', templates: [await addTemplate(await addIssuer(t.app, 'Other school'))] }],
        404,
        'TEMPLATE_NOT_FOUND',
      ],
      [[{ id: 9999, name: 'Ghost' }], 404, 'TAG_NOT_FOUND'],
    ];
    for (const [tags, status, code] of refusals) {
      const refused = await putTags(tags);
      expect(refused.statusCode, code).toBe(status);
      expect(refused.json().code).toBe(code);
    }
    const withParams = await t.app.inject({
      method: 'PUT',
      url: '/api/issuer/config',
      headers,
      payload: { tags: [], params: { tracking: false } },
    });
    expect(withParams.statusCode).toBe(400);
    expect((await listed())[0].tags).toEqual(['Kept']);
    expect(await putTags([{ name: 'x'.repeat(30) }])).toMatchObject({ statusCode: 200 });
  });

  it('keeps tags to Administrators and Managers', async () => {
    for (const [profile, status] of [
      [PROFILE.Manager, 200],
      [PROFILE.Publisher, 403],
      [PROFILE.Reader, 403],
    ] as const) {
      const email = `p${profile}@example.org`;
      await addUser(t.app, issuerId, email, profile);
      const as = bearer(await signIn(t.app, email));
      expect((await putTags([{ name: 'Team' }], as)).statusCode).toBe(status);
      expect((await t.app.inject({ method: 'GET', url: '/api/issuer/tags', headers: as })).statusCode).toBe(status);
    }
  });
});
