import fs from 'node:fs';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { imageDimensions } from '../../domain/imageDimensions';
import { pdfCacheOf } from '../../server/services/pdf/certificateDocument';
import { hostileImages } from '../fixtures/hostile/corpus';
import { flatPng, jpegHeader, pngHeader } from '../support/images';
import { signInAdmin } from './signIn';
import { publishRows, recipientRows } from './publicationFixtures';
import { defaultStyle } from '../../domain/templateRules/style';
import { badgePayload, multipartForm, postForm, setIssuer, svgLogo, type FormPart } from './templateFixtures';
import { createTestApp, TEST_DATABASES, type TestApp } from './testApp';
import { postVerification, verificationDocument, verificationForm, verificationLogo } from './verificationFixtures';

/**
 * Issue 17, point 3: every uploaded image is bounded in pixels, read from its header before anything decodes
 * it, and stored at most at the size any page or PDF draws; a certificate's PDF is drawn once and kept until
 * its certificate or template changes.
 */
describe.each(TEST_DATABASES)('image bounds and the PDF cache on %s', (database) => {
  let t: TestApp;
  let headers: Record<string, string>;
  let issuerId: number;
  beforeEach(async () => {
    t = await createTestApp(database);
    ({ headers, issuerId } = await signInAdmin(t.app));
  });
  afterEach(async () => t.close());

  const pngLogo = (value: Buffer): FormPart => ({
    name: 'badgeImage',
    value,
    filename: 'logo.png',
    contentType: 'image/png',
  });
  const pngBadge = () => badgePayload({ badge: { fr: 'logo.png', en: 'logo.png' } });
  const storedLogo = async (id: number) => {
    const answer = await t.app.inject({ method: 'GET', url: `/api/issuer/${issuerId}/template/${id}/json`, headers });
    const key = answer.json<{ content: { en: { badge_logo: string } } }>().content.en.badge_logo;
    return fs.readFileSync(path.join(t.config.dataDir, 'files', key));
  };
  const templateCount = async () =>
    Number(
      (
        await t.app.laurel.db
          .selectFrom('templates')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('refuses a 12,000 × 12,000 PNG logo of 170 KB from its header, quickly, and stores nothing', async () => {
    const huge = flatPng(12_000, 12_000);
    expect(huge.length).toBeLessThan(550 * 1024);
    const started = Date.now();
    const refused = await postForm(t.app, headers, pngBadge(), [pngLogo(huge)]);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'editBadge.upload-error-too-many-pixels', part: 'badgeImage' });
    expect(Date.now() - started).toBeLessThan(2000);
    // a forged header alone, with no pixels behind it, is judged the same
    const forged = await postForm(t.app, headers, pngBadge(), [pngLogo(pngHeader(50_000, 50_000))]);
    expect(forged.json()).toMatchObject({ code: 'editBadge.upload-error-too-many-pixels' });
    expect(await templateCount()).toBe(0);
  });

  it('refuses every hostile image of the corpus as a logo with its code, and writes no file', async () => {
    for (const file of hostileImages()) {
      const type = file.name.endsWith('.svg') ? 'image/svg+xml' : 'image/png';
      const logo: FormPart = {
        name: 'badgeImage',
        value: Buffer.from(file.bytes),
        filename: file.name,
        contentType: type,
      };
      const answer = await postForm(t.app, headers, badgePayload({ badge: { fr: file.name, en: file.name } }), [logo]);
      expect.soft(answer.statusCode, `${file.name} (${file.why})`).toBe(400);
      expect.soft(answer.json<{ code: string }>().code, `${file.name} (${file.why})`).toBe(file.expected);
    }
    expect(await templateCount()).toBe(0);
    expect(fs.existsSync(path.join(t.config.dataDir, 'files', 'templates'))).toBe(false);
  });

  it('stores a large logo scaled down to 1,000 pixels once, and a small one as it came', async () => {
    const large = await postForm(t.app, headers, pngBadge(), [pngLogo(flatPng(3000, 2000, true))]);
    expect(large.statusCode, large.body).toBe(201);
    expect(imageDimensions(await storedLogo(large.json<{ id: number }>().id))).toEqual({
      format: 'png',
      width: 1000,
      height: 667,
    });
    const small = flatPng(400, 300);
    const kept = await postForm(t.app, headers, pngBadge(), [pngLogo(small)]);
    expect(kept.statusCode, kept.body).toBe(201);
    expect((await storedLogo(kept.json<{ id: number }>().id)).equals(small)).toBe(true);
  });

  it('bounds help attachments and the verification logo in pixels too', async () => {
    const help = multipartForm([
      { name: 'type', value: 'question' },
      { name: 'object', value: 'A screenshot' },
      { name: 'description', value: 'See the picture' },
      { name: 'language', value: 'en' },
      { name: 'files', value: jpegHeader(30_000, 30_000), filename: 'screen.jpg', contentType: 'image/jpeg' },
    ]);
    const refusedHelp = await t.app.inject({
      method: 'POST',
      url: '/api/contactus',
      headers: { ...headers, ...help.headers },
      payload: help.payload,
    });
    expect(refusedHelp.statusCode).toBe(400);
    expect(refusedHelp.json()).toMatchObject({ code: 'FILE_TOO_BIG', files: ['screen.jpg'] });

    await t.app.laurel.db.updateTable('issuers').set({ plan: 'ESSENTIALS_PACK' }).where('id', '=', issuerId).execute();
    const refusedDocument = await postVerification(
      t.app,
      headers,
      verificationForm({}, [
        verificationLogo(pngHeader(20_000, 20_000), 'logo.png', 'image/png'),
        verificationDocument(),
      ]),
    );
    expect(refusedDocument.statusCode).toBe(400);
    expect(refusedDocument.json()).toMatchObject({ code: 'VALIDATION_ERROR', fields: { hdLogo: 'too_large' } });
  });

  it('refuses a design image whose small PNG stands for a huge canvas', async () => {
    await setIssuer(t.app, issuerId, { params: { hasCustomDesign: true } });
    const customDesign = (png: Buffer) => ({
      ...defaultStyle(),
      layout: 'CUSTOM_LAYOUT',
      designImage: `data:image/png;base64,${png.toString('base64')}`,
    });
    const canvas = flatPng(5000, 5000);
    expect(canvas.length).toBeLessThan(50_000);
    const created = await postForm(t.app, headers, badgePayload({ cstyle: customDesign(canvas) }), [svgLogo()]);
    expect(created.statusCode).toBe(400);
    expect(await templateCount()).toBe(0);
    const fine = flatPng(500, 500);
    const accepted = await postForm(t.app, headers, badgePayload({ cstyle: customDesign(fine) }), [svgLogo()]);
    expect(accepted.statusCode, accepted.body).toBe(201);
  });

  it('draws a certificate PDF once, and again when its template changes', async () => {
    const created = await postForm(t.app, headers, badgePayload(), [svgLogo()]);
    const templateId = created.json<{ id: number }>().id;
    await publishRows(t.app, headers, templateId, recipientRows(1));
    const { key } = await t.app.laurel.db.selectFrom('certificates').select('key').executeTakeFirstOrThrow();
    const pdfOf = async () => {
      const answer = await t.app.inject({ method: 'GET', url: `/certificate/${key}/certificate.pdf` });
      expect(answer.statusCode).toBe(200);
      return answer.rawPayload;
    };
    const cache = pdfCacheOf(t.app.laurel.db);
    const first = await pdfOf();
    expect(cache.size.entries).toBe(1);
    const second = await pdfOf();
    expect(second.equals(first)).toBe(true);
    expect(cache.size).toEqual({ entries: 1, bytes: first.length });
    expect((await PDFDocument.load(first)).getTitle()).toBe('Data analysis');

    const updated = await postForm(
      t.app,
      headers,
      badgePayload({
        mode: 'update',
        id: templateId,
        content: {
          fr: { microcertitle: 'Analyse de données', label: 'Analyse' },
          en: { microcertitle: 'Data analysis with SQL', label: 'Analysis' },
        },
      }),
      [svgLogo()],
    );
    expect(updated.statusCode, updated.body).toBeLessThan(300);
    const third = await pdfOf();
    expect(third.equals(first)).toBe(false);
    expect((await PDFDocument.load(third)).getTitle()).toBe('Data analysis with SQL');
    // the new PDF replaced the old one: one entry per certificate and language
    expect(cache.size).toEqual({ entries: 1, bytes: third.length });
  });
});
