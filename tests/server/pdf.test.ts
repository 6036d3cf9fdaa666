import JSZip from 'jszip';
import { PDFDict, PDFDocument, PDFName } from 'pdf-lib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PROFILE } from '../../domain/roles';
import { plainText } from '../../server/services/pdf/certificatePdf';
import { addIssuer, addUser, bearer, signIn, signInAdmin } from './signIn';
import { createBadgeTemplate, publishRows, recipientRows } from './publicationFixtures';
import { createTestApp, TEST_DATABASES, type TestApp } from './testApp';

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

  it('prints Markdown as plain text', () => {
    expect(plainText('## Goals\n- **Read** [docs](https://x.example)\n* _write_ `code`')).toBe(
      'Goals\n• Read docs\n• write code',
    );
  });
});
