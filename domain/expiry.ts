import { mainRow, recipientGroupKey } from './duplicates';
import type { ImportRow } from './import';

/**
 * Expiry and renewal (issue 28): a template's validity period, the expiration date it gives a certificate, the
 * reminder offsets (days before expiry) and which reminders are due on a day. Dates are ISO days (YYYY-MM-DD), UTC.
 */

export const VALIDITY_UNITS = ['days', 'months', 'years'] as const;
export type ValidityUnit = (typeof VALIDITY_UNITS)[number];

/** How long a certificate of a template is valid after its obtention date; none: it never expires. */
export interface ValidityPeriod {
  amount: number;
  unit: ValidityUnit;
}

export const VALIDITY_MAX: Record<ValidityUnit, number> = { days: 36500, months: 1200, years: 100 };

export const MAX_REMINDERS = 3;
export const REMINDER_MIN_DAYS = 1;
export const REMINDER_MAX_DAYS = 365;
export const DEFAULT_REMINDER_DAYS: readonly number[] = [60, 7];
/** The report's "Expiring" filter: certificates whose expiration is within this many days (default). */
export const DEFAULT_EXPIRING_WINDOW_DAYS = 60;

/** A template's expiry settings, as its JSON keeps them (all optional). */
export interface ExpirySettings {
  validity: ValidityPeriod | null;
  /** days before the expiration date a reminder goes to the recipient: at most three, 1–365, distinct */
  reminderDays: number[];
  /** a copy of each reminder to the issuer */
  remindIssuer: boolean;
  /** where the issuer's copy goes; empty: the issuer's contact address */
  issuerReminderEmail: string;
}

export const DEFAULT_EXPIRY_SETTINGS: ExpirySettings = {
  validity: null,
  reminderDays: [...DEFAULT_REMINDER_DAYS],
  remindIssuer: false,
  issuerReminderEmail: '',
};

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})/;

function daysInMonth(year: number, monthIndex: number): number {
  return new Date(Date.UTC(year, monthIndex + 1, 0)).getUTCDate();
}

function isoOf(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** A validity period checked, or null when the value is not one (absent, a wrong unit, not a whole positive amount). */
export function parseValidity(value: unknown): ValidityPeriod | null {
  if (!value || typeof value !== 'object') return null;
  const { amount, unit } = value as { amount?: unknown; unit?: unknown };
  if (typeof unit !== 'string' || !(VALIDITY_UNITS as readonly string[]).includes(unit)) return null;
  const n = typeof amount === 'string' ? Number(amount) : amount;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < 1 || n > VALIDITY_MAX[unit as ValidityUnit]) return null;
  return { amount: n, unit: unit as ValidityUnit };
}

/** Adds a period to an ISO day; a month or year step that lands past a month's end stops at its last day. */
export function addPeriod(isoDay: string, period: ValidityPeriod): string {
  const match = ISO_DAY.exec(isoDay);
  if (!match) throw new Error(`not an ISO day: ${isoDay}`);
  const [year, month, day] = [Number(match[1]), Number(match[2]) - 1, Number(match[3])];
  if (period.unit === 'days') return isoOf(new Date(Date.UTC(year, month, day + period.amount)));
  const months = period.unit === 'months' ? period.amount : period.amount * 12;
  const targetYear = year + Math.floor((month + months) / 12);
  const targetMonth = (month + months) % 12;
  return isoOf(new Date(Date.UTC(targetYear, targetMonth, Math.min(day, daysInMonth(targetYear, targetMonth)))));
}

/**
 * The expiration date of a certificate: the row's own date when it has one, else its obtention date plus the
 * template's validity, else none.
 */
export function expirationFor(
  obtentionDate: string | null | undefined,
  validity: ValidityPeriod | null,
  rowExpiration?: string | null,
): string | null {
  if (rowExpiration) return rowExpiration.slice(0, 10);
  if (!validity || !obtentionDate || !ISO_DAY.test(obtentionDate)) return null;
  return addPeriod(obtentionDate.slice(0, 10), validity);
}

/** A certificate's expiration and where it comes from: the row's own ExpirationDate, the template's validity, none. */
export interface CertificateExpiry {
  date: string | null;
  source: 'row' | 'validity' | null;
}

/**
 * The expiration of the certificate a row gives when published on `today` (ISO day): the row's own ExpirationDate,
 * else its obtention date (the publication day when it has none, as the publish records it) plus the template's
 * validity, else none. The server's publish and the import preview both ask this, so the preview shows the date the
 * certificate will carry.
 */
export function rowExpiry(
  row: Readonly<Partial<Record<string, string>>>,
  validity: ValidityPeriod | null,
  today: string,
): CertificateExpiry {
  const own = row.ExpirationDate?.trim();
  if (own) return { date: expirationFor(null, null, own), source: 'row' };
  const date = expirationFor(row.obtentionDate || today, validity);
  return { date, source: date === null ? null : 'validity' };
}

/**
 * The expiration of each row's certificate, in the rows' order, as the publish gives it: a recipient's rows (its
 * languages, grouped by the template's technical fields) make one certificate, issued from its main row (its 'all'
 * row, else its first language's: domain/duplicates mainRow), so a translation row shows its main row's expiry, not
 * one of its own. The import preview asks this; the publish asks rowExpiry of the same main row.
 */
export function recipientRowExpiries(
  rows: readonly Readonly<ImportRow>[],
  technicalFields: readonly string[],
  validity: ValidityPeriod | null,
  today: string,
): CertificateExpiry[] {
  const keys = rows.map((row, index) => recipientGroupKey(row, index, technicalFields));
  const groups = new Map<string, Map<string, Readonly<ImportRow>>>();
  rows.forEach((row, index) => {
    let group = groups.get(keys[index]);
    if (!group) {
      group = new Map();
      groups.set(keys[index], group);
    }
    group.set(row.Language, row);
  });
  const expiries = new Map<string, CertificateExpiry>();
  return keys.map((key) => {
    let expiry = expiries.get(key);
    if (!expiry) {
      expiry = rowExpiry(mainRow(groups.get(key) as Map<string, Readonly<ImportRow>>), validity, today);
      expiries.set(key, expiry);
    }
    return expiry;
  });
}

/**
 * A renewal with no new expiration date: no date asked (validUntil, or a renewed row's ExpirationDate) and no validity
 * period on the template. Nothing is changed or spent.
 */
export const NO_VALIDITY_CODE = 'ERR_NO_VALIDITY';

/**
 * A renewal's new expiration date that is not after the day it is issued (the API's validUntil, or a renewed row's
 * ExpirationDate on the file path): a renewal must expire after it starts. Nothing is changed or spent.
 */
export const VALID_UNTIL_PAST_CODE = 'ERR_VALID_UNTIL_PAST';

/** Whether a renewal issued on `today` may expire on `date` (ISO days): only a later day. */
export const renewalDateAccepted = (date: string, today: string): boolean => date.slice(0, 10) > today;

/**
 * The recipients of these rows whose renewal from the file would be refused (ERR_VALID_UNTIL_PAST): their main row
 * (domain/duplicates mainRow, the row a publish issues from) gives its own ExpirationDate, not after `today`. Each
 * as its main row's index, in the order of the recipients' first rows. Whether a recipient is renewed at all (it
 * holds a certificate of the template) is the server's to say: the duplicates check keeps those it renews.
 */
export function pastRenewalRows(
  rows: readonly Readonly<ImportRow>[],
  technicalFields: readonly string[],
  today: string,
): number[] {
  const groups = new Map<string, Map<string, number>>();
  rows.forEach((row, index) => {
    const key = recipientGroupKey(row, index, technicalFields);
    let group = groups.get(key);
    if (!group) {
      group = new Map();
      groups.set(key, group);
    }
    group.set(row.Language, index);
  });
  const past: number[] = [];
  for (const group of groups.values()) {
    const index = mainRow(group);
    const own = rows[index].ExpirationDate?.trim();
    if (own && !renewalDateAccepted(own, today)) past.push(index);
  }
  return past;
}

/**
 * The expiration date of a renewal issued on `today` (issue 28): the date asked when there is one, else today plus
 * the template's validity, else null (nothing to renew to: the caller refuses, ERR_NO_VALIDITY).
 */
export function renewalExpiration(
  today: string,
  validity: ValidityPeriod | null,
  validUntil?: string | null,
): string | null {
  if (validUntil) return validUntil.slice(0, 10);
  return validity ? addPeriod(today, validity) : null;
}

export type ReminderDaysCheck = { ok: true; days: number[] } | { ok: false; error: 'reminders_invalid' };

/** Reminder offsets checked: at most three whole days of 1–365, distinct; answered sorted from the earliest (largest). */
export function checkReminderDays(value: unknown): ReminderDaysCheck {
  if (!Array.isArray(value) || value.length > MAX_REMINDERS) return { ok: false, error: 'reminders_invalid' };
  const days = value.map((item) => (typeof item === 'string' && item.trim() !== '' ? Number(item) : item));
  if (
    !days.every(
      (day): day is number =>
        typeof day === 'number' && Number.isInteger(day) && day >= REMINDER_MIN_DAYS && day <= REMINDER_MAX_DAYS,
    ) ||
    new Set(days).size !== days.length
  ) {
    return { ok: false, error: 'reminders_invalid' };
  }
  return { ok: true, days: [...days].sort((a, b) => b - a) };
}

/** Whole days from `from` to `to` (ISO days); negative when `to` is earlier. */
export function daysBetween(from: string, to: string): number {
  return Math.round(
    (Date.parse(`${to.slice(0, 10)}T00:00:00Z`) - Date.parse(`${from.slice(0, 10)}T00:00:00Z`)) / 86_400_000,
  );
}

/**
 * The reminders due on `today` for a certificate expiring on `expiration`: each offset whose day has come
 * (expiration − offset ≤ today) while the certificate has not expired yet, not already sent. When several are due at
 * once (a late sweep, or a certificate published close to its expiry), only the nearest one is sent and the
 * earlier ones are recorded as passed: the recipient gets one mail, not three.
 */
export function dueReminders(
  expiration: string | null,
  today: string,
  offsets: readonly number[],
  alreadySent: readonly number[],
): { send: number | null; skip: number[] } {
  if (!expiration) return { send: null, skip: [] };
  const left = daysBetween(today, expiration);
  if (left < 0) return { send: null, skip: [] };
  const due = offsets.filter((offset) => offset >= left && !alreadySent.includes(offset)).sort((a, b) => a - b);
  if (due.length === 0) return { send: null, skip: [] };
  return { send: due[0], skip: due.slice(1) };
}

/** The expiry state of a certificate on a day: expired, expiring within the window, or neither. */
export function expiryState(
  expiration: string | null,
  today: string,
  windowDays = DEFAULT_EXPIRING_WINDOW_DAYS,
): 'expired' | 'expiring' | null {
  if (!expiration) return null;
  const left = daysBetween(today, expiration);
  if (left < 0) return 'expired';
  return left <= windowDays ? 'expiring' : null;
}
