import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { storeToken } from '../session/tokenStorage';
import { badgeImageMethods } from './badgeImages';
import { dataProvider } from './dataProvider';
import { failure, recordingServer } from './testServer';

/**
 * The badge-images resource through ra-data-simple-rest (REST conventions, issue 13) and the library's calls that
 * are not CRUD (the spec's badge_lib calls): the request each sends and how a refusal becomes react-admin's HttpError.
 */
const api = recordingServer();
const { seen, calls } = api;
const model = { version: 1, data: [] } as never;
const gold = { id: 7, name: 'Gold', createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-02T00:00:00.000Z' };

describe('the badge-images resource (ra-data-simple-rest)', () => {
  it('asks a page with sort, range and filter as JSON, with the token, and reads the total from Content-Range', async () => {
    storeToken('header.payload.signature');
    api.answer = () => HttpResponse.json([gold], { headers: { 'Content-Range': 'badge-images 48-48/49' } });
    const page = await dataProvider.getList('badge-images', {
      pagination: { page: 2, perPage: 48 },
      sort: { field: 'name', order: 'DESC' },
      filter: { q: 'gol' },
    });
    expect(page).toEqual({ data: [gold], total: 49 });
    const url = new URL(seen[0].url, 'http://x');
    expect(url.pathname).toBe('/api/badge-images');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      sort: '["name","DESC"]',
      range: '[48,95]',
      filter: '{"q":"gol"}',
    });
    expect([seen[0].method, seen[0].auth, seen[0].range]).toEqual([
      'GET',
      'Bearer header.payload.signature',
      'badge-images=48-95',
    ]);
  });

  it('reads one image with its model, several by ids, creates, replaces and deletes one or several', async () => {
    api.answer = (url, method) => {
      if (method === 'GET' && url.pathname === '/api/badge-images') return HttpResponse.json([gold]);
      if (method === 'POST') return HttpResponse.json({ ...gold, id: 9, name: 'New', model }, { status: 201 });
      if (method === 'DELETE') return HttpResponse.json({ ...gold, id: Number(url.pathname.split('/').pop()) });
      return HttpResponse.json({ ...gold, model });
    };
    expect((await dataProvider.getOne('badge-images', { id: 7 })).data).toEqual({ ...gold, model });
    expect((await dataProvider.getMany('badge-images', { ids: [7, 8] })).data).toEqual([gold]);
    expect((await dataProvider.create('badge-images', { data: { name: 'New', model } })).data).toMatchObject({
      id: 9,
      name: 'New',
    });
    await dataProvider.update('badge-images', { id: 7, data: { name: 'Gold', model }, previousData: gold });
    expect((await dataProvider.delete('badge-images', { id: 7, previousData: gold })).data).toMatchObject({ id: 7 });
    expect((await dataProvider.deleteMany('badge-images', { ids: [7, 8] })).data).toEqual([7, 8]);
    expect(calls()).toEqual([
      ['GET', '/api/badge-images/7', null],
      ['GET', `/api/badge-images?filter=${encodeURIComponent('{"id":[7,8]}')}`, null],
      ['POST', '/api/badge-images', { name: 'New', model }],
      ['PUT', '/api/badge-images/7', { name: 'Gold', model }],
      ['DELETE', '/api/badge-images/7', null],
      ['DELETE', '/api/badge-images/7', null],
      ['DELETE', '/api/badge-images/8', null],
    ]);
  });

  it("turns a refusal into an HttpError with the server's code: 404 for an unknown image, 400 for a bad name", async () => {
    api.answer = () => HttpResponse.json({ code: 'NOT_FOUND', message: 'No such badge image' }, { status: 404 });
    const missing = await failure(() => dataProvider.getOne('badge-images', { id: 99 }));
    expect([missing.status, missing.body]).toEqual([404, { code: 'NOT_FOUND', message: 'No such badge image' }]);
    api.answer = () =>
      HttpResponse.json(
        { code: 'BADGE_IMAGE_NAME_INVALID', message: 'The image name is empty or too long', problem: 'empty' },
        { status: 400 },
      );
    const refused = await failure(() => dataProvider.create('badge-images', { data: { name: ' ', model } }));
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: 'BADGE_IMAGE_NAME_INVALID', problem: 'empty' });
  });
});

describe("the library's calls that are not CRUD (the spec's badge_lib calls)", () => {
  it('ask thumbnails by ids, render a model, read icons and fonts', async () => {
    api.answer = (url) => {
      if (url.pathname === '/api/badge_lib/details')
        return HttpResponse.json({ '7': { name: 'Gold', model, thumbnail: 'data:image/png;base64,' } });
      if (url.pathname === '/api/badge_lib/render') return HttpResponse.json({ png: 'data:image/png;base64,AA' });
      return HttpResponse.json([]);
    };
    expect(await badgeImageMethods.badgeImageThumbnails([7])).toEqual({ 7: 'data:image/png;base64,' });
    expect(await badgeImageMethods.badgeImageThumbnails([])).toEqual({});
    expect(await badgeImageMethods.renderBadgeImage(model, 480)).toBe('data:image/png;base64,AA');
    await badgeImageMethods.badgeIconCatalogue();
    await badgeImageMethods.badgeFontManifest();
    expect(calls()).toEqual([
      ['POST', '/api/badge_lib/details', { ids: [7], limit: 1 }],
      ['POST', '/api/badge_lib/render', { model, size: 480 }],
      ['GET', '/api/badge_lib/icons', null],
      ['GET', '/api/badge_lib/fonts', null],
    ]);
  });

  it('turn a refused render into an HttpError', async () => {
    api.answer = () =>
      HttpResponse.json({ code: 'INVALID_BADGE_MODEL', message: 'The badge model is not valid' }, { status: 400 });
    const error = await failure(() => badgeImageMethods.renderBadgeImage(model));
    expect([error.status, (error.body as { code: string }).code]).toEqual([400, 'INVALID_BADGE_MODEL']);
  });
});
