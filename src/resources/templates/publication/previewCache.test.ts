import { describe, expect, it, vi } from 'vitest';
import type { ImportRow } from '../../../../domain/import';
import { createPreviewLoader, preloadPositions, RecentCache, type Preview } from './previewCache';

const row = (ID: string): ImportRow => ({ ID, Language: 'en', Email: `${ID}@example.org` });

describe('previews', () => {
  it('keeps the 10 most recently used', () => {
    const cache = new RecentCache<number, string>();
    for (let i = 0; i < 12; i++) cache.set(i, `p${i}`);
    expect(cache.keys()).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    cache.get(2);
    cache.set(12, 'p12');
    expect(cache.keys()).not.toContain(3);
    expect(cache.keys()).toContain(2);
  });

  it('preloads the next 3 rows that exist', () => {
    expect(preloadPositions(0, 10)).toEqual([1, 2, 3]);
    expect(preloadPositions(8, 10)).toEqual([9]);
    expect(preloadPositions(9, 10)).toEqual([]);
  });

  it('fetches each row once while cached, and again after a failure', async () => {
    let fail = true;
    const fetcher = vi.fn(async (): Promise<Preview> =>
      fail ? { kind: 'failed' } : { kind: 'html', html: '<p>ok</p>' },
    );
    const loader = createPreviewLoader(7, fetcher);
    expect(await loader.load(0, row('a'))).toEqual({ kind: 'failed' });
    fail = false;
    expect(await loader.load(0, row('a'))).toEqual({ kind: 'html', html: '<p>ok</p>' });
    await loader.load(0, row('a'));
    expect(fetcher).toHaveBeenCalledTimes(2);
    expect(fetcher).toHaveBeenCalledWith(7, row('a'));
  });
});
