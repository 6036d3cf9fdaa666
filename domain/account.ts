import type { Plan } from './plans';

/**
 * The Account of spec 000 section 3, as GET /api/issuer/{id}/account answers it, and the date rules it is
 * derived with (sections 4 and 9). Shared by the server and the My plan page.
 */

/** What a plan counts: the product debits one credit per certificate. */
export type BillingUnit = 'RECIPIENT' | 'CERTIFICATE';

export interface AccountPlan {
  /** the issuer's plan as recorded (an unverified issuer still counts as FREE_TRIAL in tier comparisons) */
  contract: string;
  unit: BillingUnit;
  /** credits are bought in packs rather than within a yearly volume */
  pay_as_you_go: boolean;
  /** certificates a year the current pack allows; null when no pack sets one */
  annual_volume_cap: number | null;
  /** the self-service product the account holds, or null */
  product: string | null;
  /** when set, cancellation is pending and the plan ends at that time */
  cancel_at: string | null;
}

export interface AccountUsage {
  certificates: { total: number };
  recipients: { total: number };
  /** the first day counted: the start of the current plan year (YYYY-MM-DD) */
  since: string;
}

export interface Account {
  plan: AccountPlan;
  /** YYYY-MM-DD, for a free trial only */
  free_trial_end: string | null;
  /** the next yearly anniversary of the account (YYYY-MM-DD) */
  anniversary: string;
  /** the onboarding questionnaire was completed */
  onboarding: boolean;
  /** the issuer is verified */
  verification: boolean;
  verification_submitted: boolean;
  /** ISO 4217 code of the prices shown to this account */
  currency: string;
  usage: AccountUsage;
}

/** Currency default EUR (spec 000 section 9). */
export const ACCOUNT_CURRENCY = 'EUR';
/** A free trial lasts this many days from the account's creation. */
export const FREE_TRIAL_DAYS = 30;

/** The two entry plans buy packs of credits; the higher plans are yearly contracts. */
const PAY_AS_YOU_GO_PLANS: readonly Plan[] = ['FREE_TRIAL', 'ESSENTIALS_PACK'];

export function isPayAsYouGo(plan: string): boolean {
  return (PAY_AS_YOU_GO_PLANS as readonly string[]).includes(plan);
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})/;

function parts(date: string): [number, number, number] {
  const match = DATE.exec(date);
  if (!match) throw new Error(`not a date: ${date}`);
  return [Number(match[1]), Number(match[2]), Number(match[3])];
}

function format(year: number, month: number, day: number): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** Days in a month (1-12) of a year. */
export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** The date `months` later, on the same day or the month's last day when it is shorter (31 Jan + 1 → 28 Feb). */
export function addMonths(date: string, months: number): string {
  const [year, month, day] = parts(date);
  const index = year * 12 + (month - 1) + months;
  const nextYear = Math.floor(index / 12);
  const nextMonth = (index % 12) + 1;
  return format(nextYear, nextMonth, Math.min(day, daysInMonth(nextYear, nextMonth)));
}

export function addDays(date: string, days: number): string {
  const [year, month, day] = parts(date);
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

/** The UTC calendar date of a timestamp. */
export function dateOf(timestamp: string | Date): string {
  return (typeof timestamp === 'string' ? new Date(timestamp) : timestamp).toISOString().slice(0, 10);
}

/**
 * The plan year `today` falls in: it starts on the account's creation day, or on its last anniversary, and the
 * next anniversary is the first return of the creation's day and month after today (29 February → 28 in
 * other years).
 */
export function planYear(createdAt: string, today: string): { start: string; anniversary: string } {
  const created = dateOf(createdAt);
  let years = 1;
  while (addMonths(created, 12 * years) <= today) years += 1;
  return { start: addMonths(created, 12 * (years - 1)), anniversary: addMonths(created, 12 * years) };
}

/** The last day of a free trial that started at `createdAt`. */
export function freeTrialEnd(createdAt: string): string {
  return addDays(dateOf(createdAt), FREE_TRIAL_DAYS);
}
