import { describe, expect, it } from 'vitest';
import { nextSort, toggleSelection, visibleImages } from './libraryState';

const images = [
  { id: 1, name: 'security', createdAt: '2026-01-01T00:00:00Z' },
  { id: 2, name: 'Bachelor', createdAt: '2026-03-01T00:00:00Z' },
  { id: 3, name: 'thinker', createdAt: '2026-02-01T00:00:00Z' },
  { id: 4, name: 'bachelor (a copy)', createdAt: '2026-03-01T00:00:00Z' },
];

describe('library page rules', () => {
  it('cycles the sort date → A-Z → Z-A → date', () => {
    expect([nextSort('date'), nextSort('az'), nextSort('za')]).toEqual(['az', 'za', 'date']);
  });

  it('sorts by date (newest first), by name either way, and filters on the name in any case', () => {
    expect(visibleImages(images, '', 'date').map((i) => i.id)).toEqual([4, 2, 3, 1]);
    expect(visibleImages(images, '', 'az').map((i) => i.name)).toEqual([
      'Bachelor',
      'bachelor (a copy)',
      'security',
      'thinker',
    ]);
    expect(visibleImages(images, '', 'za').map((i) => i.id)).toEqual([3, 1, 4, 2]);
    expect(visibleImages(images, ' BACH ', 'az').map((i) => i.id)).toEqual([2, 4]);
    expect(visibleImages(images, 'nothing', 'date')).toEqual([]);
  });

  it('toggles tiles in page mode and keeps one tile in dialog mode', () => {
    expect(toggleSelection([1], 2, false)).toEqual([1, 2]);
    expect(toggleSelection([1, 2], 1, false)).toEqual([2]);
    expect(toggleSelection([1], 2, true)).toEqual([2]);
    expect(toggleSelection([2], 2, true)).toEqual([]);
  });
});
