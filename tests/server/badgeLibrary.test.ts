import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BUNDLED_FONTS, type FontManifest } from '../../domain/badgeImage/fonts';
import { newElement, type BadgeModel } from '../../domain/badgeImage/model';
import { validateModel } from '../../domain/badgeImage/validate';
import { PROFILE } from '../../domain/roles';
import { defaultLibrary } from '../../server/services/badgeLibrary/defaultLibrary';
import { renderPng } from '../../server/services/badgeLibrary/thumbnails';
import { flatPng, jpegHeader, pngHeader } from '../support/images';
import { addIssuer, addUser, bearer, signIn, signInAdmin } from './signIn';
import { createTestApp, TEST_DATABASES, type TestApp } from './testApp';

const DEFAULT_NAMES = [
  'bachelor',
  'blockchain',
  'project-manager',
  'sales-strategy',
  'security',
  'thinker',
  'webanalyst',
];
const heroicon = readFileSync('node_modules/heroicons/24/outline/academic-cap.svg', 'utf8');
const design = (): BadgeModel => ({
  version: 1,
  data: [newElement('shape'), { ...newElement('text'), text: 'Hello', radius: 0.5 }, newElement('icon', heroicon)],
});
const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47]);

describe('the server renders each bundled family with its own font files', () => {
  it('draws a text differently in each family, and the same in an unknown weight as in its nearest face', () => {
    const png = (family: string, weight = 400) =>
      renderPng(
        {
          version: 1,
          data: [{ ...newElement('text'), text: 'Badge', scale: 1.2, font: { family, weight, style: 'normal' } }],
        },
        128,
      ).toString('base64');
    const drawn = BUNDLED_FONTS.map((family) => png(family.family));
    expect(new Set(drawn).size).toBe(BUNDLED_FONTS.length);
    expect(png('Lora', 600)).toBe(png('Lora', 700));
    expect(png('Lora', 700)).not.toBe(png('Lora', 400));
  });
});

describe('the default library', () => {
  it('has the seven designs, each a valid model', () => {
    const library = defaultLibrary();
    expect(library.map((d) => d.name)).toEqual(DEFAULT_NAMES);
    for (const { name, model } of library) expect([name, validateModel(model)]).toEqual([name, { ok: true, model }]);
  });
});

describe.each(TEST_DATABASES)('badge library calls on %s', (database) => {
  let t: TestApp;
  let headers: Record<string, string>;
  let issuerId: number;
  beforeEach(async () => {
    t = await createTestApp(database);
    ({ headers, issuerId } = await signInAdmin(t.app));
  });
  afterEach(async () => {
    await t.close();
  });

  type Entry = { name: string; model: BadgeModel; createdAt: string };
  const list = async (as = headers) => {
    const response = await t.app.inject({ method: 'GET', url: '/api/badge_lib/list', headers: as });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Record<string, Entry>>();
  };
  const save = (payload: object, as = headers) =>
    t.app.inject({ method: 'POST', url: '/api/badge_lib/model', headers: as, payload });
  const details = (ids: number[], as = headers, limit?: number) =>
    t.app.inject({ method: 'POST', url: '/api/badge_lib/details', headers: as, payload: { ids, limit } });
  const remove = (ids: number[], as = headers) =>
    t.app.inject({ method: 'DELETE', url: '/api/badge_lib/model', headers: as, payload: { ids } });
  const countRows = async (issuer: number) =>
    (await t.app.laurel.db.selectFrom('badge_images').select('id').where('issuer_id', '=', issuer).execute()).length;

  it('gives a new issuer the default library once, and lists it as a map from id to name and model', async () => {
    const first = await list();
    expect(
      Object.values(first)
        .map((e) => e.name)
        .sort(),
    ).toEqual(DEFAULT_NAMES);
    expect(Object.values(first).every((e) => e.model.version === 1 && e.model.data.length > 0)).toBe(true);
    const ids = Object.keys(first).map(Number);
    expect(ids.every((id) => Number.isInteger(id) && id > 0)).toBe(true);
    // emptying the library does not bring the defaults back
    expect((await remove(ids)).json()).toEqual({ deleted: 7 });
    expect(await list()).toEqual({});
  });

  it('creates with an empty id, answering the new id, then updates; details answer thumbnails', async () => {
    const created = await save({ id: '', name: ' My badge ', model: design() });
    expect(created.statusCode, created.body).toBe(200);
    const { id } = created.json<{ id: number }>();
    expect(id).toBeGreaterThan(0);
    const listed = await list();
    expect(listed[id]).toMatchObject({ name: 'My badge', model: design() });
    expect(Object.keys(listed)).toHaveLength(8);

    const updated = await save({ id, name: 'Renamed', model: { version: 1, data: [newElement('shape')] } });
    expect(updated.json()).toEqual({ id });
    const answer = await details([id]);
    expect(answer.statusCode).toBe(200);
    const entry = answer.json()[id];
    expect(entry).toMatchObject({ name: 'Renamed', model: { version: 1, data: [newElement('shape')] } });
    const png = Buffer.from(entry.thumbnail.replace('data:image/png;base64,', ''), 'base64');
    expect(png.subarray(0, 4)).toEqual(PNG_MAGIC);
    const row = await t.app.laurel.db
      .selectFrom('badge_images')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ issuer_id: issuerId, name: 'Renamed' });
    expect(JSON.parse(row.model)).toEqual({ version: 1, data: [newElement('shape')] });

    const all = Object.keys(await list()).map(Number);
    expect(Object.keys((await details(all, headers, 3)).json())).toHaveLength(3);
    // the library page's list: the same map with names and dates, without the models
    const light = await t.app.inject({ method: 'GET', url: '/api/badge_lib/list?models=false', headers });
    expect(light.statusCode, light.body).toBe(200);
    const summaries = light.json<Record<string, object>>();
    expect(Object.keys(summaries).map(Number).sort()).toEqual([...all].sort());
    expect(summaries[id]).toEqual({ name: 'Renamed', createdAt: row.created_at, updatedAt: row.updated_at });
    expect((await t.app.inject({ method: 'GET', url: '/api/badge_lib/list?models=no', headers })).statusCode).toBe(400);
    expect((await save({ id: 999_999, name: 'x', model: design() })).statusCode).toBe(404);
  });

  it('deletes only the ids sent', async () => {
    const ids = Object.keys(await list()).map(Number);
    const answer = await remove(ids.slice(0, 2));
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ deleted: 2 });
    expect(
      Object.keys(await list())
        .map(Number)
        .sort(),
    ).toEqual(ids.slice(2).sort());
    expect((await remove([])).statusCode).toBe(400);
  });

  it('refuses invalid models: out-of-range values, unknown types, another version, a script in an icon', async () => {
    await list();
    const invalid: [string, unknown][] = [
      ['out of range', { version: 1, data: [{ ...newElement('shape'), width: 2.5 }] }],
      ['rotation out of range', { version: 1, data: [{ ...newElement('text'), rotate: 200 }] }],
      ['unknown type', { version: 1, data: [{ type: 'video', x: 0 }] }],
      ['version', { version: 2, data: [] }],
      [
        'script',
        { version: 1, data: [newElement('icon', '<svg viewBox="0 0 24 24"><script>alert(1)</script></svg>')] },
      ],
      ['event', { version: 1, data: [newElement('icon', '<svg viewBox="0 0 24 24" onload="alert(1)"></svg>')] }],
      ['image type', { version: 1, data: [{ ...newElement('image'), image: 'data:image/svg+xml;base64,PHN2Zz4=' }] }],
    ];
    for (const [why, model] of invalid) {
      const answer = await save({ id: '', name: why, model });
      expect([why, answer.statusCode, answer.json().code]).toEqual([why, 400, 'INVALID_BADGE_MODEL']);
    }
    expect((await save({ id: '', name: 'no model' })).json()).toMatchObject({ code: 'VALIDATION_ERROR' });
    const detail = (await save({ id: '', name: 'x', model: invalid[0][1] })).json();
    expect(detail.errors).toEqual(['data[0].width: 2.5 outside 0.01..2']);
    expect(await countRows(issuerId)).toBe(7);
  });

  it('lets readers read and only users who can publish change the library', async () => {
    await list();
    const ids = Object.keys(await list()).map(Number);
    let createdByUsers = 0;
    for (const [profile, allowed] of [
      [PROFILE.Reader, false],
      [PROFILE.Publisher, true],
      [PROFILE.Manager, true],
    ] as const) {
      const email = `user${profile}@example.org`;
      await addUser(t.app, issuerId, email, profile);
      const as = bearer(await signIn(t.app, email));
      expect(Object.keys(await list(as))).toHaveLength(ids.length + createdByUsers);
      expect((await details([ids[0]], as)).statusCode).toBe(200);
      const created = await save({ id: '', name: `by ${profile}`, model: design() }, as);
      expect([profile, created.statusCode]).toEqual([profile, allowed ? 200 : 403]);
      if (allowed) createdByUsers += 1;
      const updated = await save({ id: ids[0], name: 'changed', model: design() }, as);
      expect([profile, updated.statusCode]).toEqual([profile, allowed ? 200 : 403]);
    }
    const reader = bearer(await signIn(t.app, `user${PROFILE.Reader}@example.org`));
    expect((await remove([ids[1]], reader)).statusCode).toBe(403);
    expect(await list()).toHaveProperty(String(ids[1]));
    expect((await t.app.inject({ method: 'GET', url: '/api/badge_lib/list' })).statusCode).toBe(401);
  });

  it('keeps each issuer to its own images', async () => {
    const mine = Object.keys(await list()).map(Number);
    const otherIssuer = await addIssuer(t.app, 'Other school');
    await addUser(t.app, otherIssuer, 'other@example.org', PROFILE.Administrator);
    const other = bearer(await signIn(t.app, 'other@example.org'));
    const theirs = Object.keys(await list(other)).map(Number);
    expect(theirs).toHaveLength(7);
    expect(theirs.some((id) => mine.includes(id))).toBe(false);
    expect((await details(mine, other)).json()).toEqual({});
    expect((await save({ id: mine[0], name: 'stolen', model: design() }, other)).statusCode).toBe(404);
    expect((await remove(mine, other)).json()).toEqual({ deleted: 0 });
    expect(await countRows(issuerId)).toBe(7);
    expect((await list())[mine[0]].name).not.toBe('stolen');
  });

  it('bounds embedded images in pixels from their header and refuses icons that draw nothing, writing nothing', async () => {
    const ids = Object.keys(await list()).map(Number);
    const before = await t.app.laurel.db.selectFrom('badge_images').selectAll().where('id', '=', ids[0]).execute();
    const withImage = (bytes: Buffer, mime = 'image/png'): BadgeModel => ({
      version: 1,
      data: [{ ...newElement('image'), image: `data:${mime};base64,${bytes.toString('base64')}` }],
    });
    // a real 12,000 × 12,000 PNG of about 140 KB (within the byte limit), a 9,000 pixels wide one, forged headers
    const huge = flatPng(12_000, 12_000);
    expect(huge.length).toBeLessThan(550 * 1024);
    const tooLarge: [string, BadgeModel][] = [
      ['12,000 × 12,000 png', withImage(huge)],
      ['9,000 × 100 png', withImage(flatPng(9000, 100))],
      ['forged png header', withImage(Buffer.concat([pngHeader(50_000, 50_000), Buffer.alloc(16)]))],
      ['forged jpeg header', withImage(jpegHeader(30_000, 30_000), 'image/jpeg')],
    ];
    for (const [why, model] of tooLarge) {
      const started = Date.now();
      for (const id of ['', ids[0]]) {
        const answer = await save({ id, name: why, model });
        expect([why, answer.statusCode]).toEqual([why, 400]);
        expect(answer.json()).toMatchObject({
          code: 'editBadge.upload-error-too-many-pixels',
          errors: ['data[0].image: image is larger than 4096 × 4096 pixels'],
        });
      }
      const render = await t.app.inject({ method: 'POST', url: '/api/badge_lib/render', headers, payload: { model } });
      expect([why, render.statusCode, render.json().code]).toEqual([
        why,
        400,
        'editBadge.upload-error-too-many-pixels',
      ]);
      // judged from the header: no decoding of 144 megapixels
      expect(Date.now() - started).toBeLessThan(3000);
    }
    // an icon whose SVG is allowed but draws nothing
    const emptyIcon = await save({
      id: '',
      name: 'empty icon',
      model: {
        version: 1,
        data: [newElement('icon', '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><g></g></svg>')],
      },
    });
    expect(emptyIcon.json()).toMatchObject({
      code: 'INVALID_BADGE_MODEL',
      errors: ['data[0].icon: the icon SVG draws nothing'],
    });
    expect(await countRows(issuerId)).toBe(7);
    expect(await t.app.laurel.db.selectFrom('badge_images').selectAll().where('id', '=', ids[0]).execute()).toEqual(
      before,
    );
    // at the bound, and a real picture, are taken
    const atBound = await save({ id: '', name: 'at bound', model: withImage(pngHeader(4096, 4096)) });
    expect(atBound.statusCode, atBound.body).toBe(200);
    expect((await save({ id: '', name: 'small', model: withImage(flatPng(300, 200)) })).statusCode).toBe(200);
  });

  it('renders a model to a 480x480 PNG, refusing an invalid one', async () => {
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/badge_lib/render',
      headers,
      payload: { model: design() },
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const png = Buffer.from(answer.json().png.replace('data:image/png;base64,', ''), 'base64');
    expect(png.subarray(0, 4)).toEqual(PNG_MAGIC);
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([480, 480]);
    const bad = { version: 1, data: [{ type: 'video' }] };
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/badge_lib/render',
      headers,
      payload: { model: bad },
    });
    expect(refused.statusCode).toBe(400);
  });

  it('serves the icon catalogue and the font manifest with its files', async () => {
    const icons = await t.app.inject({ method: 'GET', url: '/api/badge_lib/icons', headers });
    const catalogue = icons.json<{ name: string; group: string; style: string; data: string; hash: string }[]>();
    const groups = new Set(catalogue.map((i) => `${i.group}/${i.style}`));
    expect([...groups].sort()).toEqual(['heroicons/outline', 'heroicons/solid', 'lucide/outline']);
    expect(catalogue.length).toBeGreaterThan(2500);
    const cap = catalogue.find((i) => i.name === 'academic-cap' && i.style === 'solid')!;
    expect(cap.data).toMatch(/^<svg [^>]*viewBox="0 0 24 24"/);
    expect(cap.hash).toMatch(/^[0-9a-f]{12}$/);

    const manifest = (await t.app.inject({ method: 'GET', url: '/api/badge_lib/fonts' })).json<FontManifest>();
    expect(manifest.map((family) => family.family)).toEqual(['DejaVu Sans', 'Open Sans', 'Lora', 'Oswald']);
    // every face is a TrueType file (its first four bytes: version 1.0)
    for (const face of manifest.flatMap((family) => family.faces)) {
      const font = await t.app.inject({ method: 'GET', url: face.url });
      expect([face.file, font.statusCode, font.rawPayload.subarray(0, 4).toString('hex')]).toEqual([
        face.file,
        200,
        '00010000',
      ]);
      expect(font.rawPayload.length).toBeGreaterThan(50_000);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/badge_lib/fonts/..%2F..%2Fconfig.ts' })).statusCode).toBe(
      404,
    );
  });
});
