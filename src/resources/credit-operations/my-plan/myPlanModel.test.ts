import { describe, expect, it } from 'vitest';
import type { Account } from '../../../../domain/account';
import { SELF_SERVICE_PRODUCTS } from '../../../../domain/selfServiceProducts';
import {
  capShare,
  formatDay,
  formatMoney,
  formatPercent,
  localDate,
  monthsAndDays,
  planMilestone,
  pricingRows,
} from './myPlanModel';

const account: Account = {
  plan: {
    contract: 'ESSENTIALS_PACK',
    unit: 'CERTIFICATE',
    pay_as_you_go: true,
    annual_volume_cap: 2000,
    product: 'essentials_2000',
    cancel_at: null,
  },
  free_trial_end: null,
  anniversary: '2027-03-10',
  onboarding: true,
  verification: true,
  verification_submitted: true,
  currency: 'EUR',
  usage: { certificates: { total: 500 }, recipients: { total: 420 }, since: '2026-03-10' },
};

describe('my plan milestone', () => {
  it('counts whole months, then days', () => {
    expect(monthsAndDays('2026-11-23', '2026-11-23')).toEqual({ months: 0, days: 0 });
    expect(monthsAndDays('2026-11-23', '2026-12-23')).toEqual({ months: 1, days: 0 });
    expect(monthsAndDays('2026-11-23', '2027-03-10')).toEqual({ months: 3, days: 15 });
    expect(monthsAndDays('2026-01-31', '2026-03-01')).toEqual({ months: 1, days: 1 });
    expect(monthsAndDays('2026-11-23', '2026-11-22')).toBeNull();
  });

  it('counts down to the end of a free trial, then says it ended', () => {
    const trial = { plan: account.plan, free_trial_end: '2026-12-23', anniversary: '2027-11-23' };
    expect(planMilestone(trial, '2026-11-20')).toEqual({ kind: 'trial_end', date: '2026-12-23', months: 1, days: 3 });
    expect(planMilestone(trial, '2026-12-24')).toEqual({ kind: 'trial_ended', date: '2026-12-23', months: 0, days: 0 });
  });

  it('counts down to the end of a plan whose cancellation is pending', () => {
    const cancelled = { ...account, plan: { ...account.plan, cancel_at: '2027-05-31T00:00:00.000Z' } };
    expect(planMilestone(cancelled, '2026-11-23')).toEqual({
      kind: 'plan_end',
      date: '2027-05-31',
      months: 6,
      days: 8,
    });
  });

  it('counts down to the anniversary otherwise', () => {
    expect(planMilestone(account, '2026-11-23')).toEqual({
      kind: 'anniversary',
      date: '2027-03-10',
      months: 3,
      days: 15,
    });
  });

  it("reads today in the reader's own time zone", () => {
    expect(localDate(new Date(2026, 0, 5, 23, 30))).toBe('2026-01-05');
  });
});

describe('my plan usage and credits', () => {
  it('shows the share of the cap used, capped at 100, and none without a cap', () => {
    expect(capShare(account)).toBe(25);
    expect(capShare({ ...account, usage: { ...account.usage, certificates: { total: 2500 } } })).toBe(100);
    expect(capShare({ ...account, plan: { ...account.plan, annual_volume_cap: null } })).toBeNull();
  });
});

describe('my plan prices', () => {
  it("formats minor units as money in the reader's locale", () => {
    const spaces = (text: string) => text.replace(/\s/g, ' ');
    expect(formatMoney(150_000, 'EUR', 'en')).toBe('€1,500.00');
    expect(spaces(formatMoney(150_000, 'EUR', 'fr'))).toBe('1 500,00 €');
    expect(spaces(formatMoney(225, 'EUR', 'es'))).toBe('2,25 €');
  });

  it('writes dates and the coupon percentage as each language does', () => {
    const spaces = (text: string) => text.replace(/\s/g, ' ');
    expect(formatDay('2026-12-23', 'en')).toBe('December 23, 2026');
    expect(formatDay('2026-12-23', 'fr')).toBe('23 décembre 2026');
    expect(formatDay('2026-12-23', 'es')).toBe('23 de diciembre de 2026');
    expect(formatPercent(40, 'en')).toBe('40%');
    expect(spaces(formatPercent(40, 'fr'))).toBe('40 %');
  });

  it('lists the packs with the coupon price and what each button offers under the pack choice rule', () => {
    expect(
      pricingRows(SELF_SERVICE_PRODUCTS, account).map((row) => [
        row.product.limit,
        row.couponTotal,
        row.current,
        row.action,
      ]),
    ).toEqual([
      [500, 90_000, false, 'unavailable'],
      [2000, 270_000, true, 'unavailable'],
      [5000, 540_000, false, 'upgrade'],
      [8000, 720_000, false, 'upgrade'],
    ]);
  });

  it('offers every pack to buy without a pack, and the largest again to the account that holds it', () => {
    const none = { ...account, plan: { ...account.plan, annual_volume_cap: null, product: null } };
    expect(pricingRows(SELF_SERVICE_PRODUCTS, none).map((row) => row.action)).toEqual(['buy', 'buy', 'buy', 'buy']);
    const largest = { ...account, plan: { ...account.plan, annual_volume_cap: 8000, product: 'essentials_8000' } };
    expect(pricingRows(SELF_SERVICE_PRODUCTS, largest).map((row) => row.action)).toEqual([
      'unavailable',
      'unavailable',
      'unavailable',
      'order_again',
    ]);
  });

  it('prices the packs in the account currency and leaves out packs not sold in it', () => {
    expect(pricingRows(SELF_SERVICE_PRODUCTS, { ...account, currency: 'USD' })[0].quote.total).toBe(165_000);
    expect(pricingRows(SELF_SERVICE_PRODUCTS, { ...account, currency: 'JPY' })).toEqual([]);
  });
});
