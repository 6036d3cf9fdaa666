import { readToken } from '../authProvider/tokenStorage';

/**
 * Certificates' PDFs through the document service (spec 002 sections 5, 7 and 8): the request answers a token,
 * the ready call is polled up to 20 times with waits of n + 2 seconds, then the file is downloaded. A network
 * failure, a refusal or a document still not ready gives 'unable to download'; 429 'too many requests'.
 */
export const PDF_EXPORT_MAX = 200;
export const PDF_POLL_TRIES = 20;

export const pdfPaths = {
  certificate: (key: string, language: string) => `/api/document/${key}?env=prod&lang=${encodeURIComponent(language)}`,
  export: '/api/admin/pdf',
  ready: (token: string) => `/api/document/ready/${token}`,
  download: (token: string) => `/api/document/download/${token}`,
};

export type PdfOutcome = 'downloaded' | 'unableToDownload' | 'tooManyRequests';

export interface PdfDependencies {
  fetch: (url: string, init?: RequestInit) => Promise<Response>;
  /** hands the file to the browser */
  save: (file: Blob, fileName: string) => void;
  /** waits between two polls */
  sleep: (ms: number) => Promise<void>;
}

/** The wait before poll number `attempt` (0-based): 2 s, then one more second each time. */
export function pollDelay(attempt: number): number {
  return (attempt + 2) * 1000;
}

const authorization = () => ({ authorization: `Bearer ${readToken() ?? ''}` });

async function prepareAndDownload(
  deps: PdfDependencies,
  request: () => Promise<Response>,
  fileName: string,
): Promise<PdfOutcome> {
  try {
    const asked = await request();
    if (asked.status === 429) return 'tooManyRequests';
    if (!asked.ok) return 'unableToDownload';
    const { token } = (await asked.json()) as { token: string };
    for (let attempt = 0; attempt < PDF_POLL_TRIES; attempt++) {
      await deps.sleep(pollDelay(attempt));
      const ready = await deps.fetch(pdfPaths.ready(token));
      if (!ready.ok) return 'unableToDownload';
      if (((await ready.json()) as { ready: boolean }).ready) {
        const file = await deps.fetch(pdfPaths.download(token));
        if (!file.ok) return 'unableToDownload';
        deps.save(await file.blob(), fileName);
        return 'downloaded';
      }
    }
    return 'unableToDownload';
  } catch {
    return 'unableToDownload';
  }
}

export function downloadPdf(key: string, language: string, deps: PdfDependencies): Promise<PdfOutcome> {
  return prepareAndDownload(
    deps,
    () => deps.fetch(pdfPaths.certificate(key, language), { headers: authorization() }),
    `certificate-${key.slice(0, 8)}.pdf`,
  );
}

/** The PDFs of several certificates in one zip (at most PDF_EXPORT_MAX; the menu offers it for a page's lines). */
export function downloadPdfZip(keys: readonly string[], day: string, deps: PdfDependencies): Promise<PdfOutcome> {
  return prepareAndDownload(
    deps,
    () =>
      deps.fetch(pdfPaths.export, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...authorization() },
        body: JSON.stringify({ keys: keys.slice(0, PDF_EXPORT_MAX) }),
      }),
    `${day}_certificates.zip`,
  );
}

/** The browser's fetch and timer; `save` hands the file to the page (which owns the downloads). */
export function browserPdfDependencies(save: PdfDependencies['save']): PdfDependencies {
  return {
    fetch: (url, init) => fetch(url, init),
    save,
    sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  };
}
