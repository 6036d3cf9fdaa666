import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { HttpError } from 'react-admin';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cpfDataErrors, reportRowsBody } from './certificates';
import { dataProvider } from './dataProvider';

const key = (n: number) => String(n).padStart(128, 'k');
const row = (n: number) => ({ key: key(n), EvidenzId: n, StatusID: 1, email: `l${n}@example.org` });

const requests: { method: string; url: URL; body: unknown }[] = [];
let answer: () => Response = () => HttpResponse.json({});

const server = setupServer(
  http.all('*/api/*', async ({ request }) => {
    const text = await request.text();
    requests.push({ method: request.method, url: new URL(request.url), body: text ? JSON.parse(text) : null });
    return answer();
  }),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  requests.length = 0;
  server.resetHandlers();
});
afterAll(() => server.close());

const report = { view: 'campaign', campaignId: 12, defaultStatuses: [1, 3, 6, 9], defaultMailSent: [1, 0, 2] };

describe('the certificates resource', () => {
  it("asks a report page with the view's defaults, the user's filters and the sort; rows keyed by key, with the total", async () => {
    answer = () => HttpResponse.json({ data: [row(1), row(2)], count: 42 });
    const result = await dataProvider.getList('certificates', {
      filter: { ...report, q: ' ada ', statuses: [9], language: 'fr' },
      pagination: { page: 3, perPage: 20 },
      sort: { field: 'lastName', order: 'DESC' },
    });
    expect(requests[0].method).toBe('POST');
    expect(requests[0].url.pathname).toBe('/api/admin/data_post');
    expect(requests[0].body).toEqual({
      campaignId: 12,
      offset: 40,
      limit: 20,
      status: '9',
      mailSent: '1,0,2',
      filter: 'ada',
      language: 'fr',
      sort: 'lastName',
      order: 'DESC',
    });
    expect(result.total).toBe(42);
    expect(result.data.map((line) => line.id)).toEqual([key(1), key(2)]);
  });

  it('passes the expiry filter, with the window only for expiring certificates (issue 28)', () => {
    const slice = { offset: 0, limit: 20 };
    expect(
      reportRowsBody({ view: 'template', templateId: 3, expiry: 'expiring', expiringDays: 60 }, undefined, slice),
    ).toMatchObject({ expiry: 'expiring', expiringDays: 60 });
    const expired = reportRowsBody(
      { view: 'campaign', campaignId: 4, expiry: 'expired', expiringDays: 60 },
      undefined,
      slice,
    );
    expect(expired).toMatchObject({ expiry: 'expired' });
    expect(expired).not.toHaveProperty('expiringDays');
    expect(reportRowsBody({ view: 'campaign', campaignId: 4 }, undefined, slice)).not.toHaveProperty('expiry');
  });

  it('gives the date range on the template report only, the ids on the control view, no sort by default', () => {
    const dates = { startDate: '2026-11-01', endDate: '2026-11-30' };
    expect(
      reportRowsBody(
        { view: 'template', templateId: 3, ...dates },
        { field: '', order: 'ASC' },
        { offset: 0, limit: 20 },
      ),
    ).toEqual({
      templateId: 3,
      offset: 0,
      limit: 20,
      dateRange: '2026-11-01;2026-11-30',
    });
    expect(
      reportRowsBody({ view: 'campaign', campaignId: 4, ...dates }, undefined, { offset: 0, limit: 20 }),
    ).not.toHaveProperty('dateRange');
    expect(
      reportRowsBody({ view: 'cpf', templateId: 3, ids: [7, 8] }, undefined, { offset: 0, limit: 20 }),
    ).toMatchObject({
      templateId: 3,
      ids: [7, 8],
    });
  });

  it('asks only the certificates with a pending correction request when the filter is on (issue 28)', () => {
    const slice = { offset: 0, limit: 20 };
    expect(reportRowsBody({ view: 'template', templateId: 3, correction: true }, undefined, slice)).toEqual({
      templateId: 3,
      offset: 0,
      limit: 20,
      correction: true,
    });
    expect(reportRowsBody({ view: 'template', templateId: 3, correction: false }, undefined, slice)).not.toHaveProperty(
      'correction',
    );
  });

  it('reads an export larger than a server page in pages of 1000', async () => {
    let served = 0;
    answer = () => {
      const rows = Array.from({ length: Math.min(1000, 1500 - served) }, (_, i) => row(served + i + 1));
      served += rows.length;
      return HttpResponse.json({ data: rows, count: 1500 });
    };
    const result = await dataProvider.getList('certificates', {
      filter: report,
      pagination: { page: 1, perPage: 100_000 },
      sort: { field: '', order: 'ASC' },
    });
    expect(requests.map((request) => (request.body as { offset: number; limit: number }).offset)).toEqual([0, 1000]);
    expect(result.data).toHaveLength(1500);
    expect(result.total).toBe(1500);
  });

  it('reads on past a bounded search count (more rows than counted) until a short page, and tells the list', async () => {
    let served = 0;
    answer = () => {
      const rows = Array.from({ length: Math.min(1000, 2500 - served) }, (_, i) => row(served + i + 1));
      const offset = served;
      served += rows.length;
      // the server counts 1,000 rows past the offset, then says countBounded
      const counted = Math.min(2500, offset + 1000);
      return HttpResponse.json({ data: rows, count: counted, ...(counted < 2500 ? { countBounded: true } : {}) });
    };
    const result = await dataProvider.getList('certificates', {
      filter: { ...report, q: 'example' },
      pagination: { page: 1, perPage: 100_000 },
      sort: { field: '', order: 'ASC' },
    });
    expect(requests.map((request) => (request.body as { offset: number }).offset)).toEqual([0, 1000, 2000]);
    expect([result.data.length, result.total, result.meta]).toEqual([2500, 2500, undefined]);
    requests.length = 0;
    served = 0;
    const page = await dataProvider.getList('certificates', {
      filter: { ...report, q: 'example' },
      pagination: { page: 1, perPage: 20 },
      sort: { field: '', order: 'ASC' },
    });
    expect([page.total, page.meta]).toEqual([1000, { countBounded: true }]);
  });

  it('searches by mode and value with the page and sort; asks nothing before a search', async () => {
    answer = () => HttpResponse.json({ data: [row(5)], total: 1 });
    const empty = await dataProvider.getList('certificates', {
      filter: { view: 'search', mode: 'email' },
      pagination: { page: 1, perPage: 20 },
      sort: { field: '', order: 'ASC' },
    });
    expect(empty).toEqual({ data: [], total: 0 });
    expect(requests).toHaveLength(0);
    const found = await dataProvider.getList('certificates', {
      filter: { view: 'search', mode: 'email', value: 'l5@example.org' },
      pagination: { page: 2, perPage: 20 },
      sort: { field: 'StatusID', order: 'DESC' },
    });
    expect(requests[0].method).toBe('GET');
    expect(Object.fromEntries(requests[0].url.searchParams)).toEqual({
      mode: 'email',
      value: 'l5@example.org',
      offset: '20',
      limit: '20',
      sort: 'StatusID',
      order: 'DESC',
    });
    expect(found).toEqual({ data: [{ ...row(5), id: key(5) }], total: 1 });
  });

  it('disables and enables with PUT /api/admin/keys, deletes with DELETE (within the campaign)', async () => {
    answer = () => HttpResponse.json({ updated: 2, skipped: 0 });
    await dataProvider.updateMany('certificates', { ids: [key(1), key(2)], data: { StatusID: 9 } });
    await dataProvider.updateMany('certificates', { ids: [key(1)], data: { StatusID: 1 } });
    await dataProvider.deleteMany('certificates', { ids: [key(3)], meta: { campaignId: 12 } });
    await dataProvider.deleteMany('certificates', { ids: [key(4)] });
    expect(
      requests.map((request) => [request.method, `${request.url.pathname}${request.url.search}`, request.body]),
    ).toEqual([
      ['PUT', '/api/admin/keys', { ids: [key(1), key(2)], enable: false }],
      ['PUT', '/api/admin/keys', { ids: [key(1)], enable: true }],
      ['DELETE', '/api/admin/keys?campaignId=12', [key(3)]],
      ['DELETE', '/api/admin/keys', [key(4)]],
    ]);
    await expect(dataProvider.updateMany('certificates', { ids: [key(1)], data: { StatusID: 3 } })).rejects.toThrow();
  });

  it("turns the server's refusals into react-admin errors with the status and the body", async () => {
    answer = () => HttpResponse.json({ code: 'FORBIDDEN', message: 'Forbidden', reason: 'nft' }, { status: 403 });
    const refused = await dataProvider.deleteMany('certificates', { ids: [key(1)] }).then(
      () => null,
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(HttpError);
    expect((refused as HttpError).status).toBe(403);
    expect((refused as HttpError).body).toMatchObject({ reason: 'nft' });
  });

  it('reads the report header, and the register errors of a refused export as a result', async () => {
    answer = () => HttpResponse.json({ campaign: null, template: { id: 3 }, counters: { total: 1 } });
    expect(await dataProvider.reportHeader({ templateId: 3 })).toMatchObject({ template: { id: 3 } });
    expect(`${requests[0].url.pathname}${requests[0].url.search}`).toBe('/api/admin/report?templateId=3');

    const errors = [{ idTechnique: key(7), EvidenzId: 7, messageErreur: 'sexe is missing' }];
    answer = () =>
      HttpResponse.json(
        { code: 'CPF_DATA_ERRORS', message: 'Some data cannot be declared', errors, errorCount: 1 },
        { status: 422 },
      );
    expect(await dataProvider.cpfControl(3)).toEqual({ errors, errorCount: 1 });
    const refused = await dataProvider.cpfExport({ templateId: 3, campaignId: 12 }).then(
      () => null,
      (error: unknown) => error,
    );
    expect(`${requests.at(-1)?.url.pathname}${requests.at(-1)?.url.search}`).toBe(
      '/api/export/cpf?templateId=3&campaignId=12',
    );
    expect(cpfDataErrors(refused)).toEqual({ errors, errorCount: 1 });

    answer = () => new HttpResponse('<flux/>', { headers: { 'content-type': 'application/xml' } });
    expect(await dataProvider.cpfControl(3)).toEqual({ errors: [], errorCount: 0 });
    answer = () => HttpResponse.json({ code: 'INTERNAL' }, { status: 500 });
    await expect(dataProvider.cpfControl(3)).rejects.toBeInstanceOf(HttpError);
  });
});

describe('the campaigns resource', () => {
  it('asks a page with only the filters that are set, and answers the total', async () => {
    answer = () => HttpResponse.json({ campaigns: [{ ID: 9, label: 'Data' }], lastCampaign: null, nbCampaigns: 31 });
    const result = await dataProvider.getList('campaigns', {
      filter: { q: ' spring ', startDate: '2026-11-01', endDate: '2026-11-23', templateId: 4 },
      pagination: { page: 2, perPage: 25 },
      sort: { field: 'id', order: 'DESC' },
    });
    expect(requests[0].method).toBe('POST');
    expect(`${requests[0].url.pathname}?${requests[0].url.searchParams}`).toBe(
      '/api/admin/campaigns?offset=25&limit=25&templateId=4&filter=spring&startDate=2026-11-01&endDate=2026-11-23',
    );
    expect(result).toEqual({ data: [{ ID: 9, id: 9, label: 'Data' }], total: 31 });
    await dataProvider.getList('campaigns', {
      filter: {},
      pagination: { page: 1, perPage: 25 },
      sort: { field: 'id', order: 'DESC' },
    });
    expect(requests[1].url.search).toBe('?offset=0&limit=25');
  });

  it('fails with the status of a refused call', async () => {
    answer = () => HttpResponse.json({ code: 'UNAUTHORIZED' }, { status: 401 });
    await expect(
      dataProvider.getList('campaigns', {
        filter: {},
        pagination: { page: 1, perPage: 25 },
        sort: { field: 'id', order: 'ASC' },
      }),
    ).rejects.toMatchObject({ status: 401 });
  });
});
