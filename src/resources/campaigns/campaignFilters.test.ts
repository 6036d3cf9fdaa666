import { describe, expect, it } from 'vitest';
import { campaignUser, checkDateRange, completeDate, templateIdParam } from './campaignFilters';

describe('the campaigns filters', () => {
  it('asks only complete dates: not each keystroke of a year', () => {
    expect(completeDate('')).toBe(true);
    expect(completeDate('2026-11-01')).toBe(true);
    expect(completeDate('0002-11-01')).toBe(false);
    expect(completeDate('0202-11-01')).toBe(false);
    expect(completeDate('2026-11')).toBe(false);
  });

  it('refuses From after To, and waits for incomplete bounds', () => {
    expect(checkDateRange({ startDate: '2026-11-01', endDate: '2026-11-23' })).toBe('ok');
    expect(checkDateRange({ startDate: '2026-11-01', endDate: '' })).toBe('ok');
    expect(checkDateRange({ startDate: '2026-11-24', endDate: '2026-11-23' })).toBe('reversed');
    expect(checkDateRange({ startDate: '0020-11-24', endDate: '2026-11-23' })).toBe('incomplete');
  });

  it('reads the template parameter and the user name', () => {
    expect(templateIdParam('12')).toBe(12);
    expect(templateIdParam(null)).toBeNull();
    expect(templateIdParam('x')).toBeNull();
    expect(templateIdParam('0')).toBeNull();
    expect(campaignUser({ userFirstname: 'Ada', userLastname: 'Lovelace' })).toBe('Ada Lovelace');
    expect(campaignUser({ userFirstname: '', userLastname: '' })).toBe('');
  });
});
