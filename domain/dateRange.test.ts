import { describe, expect, it } from 'vitest';
import { lastDays, rangeShortcut } from './dateRange';

describe('date ranges', () => {
  it('counts the last days with today included, across months and years', () => {
    expect(lastDays(7, new Date(2026, 10, 22))).toEqual({ startDate: '2026-11-16', endDate: '2026-11-22' });
    expect(lastDays(30, new Date(2026, 2, 1))).toEqual({ startDate: '2026-01-31', endDate: '2026-03-01' });
    expect(lastDays(90, new Date(2026, 10, 23))).toEqual({ startDate: '2026-08-26', endDate: '2026-11-23' });
    expect(lastDays(7, new Date(2027, 0, 3))).toEqual({ startDate: '2026-12-28', endDate: '2027-01-03' });
  });

  it('names the shortcut a range is, if any', () => {
    const today = new Date(2026, 10, 23);
    expect(rangeShortcut(lastDays(30, today), [7, 30, 90], today)).toBe(30);
    expect(rangeShortcut(lastDays(90, today), [7, 30], today)).toBeNull();
    expect(rangeShortcut({ startDate: '2026-11-01', endDate: '2026-11-23' }, [7, 30, 90], today)).toBeNull();
    expect(rangeShortcut({ startDate: '', endDate: '' }, [7, 30, 90], today)).toBeNull();
  });
});
