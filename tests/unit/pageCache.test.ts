import { describe, expect, it } from 'vitest';
import { PageCache } from '../../server/services/rendering/pageCache';

// The public pages' cache (server/services/rendering/pageCache.ts): pure, no database.
describe('the rendered-page cache', () => {
  const page = (n: number, length = 1000) => `<p>${String(n).padEnd(length - 7, '.')}</p>`;

  it('stays within its bytes, forgetting the least recently used pages first', () => {
    const cache = new PageCache(10_000);
    const keys = Array.from({ length: 8 }, (_, n) => PageCache.keyOf('certificate', n));
    cache.set(keys[0], page(0));
    cache.set(keys[1], page(1));
    expect(cache.get(keys[0])).toBe(page(0)); // 0 is now the most recently used
    for (let n = 2; n < 8; n += 1) cache.set(keys[n], page(n));
    expect(cache.size.bytes).toBeLessThanOrEqual(10_000);
    // each page is counted at two bytes a character with its key: four fit in 10,000 bytes
    expect(cache.size.pages).toBe(4);
    expect(cache.get(keys[1])).toBeUndefined();
    expect(cache.get(keys[7])).toBe(page(7));
  });

  it('replaces a page under the same key without counting it twice, and keeps no page larger than the bound', () => {
    const cache = new PageCache(10_000);
    const key = PageCache.keyOf('same');
    cache.set(key, page(1));
    cache.set(key, page(2));
    expect(cache.size).toEqual({ pages: 1, bytes: 2 * (key.length + 1000) });
    expect(cache.get(key)).toBe(page(2));
    cache.set(PageCache.keyOf('huge'), page(3, 6000));
    expect(cache.get(PageCache.keyOf('huge'))).toBeUndefined();
    expect(cache.size.pages).toBe(1);
  });

  it('names the same inputs with the same key and different inputs with different keys', () => {
    expect(PageCache.keyOf({ id: 1 }, 'en')).toBe(PageCache.keyOf({ id: 1 }, 'en'));
    expect(PageCache.keyOf({ id: 1 }, 'en')).not.toBe(PageCache.keyOf({ id: 1 }, 'fr'));
  });
});
