import { describe, expect, it } from 'vitest';
import { addDays, addMonths, freeTrialEnd, isPayAsYouGo, planYear } from './account';

describe('account dates', () => {
  it('adds months on the same day, or the last day of a shorter month', () => {
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2024-01-31', 1)).toBe('2024-02-29');
    expect(addMonths('2026-11-23', 2)).toBe('2027-01-23');
    expect(addMonths('2026-03-15', -3)).toBe('2025-12-15');
  });

  it('adds days across months and years', () => {
    expect(addDays('2026-12-20', 30)).toBe('2027-01-19');
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
  });

  it('ends a free trial 30 days after the account was created', () => {
    expect(freeTrialEnd('2026-11-23T10:15:00.000Z')).toBe('2026-12-23');
  });

  /** The plan year of an account created at `createdAt`, seen on `today`. */
  const expectYear = (createdAt: string, today: string, start: string, anniversary: string) =>
    expect(planYear(createdAt, today), `${createdAt} on ${today}`).toEqual({ start, anniversary });

  it('finds the plan year around today: from the creation or the last anniversary to the next one', () => {
    expectYear('2026-11-23T10:00:00.000Z', '2026-11-23', '2026-11-23', '2027-11-23');
    expectYear('2024-03-10T00:00:00.000Z', '2026-03-09', '2025-03-10', '2026-03-10');
    // on the anniversary itself a new year starts
    expectYear('2024-03-10T00:00:00.000Z', '2026-03-10', '2026-03-10', '2027-03-10');
  });

  it('keeps 29 February accounts on the last day of February in other years', () => {
    expectYear('2024-02-29T12:00:00.000Z', '2024-06-01', '2024-02-29', '2025-02-28');
    expectYear('2024-02-29T12:00:00.000Z', '2027-12-31', '2027-02-28', '2028-02-29');
  });

  it('buys packs of credits on the entry plans only', () => {
    expect(isPayAsYouGo('FREE_TRIAL')).toBe(true);
    expect(isPayAsYouGo('ESSENTIALS_PACK')).toBe(true);
    expect(isPayAsYouGo('WHITE_LABEL')).toBe(false);
    expect(isPayAsYouGo('INFINITE')).toBe(false);
  });
});
