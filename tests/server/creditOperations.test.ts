import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PROFILE } from '../../domain/roles';
import { addIssuer, addUser, bearer, signIn, signInAdmin } from './signIn';
import { createTestApp, TEST_DATABASES, type TestApp } from './testApp';

describe.each(TEST_DATABASES)('credit operations (REST conventions) on %s', (database) => {
  let t: TestApp;
  let headers: Record<string, string>;
  let issuerId: number;
  let otherIssuerId: number;
  beforeEach(async () => {
    t = await createTestApp(database);
    ({ headers, issuerId } = await signInAdmin(t.app));
    otherIssuerId = await addIssuer(t.app, 'Other issuer');
    // the seed wrote the first issuer's initial credits; add a year of operations to both issuers
    await t.app.laurel.db
      .insertInto('credit_operations')
      .values([
        { issuer_id: issuerId, operation_date: '2026-02-01T09:00:00.000Z', credits: 500, reason: 'pack essentials' },
        { issuer_id: issuerId, operation_date: '2026-03-10T10:00:00.000Z', credits: -12, reason: 'campaign 7' },
        { issuer_id: issuerId, operation_date: '2026-03-10T23:30:00.000Z', credits: -3, reason: 'campaign 8' },
        { issuer_id: issuerId, operation_date: '2026-04-01T00:00:00.000Z', credits: -40, reason: 'expiration' },
        { issuer_id: otherIssuerId, operation_date: '2026-03-11T10:00:00.000Z', credits: -99, reason: 'campaign 9' },
      ])
      .execute();
  });
  afterEach(async () => {
    await t.close();
  });

  const list = (query: Record<string, unknown> = {}, as = headers) =>
    t.app.inject({
      method: 'GET',
      url: `/api/credit-operations?${new URLSearchParams(
        Object.fromEntries(Object.entries(query).map(([k, v]) => [k, JSON.stringify(v)])),
      )}`,
      headers: as,
    });
  const ownRows = () =>
    t.app.laurel.db.selectFrom('credit_operations').select(['id', 'issuer_id']).orderBy('id').execute();

  it('lists the issuer’s operations newest first, with kinds, campaigns and the total in Content-Range', async () => {
    const response = await list({ sort: ['operation_date', 'DESC'], range: [0, 2] });
    expect(response.statusCode, response.body).toBe(200);
    const rows = response.json();
    // the seed's initial credits were written today
    expect(rows.map((r: { reason: string }) => r.reason)).toEqual(['initial credits', 'expiration', 'campaign 8']);
    expect(rows[1]).toMatchObject({ credits: -40, kind: 'expiration', campaign_id: null });
    expect(rows[2]).toMatchObject({ credits: -3, kind: 'publication', campaign_id: 8 });
    // the seed's initial credits, the four above; never the other issuer's
    expect(response.headers['content-range']).toBe('credit-operations 0-2/5');
    const second = await list({ sort: ['operation_date', 'DESC'], range: [3, 5] });
    expect(second.json().map((r: { kind: string }) => r.kind)).toEqual(['publication', 'addition']);
    expect(second.headers['content-range']).toBe('credit-operations 3-4/5');
  });

  it('sorts on credits both ways and refuses unknown sort fields and oversized ranges', async () => {
    const ascending = (await list({ sort: ['credits', 'ASC'], range: [0, 0] })).json();
    expect(ascending[0].credits).toBe(-40);
    const descending = (await list({ sort: ['credits', 'DESC'], range: [0, 0] })).json();
    expect(descending[0].credits).toBeGreaterThanOrEqual(500);
    expect((await list({ sort: ['reason', 'ASC'] })).statusCode).toBe(400);
    expect((await list({ range: [0, 1000] })).statusCode).toBe(400);
    expect((await list({ range: [5, 2] })).statusCode).toBe(400);
    expect((await list({ filter: { issuer_id: otherIssuerId } })).statusCode).toBe(400);
  });

  it('filters by kind, by inclusive dates and by ids (getMany)', async () => {
    const publications = await list({ filter: { kind: 'publication' }, sort: ['operation_date', 'ASC'] });
    expect(publications.json().map((r: { campaign_id: number }) => r.campaign_id)).toEqual([7, 8]);
    expect(publications.headers['content-range']).toBe('credit-operations 0-1/2');
    const marchTenth = await list({ filter: { operation_date_gte: '2026-03-10', operation_date_lte: '2026-03-10' } });
    expect(marchTenth.json()).toHaveLength(2);
    const expirations = await list({ filter: { kind: 'expiration' } });
    expect(expirations.json().map((r: { reason: string }) => r.reason)).toEqual(['expiration']);
    const all = await ownRows();
    const mine = all.filter((r) => r.issuer_id === issuerId).map((r) => r.id);
    const theirs = all.filter((r) => r.issuer_id === otherIssuerId).map((r) => r.id);
    const many = await list({ filter: { id: [mine[0], mine[1], theirs[0]] } });
    expect(
      many
        .json()
        .map((r: { id: number }) => r.id)
        .sort(),
    ).toEqual([mine[0], mine[1]].sort());
    const empty = await list({ filter: { kind: 'publication', operation_date_gte: '2027-01-01' } });
    expect(empty.json()).toEqual([]);
    expect(empty.headers['content-range']).toBe('credit-operations 0-0/0');
  });

  it('answers one operation by id, and 404 for another issuer’s', async () => {
    const all = await ownRows();
    const mine = all.find((r) => r.issuer_id === issuerId)!;
    const theirs = all.find((r) => r.issuer_id === otherIssuerId)!;
    const one = await t.app.inject({ method: 'GET', url: `/api/credit-operations/${mine.id}`, headers });
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json()).toMatchObject({ id: mine.id, kind: 'addition' });
    const foreign = await t.app.inject({ method: 'GET', url: `/api/credit-operations/${theirs.id}`, headers });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().code).toBe('CREDIT_OPERATION_NOT_FOUND');
  });

  it('lets every profile read, the other issuer see only its own, and nobody without a token or write', async () => {
    await addUser(t.app, issuerId, 'reader@example.org', PROFILE.Reader);
    const reader = bearer(await signIn(t.app, 'reader@example.org'));
    const asReader = await list({}, reader);
    expect(asReader.statusCode).toBe(200);
    expect(asReader.headers['content-range']).toBe('credit-operations 0-4/5');
    await addUser(t.app, otherIssuerId, 'other@example.org', PROFILE.Administrator);
    const other = await list({}, bearer(await signIn(t.app, 'other@example.org')));
    expect(other.json().map((r: { credits: number }) => r.credits)).toEqual([-99]);
    expect((await list({}, {})).statusCode).toBe(401);
    for (const method of ['POST', 'PUT', 'DELETE'] as const) {
      const write = await t.app.inject({ method, url: '/api/credit-operations/1', headers, payload: {} });
      expect(write.statusCode).toBe(404);
    }
  });
});
