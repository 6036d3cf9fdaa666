import { describe, expect, it } from 'vitest';
import { PageCache, sameValue } from '../../server/services/rendering/pageCache';

// The public pages' cache (server/services/rendering/pageCache.ts): pure, no database.
describe('the rendered-page cache', () => {
  const page = (n: number, length = 2000) => Buffer.from(`<p>${String(n).padEnd(length - 7, '.')}</p>`);
  const row = { id: 1, status_id: 1, data: '{"ID":"P-1"}' };

  it('stays within its bytes, forgetting the least recently used pages first', () => {
    const cache = new PageCache(10_000);
    const names = Array.from({ length: 8 }, (_, n) => PageCache.nameOf(`key-${n}`, null, 'Laurel'));
    cache.set(names[0], [row], page(0));
    cache.set(names[1], [row], page(1));
    expect(cache.get(names[0], [row])).toEqual(page(0)); // 0 is now the most recently used
    for (let n = 2; n < 8; n += 1) cache.set(names[n], [row], page(n));
    expect(cache.size.bytes).toBeLessThanOrEqual(10_000);
    // each page counts its bytes, its name and its inputs' JSON at two bytes a character: four fit in 10,000 bytes
    expect(cache.size.pages).toBe(4);
    expect(cache.get(names[1], [row])).toBeUndefined();
    expect(cache.get(names[7], [row])).toEqual(page(7));
  });

  it('replaces a page under the same name without counting it twice, and keeps no page larger than the bound', () => {
    const cache = new PageCache(10_000);
    const name = PageCache.nameOf('same', 'fr', 'Laurel');
    cache.set(name, [row], page(1));
    cache.set(name, [row], page(2));
    expect(cache.size).toEqual({ pages: 1, bytes: 2 * (name.length + JSON.stringify([row]).length) + 2000 });
    expect(cache.get(name, [row])).toEqual(page(2));
    cache.set(PageCache.nameOf('huge', null, 'Laurel'), [row], page(3, 11_000));
    expect(cache.get(PageCache.nameOf('huge', null, 'Laurel'), [row])).toBeUndefined();
    expect(cache.size.pages).toBe(1);
  });

  it('serves a page only for the inputs it was made from, read again as new objects', () => {
    const cache = new PageCache();
    const name = PageCache.nameOf('key', null, 'Laurel');
    const template = { id: 7, content: { en: { title: 'First aid' } }, created_at: new Date('2026-11-20T00:00:00Z') };
    cache.set(name, [row, template, 'valid'], page(1));
    const again = structuredClone([row, template, 'valid']);
    expect(cache.get(name, again)).toEqual(page(1));
    expect(cache.get(name, [{ ...row, status_id: 2 }, template, 'valid'])).toBeUndefined();
    expect(cache.get(name, [row, { ...template, content: { en: { title: 'First aid!' } } }, 'valid'])).toBeUndefined();
    expect(cache.get(name, [row, template, 'expired'])).toBeUndefined();
    expect(cache.get(PageCache.nameOf('key', 'fr', 'Laurel'), [row, template, 'valid'])).toBeUndefined();
  });

  it('answers a page without its inputs only at the committed state they were last read equal at', () => {
    const cache = new PageCache();
    const name = PageCache.nameOf('key', null, 'Laurel');
    cache.set(name, [row], page(1));
    expect(cache.unchangedAt(name, [1, '2026-11-29'])).toBeUndefined(); // set without a state: never
    cache.set(name, [row], page(1), [1, '2026-11-29']);
    expect(cache.unchangedAt(name, [1, '2026-11-29'])).toEqual(page(1));
    expect(cache.unchangedAt(name, [2, '2026-11-29'])).toBeUndefined(); // something was committed since
    expect(cache.unchangedAt(name, [1, '2026-11-30'])).toBeUndefined(); // another day
    // the inputs read again equal at state 2: the page holds for state 2 now, no longer for 1
    expect(cache.get(name, [{ ...row }], [2, '2026-11-29'])).toEqual(page(1));
    expect(cache.unchangedAt(name, [2, '2026-11-29'])).toEqual(page(1));
    expect(cache.unchangedAt(name, [1, '2026-11-29'])).toBeUndefined();
    // read different: the page is not answered, whatever the state
    expect(cache.get(name, [{ ...row, status_id: 2 }], [3, '2026-11-29'])).toBeUndefined();
    expect(cache.unchangedAt(name, [3, '2026-11-29'])).toBeUndefined();
    expect(cache.unchangedAt(name, [2, '2026-11-29'])).toBeUndefined();
    expect(cache.unchangedAt(PageCache.nameOf('key', 'fr', 'Laurel'), [2, '2026-11-29'])).toBeUndefined();
  });

  it('compares database values by structure', () => {
    expect(sameValue({ a: 1, b: [1, { c: 'x' }] }, { b: [1, { c: 'x' }], a: 1 })).toBe(true);
    expect(sameValue({ a: 1 }, { a: 1, b: undefined })).toBe(false);
    expect(sameValue({ a: null }, { a: undefined })).toBe(false);
    expect(sameValue([1, 2], [1, 2, 3])).toBe(false);
    expect(sameValue([1], { 0: 1 })).toBe(false);
    expect(sameValue(new Date(5), new Date(5))).toBe(true);
    expect(sameValue(new Date(5), new Date(6))).toBe(false);
    expect(sameValue(new Date(5), 5)).toBe(false);
    expect(sameValue('1', 1)).toBe(false);
  });
});
