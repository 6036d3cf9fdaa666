import { createHash } from 'node:crypto';

/** What the public-page cache may hold by default: about 500 certificate pages of 8 KB (UTF-16 counted). */
export const PAGE_CACHE_BYTES = 8 * 1024 * 1024;

/**
 * Rendered public pages by everything they are made from (issue 16 point 5: rendering was most of a page's cost).
 * The key is a hash of the inputs themselves — the certificate and template rows as read for this request, the
 * language asked for, the brand and the day — so a changed status, template or date gives a new key and no
 * invalidation is needed. The cache is bounded in bytes (a page counted at two bytes a character, as a string
 * may be held, plus its key), not in pages, so pages carrying large texts cannot grow the server's memory past
 * the bound; the least recently used pages leave first.
 */
export class PageCache {
  private readonly pages = new Map<string, string>();
  private held = 0;

  constructor(private readonly maxBytes = PAGE_CACHE_BYTES) {}

  static keyOf(...inputs: unknown[]): string {
    return createHash('sha256').update(JSON.stringify(inputs)).digest('base64');
  }

  private static bytesOf(key: string, page: string): number {
    return 2 * (key.length + page.length);
  }

  get(key: string): string | undefined {
    const page = this.pages.get(key);
    if (page !== undefined) {
      this.pages.delete(key);
      this.pages.set(key, page);
    }
    return page;
  }

  set(key: string, page: string): void {
    this.forget(key);
    const bytes = PageCache.bytesOf(key, page);
    if (bytes > this.maxBytes) return;
    this.pages.set(key, page);
    this.held += bytes;
    for (const oldest of this.pages.keys()) {
      if (this.held <= this.maxBytes) break;
      this.forget(oldest);
    }
  }

  /** How many pages and bytes are kept (for the tests). */
  get size(): { pages: number; bytes: number } {
    return { pages: this.pages.size, bytes: this.held };
  }

  private forget(key: string): void {
    const page = this.pages.get(key);
    if (page === undefined) return;
    this.held -= PageCache.bytesOf(key, page);
    this.pages.delete(key);
  }
}
