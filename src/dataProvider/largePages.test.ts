import { describe, expect, it } from 'vitest';
import type { GetListParams } from 'react-admin';
import { getListInPages } from './largePages';

/** A server of `count` rows answering at most `max` per call, recording the pages asked. */
function server(count: number, max: number) {
  const asked: [number, number][] = [];
  const getList = async (params: GetListParams) => {
    const { page, perPage } = params.pagination!;
    if (perPage > max) throw new Error('too many rows asked');
    asked.push([page, perPage]);
    const start = (page - 1) * perPage;
    const data = Array.from({ length: Math.max(0, Math.min(perPage, count - start)) }, (_, i) => ({ id: start + i }));
    return { data, total: count };
  };
  return { asked, getList };
}

const params = (page: number, perPage: number): GetListParams => ({
  pagination: { page, perPage },
  sort: { field: 'id', order: 'ASC' },
  filter: { q: 'x' },
});

describe('a page larger than the server answers', () => {
  it('passes a page the server can answer as it is', async () => {
    const { asked, getList } = server(1000, 200);
    expect((await getListInPages(params(3, 25), 200, getList)).data.map((r) => r.id)[0]).toBe(50);
    expect(asked).toEqual([[3, 25]]);
  });

  it("reads an export's page in calls of the server's size, until the total", async () => {
    const { asked, getList } = server(450, 200);
    const answer = await getListInPages(params(1, 100_000), 200, getList);
    expect(answer.total).toBe(450);
    expect(answer.data.map((r) => r.id)).toEqual(Array.from({ length: 450 }, (_, i) => i));
    expect(asked).toEqual([
      [1, 200],
      [2, 200],
      [3, 200],
    ]);
  });

  it('stops at the asked page size, and lines the calls up with a later page', async () => {
    const { asked, getList } = server(5000, 200);
    const answer = await getListInPages(params(2, 300), 200, getList);
    expect(answer.data.map((r) => r.id)).toEqual(Array.from({ length: 300 }, (_, i) => 300 + i));
    expect(asked).toEqual([
      [4, 100],
      [5, 100],
      [6, 100],
    ]);
  });

  it('answers an empty list with one call', async () => {
    const { asked, getList } = server(0, 200);
    expect(await getListInPages(params(1, 1000), 200, getList)).toEqual({ data: [], total: 0 });
    expect(asked).toEqual([[1, 200]]);
  });
});
