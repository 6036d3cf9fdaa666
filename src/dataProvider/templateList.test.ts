import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { HttpError } from 'react-admin';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { clearToken, storeToken } from '../session/tokenStorage';
import { dataProvider } from './dataProvider';

/** What GET /api/templates received: its query parameters, JSON ones parsed. */
const seen: {
  sort: unknown;
  range: [number, number];
  filter: unknown;
  language: string | null;
  auth: string | null;
}[] = [];
let answer: (range: [number, number]) => Response = () => HttpResponse.json([]);

const server = setupServer(
  http.get('*/api/templates', ({ request }) => {
    const url = new URL(request.url);
    const range = JSON.parse(url.searchParams.get('range') ?? '[]') as [number, number];
    seen.push({
      sort: JSON.parse(url.searchParams.get('sort') ?? 'null'),
      range,
      filter: JSON.parse(url.searchParams.get('filter') ?? 'null'),
      language: url.searchParams.get('language'),
      auth: request.headers.get('authorization'),
    });
    return answer(range);
  }),
  http.get('*/api/templates/facets', () =>
    HttpResponse.json({ count: 2, types: ['cpf'], modes: ['Classic'], pathwayParents: false, tags: ['STEM'] }),
  ),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  seen.length = 0;
  answer = () => HttpResponse.json([]);
  clearToken();
});
afterAll(() => server.close());

/** An issuer with `total` templates whose ids are their positions. */
const issuerWith =
  (total: number) =>
  ([first, last]: [number, number]) => {
    const rows = Array.from({ length: Math.max(0, Math.min(last, total - 1) - first + 1) }, (_, i) => ({
      id: first + i,
    }));
    const end = rows.length === 0 ? first : first + rows.length - 1;
    return HttpResponse.json(rows, { headers: { 'content-range': `templates ${first}-${end}/${total}` } });
  };

describe('the templates resource', () => {
  it("sends react-admin's page, sort, filter and the label language, and reads the total from Content-Range", async () => {
    storeToken('session-token');
    answer = issuerWith(57);
    const page = await dataProvider.getList('templates', {
      pagination: { page: 2, perPage: 24 },
      sort: { field: 'label', order: 'DESC' },
      filter: { q: 'data', status: 1, tags: ['STEM'] },
      meta: { language: 'fr' },
    });
    expect(seen).toEqual([
      {
        sort: ['label', 'DESC'],
        range: [24, 47],
        filter: { q: 'data', status: 1, tags: ['STEM'] },
        language: 'fr',
        auth: 'Bearer session-token',
      },
    ]);
    expect(page.total).toBe(57);
    expect(page.data.map((t) => t.id)).toEqual(Array.from({ length: 24 }, (_, i) => 24 + i));
  });

  it('reads a page larger than the server answers at once in several calls, and stops at the end', async () => {
    answer = issuerWith(1_200);
    const all = await dataProvider.getList('templates', {
      pagination: { page: 1, perPage: 10_000 },
      sort: { field: 'id', order: 'ASC' },
      filter: {},
    });
    expect(seen.map((s) => s.range)).toEqual([
      [0, 499],
      [500, 999],
      [1000, 1499],
    ]);
    expect(all.total).toBe(1_200);
    expect(all.data).toHaveLength(1_200);
    // a sort field the server does not know is sent as the id, an unknown locale as English
    await dataProvider.getList('templates', {
      pagination: { page: 1, perPage: 5 },
      sort: { field: 'name', order: 'ASC' },
      filter: {},
      meta: { language: 'de' },
    });
    expect(seen.at(-1)).toMatchObject({ sort: ['id', 'ASC'], language: 'en' });
  });

  it("turns the server's refusals into react-admin errors", async () => {
    answer = () => HttpResponse.json({ code: 'FST_ERR_VALIDATION', message: 'querystring/filter' }, { status: 400 });
    const error = await dataProvider
      .getList('templates', { pagination: { page: 1, perPage: 5 }, sort: { field: 'id', order: 'ASC' }, filter: {} })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).status).toBe(400);
    answer = () => HttpResponse.json({ code: 'UNAUTHORIZED', message: 'sign in' }, { status: 401 });
    const unsigned = await dataProvider
      .getList('templates', { pagination: { page: 1, perPage: 5 }, sort: { field: 'id', order: 'ASC' }, filter: {} })
      .catch((e: unknown) => e);
    expect((unsigned as HttpError).status).toBe(401);
  });

  it("reads the drawer's facets", async () => {
    expect(await dataProvider.templateFacets()).toEqual({
      count: 2,
      types: ['cpf'],
      modes: ['Classic'],
      pathwayParents: false,
      tags: ['STEM'],
    });
  });
});
