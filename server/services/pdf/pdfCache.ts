import { createHash } from 'node:crypto';

/**
 * Generated certificate PDFs, kept per certificate and language until what they were made from changes
 * (issue 17: a public certificate.pdf was drawn again on every request). Each entry carries the fingerprint of
 * its inputs — the certificate row, the template row (texts, design, image keys: a new logo gets a new key),
 * the state stamped on it and the public address — so a changed certificate or template, or a certificate
 * that expired since, never gets the old PDF: the next request draws it again and replaces the entry. The
 * cache is bounded in bytes and forgets the least recently used PDFs first; it lives in the server process.
 */
export class PdfCache {
  private readonly entries = new Map<string, { fingerprint: string; pdf: Uint8Array }>();
  private bytes = 0;

  constructor(private readonly maxBytes: number) {}

  /** The hash that names one set of inputs. */
  static fingerprint(inputs: unknown): string {
    return createHash('sha256').update(JSON.stringify(inputs)).digest('base64url');
  }

  get(certificateId: number, language: string, fingerprint: string): Uint8Array | null {
    const key = `${certificateId}:${language}`;
    const entry = this.entries.get(key);
    if (!entry || entry.fingerprint !== fingerprint) return null;
    // most recently used last
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.pdf;
  }

  set(certificateId: number, language: string, fingerprint: string, pdf: Uint8Array): void {
    const key = `${certificateId}:${language}`;
    this.forget(key);
    if (pdf.length > this.maxBytes) return;
    this.entries.set(key, { fingerprint, pdf });
    this.bytes += pdf.length;
    for (const oldest of this.entries.keys()) {
      if (this.bytes <= this.maxBytes) break;
      this.forget(oldest);
    }
  }

  /** How many PDFs and bytes are kept (for the health of the process, and its tests). */
  get size(): { entries: number; bytes: number } {
    return { entries: this.entries.size, bytes: this.bytes };
  }

  private forget(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.bytes -= entry.pdf.length;
    this.entries.delete(key);
  }
}
