import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { signInAdmin } from './signIn';
import { createBadgeTemplate, publishRows } from './publicationFixtures';
import { badgePayload, postForm, svgLogo } from './templateFixtures';
import { createTestApp, TEST_DATABASES, type TestApp } from './testApp';

/** Rows as a sheet headed in plain words gives them: the names and the obtention date under headers of its own. */
const renamedRows = [
  {
    ID: 'C-1',
    Language: 'all',
    Email: 'ada@example.org',
    'First name': 'Ada',
    'Last name': 'Lovelace',
    'Obtention date': '2026-03-01',
    Notes: 'front row',
  },
  {
    ID: 'C-2',
    Language: 'all',
    Email: 'bob@example.org',
    'First name': 'Bob',
    'Last name': 'Smith',
    'Obtention date': '2026-03-02',
    Notes: '',
  },
];

const mapping = { 'First name': 'firstName', 'Last name': 'lastName', 'Obtention date': 'obtentionDate', Notes: null };

describe.each(TEST_DATABASES)('the columns of published rows on %s (issue 28)', (database) => {
  let t: TestApp;
  let headers: Record<string, string>;
  let issuerId: number;
  let templateId: number;
  beforeEach(async () => {
    t = await createTestApp(database);
    ({ headers, issuerId } = await signInAdmin(t.app));
    templateId = await createBadgeTemplate(t.app, headers);
  });
  afterEach(async () => {
    await t.close();
  });

  const db = () => t.app.laurel.db;
  /** What a refused publish must leave as it was: the credits, the campaigns, the certificates. */
  const state = async () => ({
    credits: (await db().selectFrom('issuers').select('credits').where('id', '=', issuerId).executeTakeFirstOrThrow())
      .credits,
    campaigns: (await db().selectFrom('campaigns').select('id').execute()).length,
    certificates: (await db().selectFrom('certificates').select('id').execute()).length,
  });

  it('refuses columns that are not the template’s by name, with the column each most likely meant, spending nothing', async () => {
    const before = await state();
    const answer = await publishRows(t.app, headers, templateId, renamedRows);
    expect(answer.statusCode, answer.body).toBe(400);
    const body = answer.json();
    expect(body).toMatchObject({
      code: 'ERR_UNKNOWN_COLUMNS',
      columns: [
        { column: 'First name', suggestion: 'firstName' },
        { column: 'Last name', suggestion: 'lastName' },
        { column: 'Obtention date', suggestion: 'obtentionDate' },
        { column: 'Notes', suggestion: null },
      ],
    });
    expect(body.error).toContain('"First name" (did you mean firstName?)');
    expect(body.error).toContain('"Notes"');
    expect(body.errors.map((error: { code: string }) => error.code)).toEqual([
      'ERR_UNKNOWN_COLUMNS',
      'ERR_MISSING_HEADERS',
    ]);
    expect(await state()).toEqual(before);
  });

  it('publishes them once the call maps them with columnMapping: the names and the date as the file gave them', async () => {
    const before = await state();
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/admin/data',
      headers,
      payload: { templateId, data: renamedRows, contentType: 'json', columnMapping: mapping },
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const certificates = await db()
      .selectFrom('certificates')
      .select(['first_name', 'last_name', 'obtention_date', 'data'])
      .orderBy('id')
      .execute();
    expect(certificates.map(({ data: _data, ...rest }) => rest)).toEqual([
      { first_name: 'Ada', last_name: 'Lovelace', obtention_date: '2026-03-01' },
      { first_name: 'Bob', last_name: 'Smith', obtention_date: '2026-03-02' },
    ]);
    // the ignored column is left out, not kept under its own name
    expect(JSON.parse(certificates[0].data)).not.toHaveProperty('Notes');
    expect((await state()).credits).toBe(before.credits - 2);
  });

  it('refuses rows without the recipient’s name, and an empty name cell with its place, spending nothing', async () => {
    const before = await state();
    const unnamed = await publishRows(t.app, headers, templateId, [
      { ID: 'N-1', Language: 'all', Email: 'ada@example.org' },
    ]);
    expect(unnamed.statusCode).toBe(400);
    expect(unnamed.json().errors).toEqual([
      { code: 'ERR_MISSING_HEADERS', details: ['firstName', 'lastName'], more: 0 },
    ]);
    const empty = await publishRows(t.app, headers, templateId, [
      { ID: 'N-1', Language: 'all', Email: 'ada@example.org', firstName: 'Ada', lastName: 'Lovelace' },
      { ID: 'N-2', Language: 'all', Email: 'bob@example.org', firstName: '', lastName: 'Smith' },
    ]);
    expect(empty.statusCode).toBe(400);
    // the rows' columns in the order sent: ID (A), Language (B), Email (C), firstName (D), lastName (E)
    expect(empty.json().errors).toEqual([{ code: 'ERR_MISSING_VALUES', details: ['D3 (firstName)'], more: 0 }]);
    expect(empty.json().error).toContain('ERR_MISSING_VALUES (D3 (firstName))');
    expect(await state()).toEqual(before);
  });

  it('publishes rows without names for a template that makes them optional, and its page names nobody', async () => {
    const created = await postForm(t.app, headers, badgePayload({ namesOptional: true }), [svgLogo()]);
    expect(created.statusCode, created.body).toBe(201);
    const optional = created.json<{ id: number }>().id;
    const saved = await t.app.inject({
      method: 'GET',
      url: `/api/issuer/${issuerId}/template/${optional}/json`,
      headers,
    });
    expect(saved.json()).toMatchObject({ namesOptional: true });
    const data = await t.app.inject({
      method: 'GET',
      url: `/api/issuer/${issuerId}/template/${optional}/data`,
      headers,
    });
    expect(data.json()).toMatchObject({ namesOptional: true });
    const answer = await publishRows(t.app, headers, optional, [
      { ID: 'T-1', Language: 'all', Email: 'ada@example.org' },
    ]);
    expect(answer.statusCode, answer.body).toBe(200);
    const { key, first_name, last_name } = await db()
      .selectFrom('certificates')
      .select(['key', 'first_name', 'last_name'])
      .executeTakeFirstOrThrow();
    expect([first_name ?? '', last_name ?? '']).toEqual(['', '']);
    const page = await t.app.inject({ method: 'GET', url: `/certificate/${key}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toContain('class="graduate-name"');
    // an update that does not name the setting keeps it; the default template still requires the names
    expect(
      (await publishRows(t.app, headers, templateId, [{ ID: 'T-2', Language: 'all', Email: 'bob@example.org' }]))
        .statusCode,
    ).toBe(400);
  });

  it('refuses an unreadable obtention date rather than issuing it for today', async () => {
    const before = await state();
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/admin/data',
      headers,
      payload: {
        templateId,
        data: [{ ...renamedRows[0], 'Obtention date': '31/02/2026' }],
        columnMapping: mapping,
      },
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({
      code: 'ERR_CPF_INCORRECT_DATA',
      data: { 'row 2 obtentionDate': 'not a date (YYYY-MM-DD)' },
    });
    expect(await state()).toEqual(before);
  });

  it('says a recipient given twice is a duplicate, not a missing language', async () => {
    const row = { ID: 'D-1', Language: 'all', Email: 'ada@example.org', firstName: 'Ada', lastName: 'Lovelace' };
    const answer = await publishRows(t.app, headers, templateId, [row, row]);
    expect(answer.statusCode).toBe(400);
    expect(answer.json().errors).toEqual([
      { code: 'ERR_DUPLICATE_RECIPIENT', details: ['A3 = A2 (D-1): all'], more: 0 },
    ]);
  });

  it('applies the same rules to a publication in parts: refused by name, then mapped', async () => {
    const upload = await t.app.inject({
      method: 'POST',
      url: '/api/admin/data/parts',
      headers,
      payload: { templateId },
    });
    expect(upload.statusCode, upload.body).toBe(200);
    const { uploadId } = upload.json<{ uploadId: number }>();
    const part = (payload: Record<string, unknown>) =>
      t.app.inject({ method: 'PUT', url: `/api/admin/data/parts/${uploadId}/1`, headers, payload });
    const refused = await part({ data: renamedRows });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      code: 'ERR_UNKNOWN_COLUMNS',
      columns: [{ column: 'First name' }, {}, {}, {}],
    });
    const mapped = await part({ data: renamedRows, columnMapping: mapping });
    expect(mapped.statusCode, mapped.body).toBe(200);
    const committed = await t.app.inject({
      method: 'POST',
      url: `/api/admin/data/parts/${uploadId}/commit`,
      headers,
      payload: { parts: 1 },
    });
    expect(committed.statusCode, committed.body).toBe(200);
    const names = await db().selectFrom('certificates').select(['first_name', 'last_name']).orderBy('id').execute();
    expect(names).toEqual([
      { first_name: 'Ada', last_name: 'Lovelace' },
      { first_name: 'Bob', last_name: 'Smith' },
    ]);
  });
});
