import { HttpError } from 'react-admin';
import { apiRequest, apiRequestBlob } from './apiRequest';

/**
 * Certificates' PDFs through the document service (spec 002 sections 5, 7 and 8): the request answers a token,
 * the ready call is polled up to 20 times with waits of n + 2 seconds, then the file is downloaded. A network
 * failure, a refusal or a document still not ready gives 'unable to download'; 429 'too many requests'. Every call
 * is typed from the contract (apiRequest, apiRequestBlob).
 */
export const PDF_EXPORT_MAX = 200;
export const PDF_POLL_TRIES = 20;

export type PdfOutcome = 'downloaded' | 'unableToDownload' | 'tooManyRequests';

export interface PdfDependencies {
  /** hands the file to the browser */
  save: (file: Blob, fileName: string) => void;
  /** waits between two polls */
  sleep: (ms: number) => Promise<void>;
}

/** The wait before poll number `attempt` (0-based): 2 s, then one more second each time. */
export function pollDelay(attempt: number): number {
  return (attempt + 2) * 1000;
}

async function prepareAndDownload(
  deps: PdfDependencies,
  request: () => Promise<{ body: { token: string } }>,
  fileName: string,
): Promise<PdfOutcome> {
  try {
    const { token } = (await request()).body;
    for (let attempt = 0; attempt < PDF_POLL_TRIES; attempt++) {
      await deps.sleep(pollDelay(attempt));
      const { body } = await apiRequest('/api/document/ready/{token}', 'get', { path: { token } });
      if (body.ready) {
        deps.save(await apiRequestBlob('/api/document/download/{token}', 'get', { path: { token } }), fileName);
        return 'downloaded';
      }
    }
    return 'unableToDownload';
  } catch (error) {
    // only the first call answers 429 (too many documents being prepared); any other failure is the same message
    return error instanceof HttpError && error.status === 429 ? 'tooManyRequests' : 'unableToDownload';
  }
}

export function downloadPdf(key: string, language: string, deps: PdfDependencies): Promise<PdfOutcome> {
  return prepareAndDownload(
    deps,
    () => apiRequest('/api/document/{key}', 'get', { path: { key }, query: { env: 'prod', lang: language } }),
    `certificate-${key.slice(0, 8)}.pdf`,
  );
}

/** The PDFs of several certificates in one zip (at most PDF_EXPORT_MAX; the menu offers it for a page's lines). */
export function downloadPdfZip(keys: readonly string[], day: string, deps: PdfDependencies): Promise<PdfOutcome> {
  return prepareAndDownload(
    deps,
    () => apiRequest('/api/admin/pdf', 'post', { json: { keys: keys.slice(0, PDF_EXPORT_MAX) } }),
    `${day}_certificates.zip`,
  );
}

/** The browser's timer; `save` hands the file to the page (which owns the downloads). */
export function browserPdfDependencies(save: PdfDependencies['save']): PdfDependencies {
  return { save, sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)) };
}
