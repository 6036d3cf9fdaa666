import JSZip from 'jszip';
import { decodePDFRawStream, PDFArray, PDFDict, PDFDocument, PDFName, PDFRawStream, rgb } from 'pdf-lib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PROFILE } from '../../domain/roles';
import { STYLE_PRESETS } from '../../domain/templateRules/style';
import { pdfColor, plainText } from '../../server/services/pdf/certificatePdf';
import { addIssuer, addUser, bearer, signIn, signInAdmin } from './signIn';
import { createBadgeTemplate, publishRows, recipientRows } from './publicationFixtures';
import { badgePayload, pngImage, postForm } from './templateFixtures';
import { createTestApp, TEST_DATABASES, type TestApp } from './testApp';

/** What a PDF's first page draws: its content stream operators as text, and its images. */
async function pageContent(bytes: Uint8Array): Promise<{ operators: string; texts: string[]; images: number }> {
  const document = await PDFDocument.load(bytes);
  const page = document.getPage(0);
  const contents = page.node.Contents();
  const streams = contents instanceof PDFArray ? contents.asArray() : contents ? [contents] : [];
  let operators = '';
  for (const reference of streams) {
    const stream = document.context.lookup(reference);
    if (stream instanceof PDFRawStream)
      operators += Buffer.from(decodePDFRawStream(stream).decode()).toString('latin1');
  }
  // the standard fonts' texts are written as hex strings of WinAnsi bytes
  const texts = [...operators.matchAll(/<([0-9A-Fa-f]*)> Tj/g)].map((match) =>
    Buffer.from(match[1], 'hex').toString('latin1'),
  );
  const xObjects = page.node.Resources()?.lookup(PDFName.of('XObject'));
  const images = xObjects instanceof PDFDict ? xObjects.keys().length : 0;
  return { operators, texts, images };
}

/** How pdf-lib writes a fill colour. */
const fillOperator = (hex: string) => {
  const { red, green, blue } = pdfColor(hex, rgb(0, 0, 0)) as { red: number; green: number; blue: number };
  return `${red} ${green} ${blue} rg`;
};

describe.each(TEST_DATABASES)('certificate PDFs on %s', (database) => {
  let t: TestApp;
  let headers: Record<string, string>;
  let keys: string[];
  beforeEach(async () => {
    t = await createTestApp(database);
    ({ headers } = await signInAdmin(t.app));
    const templateId = await createBadgeTemplate(t.app, headers);
    const rows = recipientRows(3);
    rows[0].firstName = 'Zoë <script>';
    rows[1].firstName = 'Łukasz';
    rows[1].lastName = 'Żółć-Ελένη';
    await publishRows(t.app, headers, templateId, rows);
    keys = (await t.app.laurel.db.selectFrom('certificates').select('key').orderBy('id').execute()).map((r) => r.key);
  });
  afterEach(async () => {
    await t.close();
  });

  it('serves a one-page PDF with the certificate, and none once it is deleted', async () => {
    const pdf = await t.app.inject({ method: 'GET', url: `/certificate/${keys[0]}/certificate.pdf?download=1` });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toMatch(/^attachment; filename="certificate-/);
    const document = await PDFDocument.load(pdf.rawPayload);
    expect(document.getPageCount()).toBe(1);
    expect(document.getTitle()).toBe('Data analysis');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    await t.app.inject({ method: 'DELETE', url: '/api/admin/keys', headers, payload: [keys[0]] });
    expect((await t.app.inject({ method: 'GET', url: `/certificate/${keys[0]}/certificate.pdf` })).statusCode).toBe(
      404,
    );
    expect((await t.app.inject({ method: 'GET', url: '/certificate/not-a-key/certificate.pdf' })).statusCode).toBe(404);
  });

  /** The document service: ask, poll ready (the worker renders meanwhile), download. */
  async function document(request: () => Promise<{ statusCode: number; json(): { token: string; ready: boolean } }>) {
    const asked = await request();
    expect(asked.statusCode).toBe(200);
    const { token, ready } = asked.json();
    expect(ready).toBe(false);
    const before = await t.app.inject({ method: 'GET', url: `/api/document/ready/${token}` });
    expect(before.json()).toEqual({ ready: false });
    await t.app.laurel.jobs.runUntilIdle();
    const after = await t.app.inject({ method: 'GET', url: `/api/document/ready/${token}` });
    expect(after.json()).toEqual({ ready: true, url: `/api/document/download/${token}` });
    return t.app.inject({ method: 'GET', url: after.json().url });
  }

  it('prepares one PDF through the document service, then lets the browser download it', async () => {
    const downloaded = await document(() =>
      t.app.inject({ method: 'GET', url: `/api/document/${keys[1]}?env=prod&lang=en`, headers }),
    );
    expect(downloaded.headers['content-type']).toBe('application/pdf');
    expect((await PDFDocument.load(downloaded.rawPayload)).getPageCount()).toBe(1);
    expect((await t.app.inject({ method: 'GET', url: `/api/document/download/${'0'.repeat(64)}` })).statusCode).toBe(
      404,
    );
    expect((await t.app.inject({ method: 'GET', url: '/api/document/ready/not-a-token' })).json()).toEqual({
      ready: false,
    });
  });

  it('exports the selected active certificates as a zip of PDFs, within the issuer', async () => {
    await t.app.inject({ method: 'PUT', url: '/api/admin/keys', headers, payload: { ids: [keys[2]], enable: false } });
    const exported = await document(() =>
      t.app.inject({ method: 'POST', url: '/api/admin/pdf', headers, payload: { keys } }),
    );
    expect(exported.headers['content-type']).toBe('application/zip');
    const zip = await JSZip.loadAsync(exported.rawPayload);
    const names = Object.keys(zip.files);
    expect(names).toHaveLength(2);
    expect(names.every((name) => name.endsWith('.pdf'))).toBe(true);

    const other = await addIssuer(t.app, 'Other school');
    await addUser(t.app, other, 'admin@other.example', PROFILE.Administrator);
    const outsider = bearer(await signIn(t.app, 'admin@other.example'));
    const theirs = await t.app.inject({ method: 'POST', url: '/api/admin/pdf', headers: outsider, payload: { keys } });
    expect(theirs.statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: `/api/document/${keys[0]}`, headers: outsider })).statusCode).toBe(
      404,
    );
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/admin/pdf', headers, payload: { keys: ['x'] } })).statusCode,
    ).toBe(400);
  });

  it('answers 429 while too many documents are being prepared', async () => {
    const ask = () => t.app.inject({ method: 'GET', url: `/api/document/${keys[1]}`, headers });
    for (let i = 0; i < 5; i++) expect((await ask()).statusCode).toBe(200);
    const sixth = await ask();
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().code).toBe('TOO_MANY_REQUESTS');
    await t.app.laurel.jobs.runUntilIdle();
    expect((await ask()).statusCode).toBe(200);
  });

  /** The base names of the fonts a PDF embeds (pdf-lib names a subset with a numbered suffix). */
  async function fontNames(key: string): Promise<string[]> {
    const pdf = await t.app.inject({ method: 'GET', url: `/certificate/${key}/certificate.pdf` });
    const loaded = await PDFDocument.load(pdf.rawPayload);
    return loaded.context
      .enumerateIndirectObjects()
      .map(([, object]) => object)
      .filter((object): object is PDFDict => object instanceof PDFDict)
      .filter((dict) => dict.get(PDFName.of('Type')) === PDFName.of('Font'))
      .map((dict) =>
        String(dict.get(PDFName.of('BaseFont')))
          .replace(/^\//, '')
          .replace(/-\d+$/, ''),
      )
      .filter((name) => name !== 'undefined');
  }

  it('writes Latin-1 names with the standard font and other scripts with an embedded Unicode font', async () => {
    expect(new Set(await fontNames(keys[0]))).toEqual(new Set(['Helvetica', 'Helvetica-Bold']));
    const unicode = await fontNames(keys[1]);
    expect(new Set(unicode)).toEqual(new Set(['DejaVuSans', 'DejaVuSans-Bold']));
  });

  it('prints Markdown as plain text, links with their address', () => {
    expect(plainText('## Goals\n- **Read** [docs](https://x.example)\n- _write_ it')).toBe(
      'Goals\n\n• Read docs (https://x.example)\n• write it',
    );
  });

  it("draws the template's design: the issuer's logo, the badge, the preset's colours, labels apart from values", async () => {
    const preset = STYLE_PRESETS.find((candidate) => candidate.id === 'terracotta') ?? STYLE_PRESETS[1];
    const created = await postForm(
      t.app,
      headers,
      badgePayload({
        badge: { fr: 'badge.png', en: 'badge.png' },
        issuerLogo: 'issuer.png',
        cstyle: preset.cstyle,
      }),
      [pngImage('badgeImage', 'badge.png'), pngImage('issuerImage', 'issuer.png')],
    );
    expect(created.statusCode, created.body).toBe(201);
    const templateId = created.json<{ id: number }>().id;
    // each recipient in both of the template's languages; the first row's language is the certificate's
    const [first, second] = recipientRows(2, 'en');
    const rows = [first, { ...first, Language: 'fr' }, { ...second, Language: 'fr' }, second];
    const published = await publishRows(t.app, headers, templateId, rows);
    expect(published.statusCode, published.body).toBe(200);
    const designed = await t.app.laurel.db
      .selectFrom('certificates')
      .select(['key', 'language'])
      .where('template_id', '=', templateId)
      .orderBy('id')
      .execute();
    const pdfOf = async (key: string) =>
      pageContent((await t.app.inject({ method: 'GET', url: `/certificate/${key}/certificate.pdf` })).rawPayload);

    const english = await pdfOf(designed[0].key);
    expect(english.images).toBe(2);
    const style = (preset.cstyle as { style: { title: { background: string }; root: { background: string } } }).style;
    expect(english.operators).toContain(fillOperator(style.title.background));
    expect(english.operators).toContain(fillOperator(style.root.background));
    // the label and its value are two texts: "DATE OF CERTIFICATION:" and "November 20, 2026"
    expect(english.texts).toContain('DATE OF CERTIFICATION:');
    expect(english.texts.some((text) => /^Nov\w* 20, 2026$/.test(text))).toBe(true);
    expect(english.texts).toContain('SKILLS:');
    expect(english.texts.some((text) => text.startsWith('SQL'))).toBe(true);
    expect(english.texts.join(' ')).not.toMatch(/certification \d/i);
    // in the recipient's language, with French punctuation
    const french = await pdfOf(designed[1].key);
    expect(french.texts).toContain('DATE DE CERTIFICATION :');
    expect(french.texts).toContain('Analyse de données');
  });

  it('reads the design colours as CSS writes them, and ignores what it cannot read', () => {
    expect(pdfColor('#fff', rgb(0, 0, 0))).toEqual(rgb(1, 1, 1));
    expect(pdfColor('#2E6B4F', rgb(0, 0, 0))).toEqual(rgb(46 / 255, 107 / 255, 79 / 255));
    expect(pdfColor('rgba(255, 0, 0, 0.5)', rgb(0, 0, 0))).toEqual(rgb(1, 0, 0));
    expect(pdfColor('white', rgb(0, 0, 0))).toEqual(rgb(1, 1, 1));
    expect(pdfColor('hsl(10 20% 30%)', rgb(0, 0, 1))).toEqual(rgb(0, 0, 1));
    expect(pdfColor('rebeccapurple', rgb(0, 0, 1))).toEqual(rgb(0, 0, 1));
  });
});
