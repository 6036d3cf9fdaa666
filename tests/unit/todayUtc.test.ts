import { describe, expect, it } from 'vitest';
import { todayUtc } from '../../server/db/clock';

// server/db/clock.ts: the day is worked out once and kept until midnight UTC.
describe("today's date in UTC", () => {
  it('changes at midnight UTC, forwards and backwards', () => {
    const midnight = Date.parse('2026-11-26T00:00:00.000Z');
    expect(todayUtc(midnight - 1)).toBe('2026-11-25');
    expect(todayUtc(midnight)).toBe('2026-11-26');
    expect(todayUtc(midnight + 86_399_999)).toBe('2026-11-26');
    expect(todayUtc(midnight + 86_400_000)).toBe('2026-11-27');
    expect(todayUtc(midnight - 1)).toBe('2026-11-25');
    expect(todayUtc(Date.parse('1969-12-31T23:00:00Z'))).toBe('1969-12-31');
  });

  it('is the day of the clock when not given a time', () => {
    expect(todayUtc()).toBe(new Date().toISOString().slice(0, 10));
  });
});
