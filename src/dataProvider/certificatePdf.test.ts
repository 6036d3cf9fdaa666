import { describe, expect, it } from 'vitest';
import { downloadPdf, downloadPdfZip, pdfPaths, pollDelay, type PdfDependencies } from './certificatePdf';

const KEY = 'a'.repeat(128);
const TOKEN = 'f'.repeat(64);

/** A fake document service: answers the request, is ready after `readyAfter` polls, then serves the file. */
function service(options: { request?: Response; readyAfter?: number; fail?: boolean } = {}) {
  const saved: string[] = [];
  const calls: [string, RequestInit?][] = [];
  const waits: number[] = [];
  let polls = 0;
  const deps: PdfDependencies = {
    fetch: async (url, init) => {
      calls.push([url, init]);
      if (options.fail) throw new TypeError('offline');
      if (url === pdfPaths.ready(TOKEN)) return Response.json({ ready: ++polls > (options.readyAfter ?? 0) });
      if (url === pdfPaths.download(TOKEN)) return new Response('%PDF-1.7');
      return options.request ?? Response.json({ token: TOKEN, ready: false });
    },
    save: (_file, name) => saved.push(name),
    sleep: async (ms) => {
      waits.push(ms);
    },
  };
  return { deps, saved, calls, waits };
}

describe('PDF download through the document service', () => {
  it('asks, polls with waits of n + 2 seconds, then downloads', async () => {
    const s = service({ readyAfter: 2 });
    expect(await downloadPdf(KEY, 'fr', s.deps)).toBe('downloaded');
    expect(s.calls[0][0]).toBe(`/api/document/${KEY}?env=prod&lang=fr`);
    expect(s.waits).toEqual([2000, 3000, 4000]);
    expect(s.calls.at(-1)?.[0]).toBe(pdfPaths.download(TOKEN));
    expect(s.saved).toEqual(['certificate-aaaaaaaa.pdf']);
    expect(pollDelay(19)).toBe(21_000);
  });

  it("gives up after 20 polls, and says 'unable to download' or 'too many requests'", async () => {
    const never = service({ readyAfter: 99 });
    expect(await downloadPdf(KEY, 'en', never.deps)).toBe('unableToDownload');
    expect(never.waits).toHaveLength(20);
    expect(await downloadPdf(KEY, 'en', service({ request: new Response('', { status: 404 }) }).deps)).toBe(
      'unableToDownload',
    );
    expect(await downloadPdf(KEY, 'en', service({ fail: true }).deps)).toBe('unableToDownload');
    expect(await downloadPdf(KEY, 'en', service({ request: new Response('', { status: 429 }) }).deps)).toBe(
      'tooManyRequests',
    );
  });

  it('prepares several certificates as one zip', async () => {
    const s = service();
    expect(await downloadPdfZip([KEY, 'b'.repeat(128)], '2026-11-22', s.deps)).toBe('downloaded');
    const [url, init] = s.calls[0];
    expect(url).toBe(pdfPaths.export);
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({ keys: [KEY, 'b'.repeat(128)] });
    expect(s.saved).toEqual(['2026-11-22_certificates.zip']);
  });
});
