import { HttpError } from 'react-admin';
import type { ImportRow } from '../../../domain/import';
import { PREVIEW_CACHE, PREVIEW_PRELOAD } from '../../../domain/publication';
import { apiFetch } from '../../dataProvider/httpClient';

/** A row rendered as its certificate by the server, or why there is none to show. */
export type Preview = { kind: 'html'; html: string } | { kind: 'unavailable' } | { kind: 'failed' };

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

/** POST /api/admin/preview: the row as its certificate's HTML. */
export async function fetchPreview(templateId: number, row: ImportRow): Promise<Preview> {
  try {
    const language = row.Language === 'all' ? undefined : row.Language;
    const { body } = await apiFetch<unknown>('/api/admin/preview', {
      method: 'POST',
      json: { templateId, row, language },
      headers: { accept: 'text/html' },
    });
    // apiFetch hands a body that is not JSON over as { message: text }
    const html = typeof body === 'string' ? body : (body as { message?: unknown } | null)?.message;
    return typeof html === 'string' ? { kind: 'html', html } : { kind: 'failed' };
  } catch (error) {
    return error instanceof HttpError && (error.status === 404 || error.status === 501)
      ? { kind: 'unavailable' }
      : { kind: 'failed' };
  }
}

/**
 * Previews by row index: each fetched once while it stays among the 10 most recent; a failed one is
 * forgotten so that showing it again retries.
 */
export function createPreviewLoader(
  templateId: number,
  fetcher: (templateId: number, row: ImportRow) => Promise<Preview> = fetchPreview,
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
