/** What the public-page cache may hold by default: about 500 certificate pages of 8 KB with their inputs. */
export const PAGE_CACHE_BYTES = 8 * 1024 * 1024;

interface CachedPage {
  inputs: readonly unknown[];
  page: Buffer;
  bytes: number;
  /** the database's committed state when the inputs were last read equal (`unchangedAt`), if the caller has one */
  state?: readonly unknown[];
}

/**
 * Rendered public pages, by a name (the certificate's key, the language asked for, the brand) and everything they
 * are made from (issue 16 point 5: rendering was most of a page's cost). A page is served only while the inputs
 * of this request — the certificate and template rows as read now, its state today — equal those it was rendered
 * from, so a changed status, template or date renders it again and no invalidation is needed. Comparing the rows
 * allocates nothing, where hashing their JSON made several kilobytes of garbage a request. Pages are kept as
 * UTF-8 bytes, written to the socket as they are. The cache is bounded in bytes (the page, its inputs' JSON at two
 * bytes a character, its name), not in pages; the least recently used pages leave first.
 *
 * A caller that can name the database's committed state (SQLite's data_version and the day, server/routes/
 * publicPages.ts) passes it along: a page whose inputs were read equal at the state it names now is answered by
 * `unchangedAt` without reading them again, since nothing has been committed since.
 */
export class PageCache {
  private readonly pages = new Map<string, CachedPage>();
  private held = 0;

  constructor(private readonly maxBytes = PAGE_CACHE_BYTES) {}

  /** The name of a page: its parts joined by a character none of them holds. */
  static nameOf(...parts: readonly (string | null)[]): string {
    return parts.map((part) => part ?? '').join('\u0000');
  }

  get(name: string, inputs: readonly unknown[], state?: readonly unknown[]): Buffer | undefined {
    const cached = this.pages.get(name);
    if (cached === undefined) return undefined;
    if (!sameValue(cached.inputs, inputs)) {
      // read different: no committed state vouches for this page any longer
      cached.state = undefined;
      return undefined;
    }
    cached.state = state;
    return this.used(name, cached);
  }

  /** The page of `name` if its inputs were last read equal at this committed state (none passed: never). */
  unchangedAt(name: string, state: readonly unknown[]): Buffer | undefined {
    const cached = this.pages.get(name);
    if (cached?.state === undefined || !sameValue(cached.state, state)) return undefined;
    return this.used(name, cached);
  }

  set(name: string, inputs: readonly unknown[], page: Buffer, state?: readonly unknown[]): void {
    this.forget(name);
    const bytes = 2 * (name.length + JSON.stringify(inputs).length) + page.length;
    if (bytes > this.maxBytes) return;
    this.pages.set(name, { inputs, page, bytes, state });
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

  /** most recently used last */
  private used(name: string, cached: CachedPage): Buffer {
    this.pages.delete(name);
    this.pages.set(name, cached);
    return cached.page;
  }

  private forget(name: string): void {
    const cached = this.pages.get(name);
    if (cached === undefined) return;
    this.held -= cached.bytes;
    this.pages.delete(name);
  }
}

/**
 * Structural equality of database values: primitives, dates, arrays and plain objects (PostgreSQL hands JSON
 * columns over parsed, SQLite as text).
 */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (a instanceof Date || b instanceof Date) {
    return a instanceof Date && b instanceof Date && a.getTime() === b.getTime();
  }
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i += 1) if (!sameValue(a[i], b[i])) return false;
    return true;
  }
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  let count = 0;
  for (const key in left) {
    if (!Object.hasOwn(left, key)) continue;
    count += 1;
    if (!Object.hasOwn(right, key) || !sameValue(left[key], right[key])) return false;
  }
  for (const key in right) if (Object.hasOwn(right, key)) count -= 1;
  return count === 0;
}
