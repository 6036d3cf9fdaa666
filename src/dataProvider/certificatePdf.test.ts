import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { clearToken, storeToken } from '../session/tokenStorage';
import { downloadPdf, downloadPdfZip, pollDelay, type PdfDependencies } from './certificatePdf';

const KEY = 'a'.repeat(128);
const TOKEN = 'f'.repeat(64);

/** A document service on msw: answers the request, is ready after `readyAfter` polls, then serves the file. */
let options: { request?: () => Response; readyAfter?: number; ready?: () => Response; file?: () => Response } = {};
let polls = 0;
const calls: { method: string; url: string; auth: string | null; body: unknown }[] = [];

const server = setupServer(
  http.all('*/api/*', async ({ request }) => {
    const url = new URL(request.url);
    const text = await request.text();
    calls.push({
      method: request.method,
      url: `${url.pathname}${url.search}`,
      auth: request.headers.get('authorization'),
      body: text ? JSON.parse(text) : null,
    });
    if (url.pathname === `/api/document/ready/${TOKEN}`)
      return options.ready?.() ?? HttpResponse.json({ ready: ++polls > (options.readyAfter ?? 0), url: 'x' });
    if (url.pathname === `/api/document/download/${TOKEN}`)
      return options.file?.() ?? new HttpResponse('%PDF-1.7', { headers: { 'content-type': 'application/pdf' } });
    return options.request?.() ?? HttpResponse.json({ token: TOKEN, ready: false });
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  options = {};
  polls = 0;
  calls.length = 0;
  clearToken();
});
afterAll(() => server.close());

function browser() {
  const saved: { name: string; text: Promise<string> }[] = [];
  const waits: number[] = [];
  const deps: PdfDependencies = {
    save: (file, name) => saved.push({ name, text: file.text() }),
    sleep: async (ms) => {
      waits.push(ms);
    },
  };
  return { deps, saved, waits };
}

const refusal = (status: number) => () => HttpResponse.json({ code: 'X', message: 'no' }, { status });

describe('PDF download through the document service', () => {
  it('asks with the token, polls with waits of n + 2 seconds, then downloads', async () => {
    storeToken('session-token');
    options = { readyAfter: 2 };
    const b = browser();
    expect(await downloadPdf(KEY, 'fr', b.deps)).toBe('downloaded');
    expect(calls[0]).toEqual({
      method: 'GET',
      url: `/api/document/${KEY}?env=prod&lang=fr`,
      auth: 'Bearer session-token',
      body: null,
    });
    expect(calls.slice(1).map((c) => c.url)).toEqual([
      `/api/document/ready/${TOKEN}`,
      `/api/document/ready/${TOKEN}`,
      `/api/document/ready/${TOKEN}`,
      `/api/document/download/${TOKEN}`,
    ]);
    expect(b.waits).toEqual([2000, 3000, 4000]);
    expect(b.saved.map((s) => s.name)).toEqual(['certificate-aaaaaaaa.pdf']);
    expect(await b.saved[0].text).toBe('%PDF-1.7');
    expect(pollDelay(19)).toBe(21_000);
  });

  it("gives up after 20 polls, and says 'unable to download' or 'too many requests'", async () => {
    options = { readyAfter: 99 };
    const never = browser();
    expect(await downloadPdf(KEY, 'en', never.deps)).toBe('unableToDownload');
    expect(never.waits).toHaveLength(20);
    expect(never.saved).toEqual([]);

    const cases: [typeof options, string][] = [
      [{ request: refusal(404) }, 'unableToDownload'],
      [{ request: refusal(403) }, 'unableToDownload'],
      [{ request: () => HttpResponse.error() }, 'unableToDownload'],
      [{ request: refusal(429) }, 'tooManyRequests'],
      [{ ready: refusal(404) }, 'unableToDownload'],
      [{ file: refusal(410) }, 'unableToDownload'],
      [{ ready: refusal(500) }, 'unableToDownload'],
    ];
    for (const [given, outcome] of cases) {
      options = given;
      polls = 0;
      const b = browser();
      expect(await downloadPdf(KEY, 'en', b.deps), JSON.stringify(Object.keys(given))).toBe(outcome);
      expect(b.saved).toEqual([]);
    }
  });

  it('prepares several certificates as one zip, at most 200', async () => {
    const b = browser();
    expect(await downloadPdfZip([KEY, 'b'.repeat(128)], '2026-11-22', b.deps)).toBe('downloaded');
    expect(calls[0]).toMatchObject({ method: 'POST', url: '/api/admin/pdf', body: { keys: [KEY, 'b'.repeat(128)] } });
    expect(b.saved.map((s) => s.name)).toEqual(['2026-11-22_certificates.zip']);

    calls.length = 0;
    const many = Array.from({ length: 250 }, (_, i) => String(i).padStart(128, '0'));
    await downloadPdfZip(many, '2026-11-22', browser().deps);
    expect((calls[0].body as { keys: string[] }).keys).toEqual(many.slice(0, 200));
  });
});
