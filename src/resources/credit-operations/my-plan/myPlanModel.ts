import { addMonths, dateOf, type Account } from '../../../../domain/account';
import {
  isPackDisabled,
  packQuote,
  withCoupon,
  type PackQuote,
  type SelfServiceProduct,
} from '../../../../domain/selfServiceProducts';

/** After a checkout the account is polled this many times at most (spec 000 section 9)… */
export const PLAN_POLL_TRIES = 10;
/** …waiting this long times the try's number before the next one. */
export const PLAN_POLL_DELAY_MS = 500;

/** What the My plan page shows (spec 000 section 2.14), computed from the account, the credits and today. */

/** The local calendar date (YYYY-MM-DD) of a moment, as the person reading the page counts days. */
export function localDate(now: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

function dayNumber(date: string): number {
  return Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))) / 86_400_000;
}

/** Whole months, then the days left, from `from` to `to` (both YYYY-MM-DD); null when `to` is already past. */
export function monthsAndDays(from: string, to: string): { months: number; days: number } | null {
  if (to < from) return null;
  let months = 0;
  while (addMonths(from, months + 1) <= to) months += 1;
  return { months, days: dayNumber(to) - dayNumber(addMonths(from, months)) };
}

/**
 * The date the plan summary counts down to: the end of a plan whose cancellation is pending, the trial's end
 * on a free trial, otherwise the anniversary.
 */
export interface Milestone {
  kind: 'plan_end' | 'trial_end' | 'trial_ended' | 'anniversary';
  date: string;
  months: number;
  days: number;
}

export function planMilestone(
  account: Pick<Account, 'plan' | 'free_trial_end' | 'anniversary'>,
  today: string,
): Milestone {
  const upTo = (date: string) => monthsAndDays(today, date) ?? { months: 0, days: 0 };
  if (account.plan.cancel_at !== null) {
    const date = dateOf(account.plan.cancel_at);
    return { kind: 'plan_end', date, ...upTo(date) };
  }
  if (account.free_trial_end !== null) {
    const left = monthsAndDays(today, account.free_trial_end);
    return left
      ? { kind: 'trial_end', date: account.free_trial_end, ...left }
      : { kind: 'trial_ended', date: account.free_trial_end, months: 0, days: 0 };
  }
  return { kind: 'anniversary', date: account.anniversary, ...upTo(account.anniversary) };
}

/** The share of the yearly cap used, 0 to 100, or null without a cap. */
export function capShare(account: Pick<Account, 'plan' | 'usage'>): number | null {
  const cap = account.plan.annual_volume_cap;
  if (cap === null || cap <= 0) return null;
  return Math.min(100, Math.round((account.usage.certificates.total * 100) / cap));
}

/** A calendar date (YYYY-MM-DD) written out in the reader's locale: "23 December 2026", "23 décembre 2026". */
export function formatDay(date: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));
}

/** A reduction such as 40 as the locale writes a percentage: "40%", "40 %". */
export function formatPercent(percent: number, locale: string): string {
  return new Intl.NumberFormat(locale, { style: 'percent' }).format(percent / 100);
}

/** An amount in minor units (cents) as money in the reader's locale: 150000 EUR → "€1,500.00", "1 500,00 €". */
export function formatMoney(minor: number, currency: string, locale: string): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(minor / 100);
}

/**
 * What a pack's button offers: nothing when the pack choice rule closes it, to buy a first pack, to upgrade
 * to a larger one, or to order the largest pack again when it is already the account's.
 */
export type PackAction = 'unavailable' | 'buy' | 'upgrade' | 'order_again';

export interface PricingRow {
  product: SelfServiceProduct;
  quote: PackQuote;
  /** the pack's total with the coupon's reduction */
  couponTotal: number;
  /** the account holds this pack */
  current: boolean;
  action: PackAction;
}

function packAction(current: boolean, disabled: boolean, cap: number | null): PackAction {
  if (disabled) return 'unavailable';
  if (current) return 'order_again';
  return cap === null ? 'buy' : 'upgrade';
}

/** The pricing table: every pack sold in the account's currency, smallest first, with its action. */
export function pricingRows(
  products: readonly SelfServiceProduct[],
  account: Pick<Account, 'plan' | 'currency'>,
): PricingRow[] {
  const cap = account.plan.annual_volume_cap;
  return [...products]
    .sort((a, b) => a.limit - b.limit)
    .flatMap((product) => {
      const quote = packQuote(product, account.currency);
      if (!quote) return [];
      const current = product.id === account.plan.product;
      const action = packAction(current, isPackDisabled(product, cap, products), cap);
      return [{ product, quote, couponTotal: withCoupon(quote.total), current, action }];
    });
}
