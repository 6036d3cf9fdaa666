import { createHash } from 'node:crypto';

/**
 * Rendered public pages by everything they are made from (issue 16 point 5: rendering was most of a page's cost).
 * The key is a hash of the inputs themselves — the certificate and template rows as read for this request, the
 * language asked for, the brand and the day — so a changed status, template or date gives a new key and no
 * invalidation is needed; the least recently used pages leave first.
 */
export class PageCache {
  private readonly pages = new Map<string, string>();

  constructor(private readonly size = 500) {}

  static keyOf(...inputs: unknown[]): string {
    return createHash('sha256').update(JSON.stringify(inputs)).digest('base64');
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
    if (this.pages.size >= this.size) this.pages.delete(this.pages.keys().next().value as string);
    this.pages.set(key, page);
  }
}
