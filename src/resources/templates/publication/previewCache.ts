import type { ImportRow } from '../../../../domain/import';
import { PREVIEW_CACHE, PREVIEW_PRELOAD } from '../../../../domain/publication';
import type { Preview } from '../../../dataProvider/publication';

export type { Preview };

/** The most recently used entries, at most `capacity` of them (spec 001 section 9: 10 previews). */
export class RecentCache<K, V> {
  private readonly entries = new Map<K, V>();

  constructor(private readonly capacity: number = PREVIEW_CACHE) {}

  get(key: K): V | undefined {
    const value = this.entries.get(key);
    if (value !== undefined) {
      this.entries.delete(key);
      this.entries.set(key, value);
    }
    return value;
  }

  set(key: K, value: V): void {
    this.entries.delete(key);
    this.entries.set(key, value);
    while (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value as K);
  }

  /** The entry without making it the most recent. */
  peek(key: K): V | undefined {
    return this.entries.get(key);
  }

  delete(key: K): void {
    this.entries.delete(key);
  }

  keys(): K[] {
    return [...this.entries.keys()];
  }
}

/** The positions to load ahead of the one shown: the next `count` ones that exist. */
export function preloadPositions(position: number, total: number, count: number = PREVIEW_PRELOAD): number[] {
  const positions: number[] = [];
  for (let next = position + 1; next < total && positions.length < count; next++) positions.push(next);
  return positions;
}

/**
 * Previews by row index of one import: each fetched once while it stays among the 10 most recent; a failed
 * one is forgotten so that showing it again retries. A new file gets a new loader, since its row 1 is
 * another person.
 */
export function createPreviewLoader(
  templateId: number,
  fetcher: (templateId: number, row: ImportRow) => Promise<Preview>,
) {
  const cache = new RecentCache<number, Promise<Preview>>();
  return {
    cache,
    load(index: number, row: ImportRow): Promise<Preview> {
      const cached = cache.get(index);
      if (cached) return cached;
      const preview = fetcher(templateId, row).then((result) => {
        if (result.kind === 'failed' && cache.peek(index) === preview) cache.delete(index);
        return result;
      });
      cache.set(index, preview);
      return preview;
    },
  };
}
