import { describe, expect, it } from 'vitest';
import { librarySort, listSort, nextSort, toggleSelection } from './libraryState';

describe('library page rules', () => {
  it('cycles the sort date → A-Z → Z-A → date', () => {
    expect([nextSort('date'), nextSort('az'), nextSort('za')]).toEqual(['az', 'za', 'date']);
  });

  it("maps each step to the list's sort and back; any other sort reads as the date order", () => {
    expect(listSort('date')).toEqual({ field: 'createdAt', order: 'DESC' });
    expect(listSort('az')).toEqual({ field: 'name', order: 'ASC' });
    expect(listSort('za')).toEqual({ field: 'name', order: 'DESC' });
    for (const step of ['date', 'az', 'za'] as const) expect(librarySort(listSort(step))).toBe(step);
    expect(librarySort({ field: 'id', order: 'ASC' })).toBe('date');
    expect(librarySort(undefined)).toBe('date');
  });

  it('toggles tiles in page mode and keeps one tile in dialog mode', () => {
    expect(toggleSelection([1], 2, false)).toEqual([1, 2]);
    expect(toggleSelection([1, 2], 1, false)).toEqual([2]);
    expect(toggleSelection([1], 2, true)).toEqual([2]);
    expect(toggleSelection([2], 2, true)).toEqual([]);
  });
});
