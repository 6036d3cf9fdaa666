import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  DESIGN_IMAGE_MAX_BYTES,
  DESIGN_IMAGE_WARNING_BYTES,
  designImageDataUrl,
} from '../../domain/templateRules/images';
import { defaultStyle, type CStyle } from '../../domain/templateRules/style';
import { signInAdmin } from './signIn';
import { badgePayload, JPEG, PNG, postForm, setIssuer, SVG, svgLogo } from './templateFixtures';
import { createTestApp, TEST_DATABASES, type TestApp } from './testApp';

/** A PNG by its content (the signature) of `size` bytes. */
function pngOfSize(size: number): Buffer {
  const bytes = Buffer.alloc(size);
  PNG.copy(bytes, 0, 0, 8);
  return bytes;
}

const customDesign = (designImage: string): CStyle => ({ ...defaultStyle(), layout: 'CUSTOM_LAYOUT', designImage });

describe.each(TEST_DATABASES)('the design image on %s', (database) => {
  let t: TestApp;
  let headers: Record<string, string>;
  let issuerId: number;
  beforeEach(async () => {
    t = await createTestApp(database);
    ({ headers, issuerId } = await signInAdmin(t.app));
    await setIssuer(t.app, issuerId, { params: { hasCustomDesign: true } });
  });
  afterEach(async () => {
    await t.close();
  });

  const get = (url: string) => t.app.inject({ method: 'GET', url });
  const save = (cstyle: unknown) => postForm(t.app, headers, badgePayload({ cstyle, publicSample: true }), [svgLogo()]);
  const storedStyles = async () =>
    (await t.app.laurel.db.selectFrom('templates').select('cstyle').orderBy('id').execute()).map(
      (row) => JSON.parse(row.cstyle) as CStyle,
    );

  it('is kept in a custom design and shown large by the public template page and the thumbnail', async () => {
    const image = designImageDataUrl(PNG);
    const created = await save(customDesign(image));
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json<{ id: number }>().id;
    const detail = await t.app.inject({ method: 'GET', url: `/api/admin/template?id=${id}`, headers });
    expect(detail.json().meta_cstyle).toEqual(customDesign(image));
    expect(await storedStyles()).toEqual([customDesign(image)]);

    const page = await get(`/template/${issuerId}&${id}`);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-security-policy']).toContain("img-src 'self' data:");
    expect(page.body).toContain('<body class="layout-CUSTOM_LAYOUT">');
    expect(page.body).toContain(`<img src="${image}" alt="Design: Data analysis" class="design-image" loading="lazy">`);
    // the design image takes the badge's place
    expect(page.body).not.toContain('alt="Badge: Data analysis"');
    const french = await get(`/template/${issuerId}&${id}?lang=fr`);
    expect(french.body).toContain(`<img src="${image}" alt="Visuel : Analyse de données"`);

    const thumbnail = await get(`/template/${issuerId}&${id}/thumbnail.svg`);
    expect(thumbnail.body).toContain(`href="${image}"`);
    expect(thumbnail.body).not.toContain(SVG.toString('base64'));
  });

  it('accepts a large image (above 75 % of 50000 bytes) and one of exactly 50000 bytes', async () => {
    for (const size of [DESIGN_IMAGE_WARNING_BYTES + 1, DESIGN_IMAGE_MAX_BYTES]) {
      const created = await save(customDesign(designImageDataUrl(pngOfSize(size))));
      expect(created.statusCode, created.body).toBe(201);
    }
    expect((await storedStyles()).map((style) => style.designImage?.length)).toEqual([
      designImageDataUrl(pngOfSize(DESIGN_IMAGE_WARNING_BYTES + 1)).length,
      designImageDataUrl(pngOfSize(DESIGN_IMAGE_MAX_BYTES)).length,
    ]);
  });

  it('refuses an image that is not a PNG, too large, or not a base64 PNG data URL, and stores nothing', async () => {
    const refusals: [string, string][] = [
      [designImageDataUrl(JPEG), 'bad_type'],
      [designImageDataUrl(SVG), 'bad_type'],
      [designImageDataUrl(pngOfSize(DESIGN_IMAGE_MAX_BYTES + 1)), 'too_large'],
      [`data:image/svg+xml;base64,${SVG.toString('base64')}`, 'bad_data_url'],
      [`data:image/jpeg;base64,${PNG.toString('base64')}`, 'bad_data_url'],
      ['https://example.org/design.png', 'bad_data_url'],
      ['data:image/png;base64,not base64!', 'bad_data_url'],
      [`data:image/png;base64,${PNG.toString('base64url')}"><script>alert(1)</script>`, 'bad_data_url'],
    ];
    for (const [designImage, code] of refusals) {
      const response = await save(customDesign(designImage));
      expect(response.statusCode, designImage.slice(0, 40)).toBe(400);
      expect(response.json()).toEqual({
        code: 'VALIDATION_ERROR',
        message: 'The template is not valid',
        fields: { 'cstyle.designImage': code },
      });
    }
    const huge = await save(customDesign(`data:image/png;base64,${'A'.repeat(200_001)}`));
    expect(huge.statusCode).toBe(400);
    expect(huge.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      issues: [expect.objectContaining({ path: '/cstyle/designImage' })],
    });
    expect(await storedStyles()).toEqual([]);
  });

  it('is not kept with another layout, which does not show it', async () => {
    const created = await save({ ...defaultStyle(), layout: 'oneCol', designImage: designImageDataUrl(PNG) });
    expect(created.statusCode, created.body).toBe(201);
    expect(await storedStyles()).toEqual([defaultStyle()]);
    const page = await get(`/template/${issuerId}&${created.json<{ id: number }>().id}`);
    expect(page.body).not.toContain('data:image/png');
    expect(page.body).toContain('alt="Badge: Data analysis"');
  });
});
