import { describe, expect, it } from 'vitest';
import {
  addPeriod,
  checkReminderDays,
  daysBetween,
  dueReminders,
  expirationFor,
  expiryState,
  parseValidity,
  pastRenewalRows,
  recipientRowExpiries,
  renewalDateAccepted,
  renewalExpiration,
  rowExpiry,
} from './expiry';
import { mainRow, recipientGroupKey } from './duplicates';

describe('validity period', () => {
  it('adds days, months and years, stopping at a month end', () => {
    expect(addPeriod('2026-01-31', { amount: 1, unit: 'months' })).toBe('2026-02-28');
    expect(addPeriod('2028-01-31', { amount: 1, unit: 'months' })).toBe('2028-02-29');
    expect(addPeriod('2026-11-30', { amount: 3, unit: 'months' })).toBe('2027-02-28');
    expect(addPeriod('2028-02-29', { amount: 1, unit: 'years' })).toBe('2029-02-28');
    expect(addPeriod('2026-12-15', { amount: 1, unit: 'months' })).toBe('2027-01-15');
    expect(addPeriod('2026-12-31', { amount: 1, unit: 'days' })).toBe('2027-01-01');
    expect(addPeriod('2026-03-01', { amount: 24, unit: 'months' })).toBe('2028-03-01');
  });

  it('gives the expiration: the row’s own date wins, else obtention + validity, else none', () => {
    expect(expirationFor('2026-01-31', { amount: 1, unit: 'months' })).toBe('2026-02-28');
    expect(expirationFor('2026-01-31', { amount: 1, unit: 'months' }, '2030-05-05')).toBe('2030-05-05');
    expect(expirationFor('2026-01-31', null)).toBeNull();
    expect(expirationFor(null, { amount: 1, unit: 'years' })).toBeNull();
  });

  it('gives a row’s expiration as the publish records it: its own date, else obtention (or today) + validity', () => {
    const twoYears = { amount: 2, unit: 'years' } as const;
    expect(rowExpiry({ obtentionDate: '2026-01-31' }, twoYears, '2026-11-29')).toEqual({
      date: '2028-01-31',
      source: 'validity',
    });
    // no obtention date: the publication day is the obtention date
    expect(rowExpiry({ obtentionDate: '' }, twoYears, '2026-11-29')).toEqual({
      date: '2028-11-29',
      source: 'validity',
    });
    expect(rowExpiry({}, { amount: 1, unit: 'months' }, '2027-01-31')).toEqual({
      date: '2027-02-28',
      source: 'validity',
    });
    // the row's own date wins, also without a validity
    expect(rowExpiry({ ExpirationDate: '2030-01-31', obtentionDate: '2026-01-01' }, twoYears, '2026-11-29')).toEqual({
      date: '2030-01-31',
      source: 'row',
    });
    expect(rowExpiry({ ExpirationDate: '2030-01-31' }, null, '2026-11-29')).toEqual({
      date: '2030-01-31',
      source: 'row',
    });
    expect(rowExpiry({ ExpirationDate: '  ', obtentionDate: '2026-01-01' }, null, '2026-11-29')).toEqual({
      date: null,
      source: null,
    });
  });

  it('parses only whole positive amounts of a known unit', () => {
    expect(parseValidity({ amount: 2, unit: 'years' })).toEqual({ amount: 2, unit: 'years' });
    expect(parseValidity({ amount: '6', unit: 'months' })).toEqual({ amount: 6, unit: 'months' });
    expect(parseValidity({ amount: 0, unit: 'years' })).toBeNull();
    expect(parseValidity({ amount: 1.5, unit: 'years' })).toBeNull();
    expect(parseValidity({ amount: 1, unit: 'weeks' })).toBeNull();
    expect(parseValidity(null)).toBeNull();
  });
});

describe('reminders', () => {
  it('checks the offsets: at most three, 1–365, distinct, sorted', () => {
    expect(checkReminderDays([7, 60])).toEqual({ ok: true, days: [60, 7] });
    expect(checkReminderDays([])).toEqual({ ok: true, days: [] });
    expect(checkReminderDays(['30'])).toEqual({ ok: true, days: [30] });
    expect(checkReminderDays([1, 2, 3, 4]).ok).toBe(false);
    expect(checkReminderDays([0]).ok).toBe(false);
    expect(checkReminderDays([366]).ok).toBe(false);
    expect(checkReminderDays([7, 7]).ok).toBe(false);
    expect(checkReminderDays([2.5]).ok).toBe(false);
    expect(checkReminderDays('7').ok).toBe(false);
  });

  it('is due on the offset’s day, once, the nearest only when several are late', () => {
    expect(daysBetween('2026-01-01', '2026-03-02')).toBe(60);
    expect(dueReminders('2026-03-02', '2025-12-31', [60, 7], [])).toEqual({ send: null, skip: [] });
    expect(dueReminders('2026-03-02', '2026-01-01', [60, 7], [])).toEqual({ send: 60, skip: [] });
    expect(dueReminders('2026-03-02', '2026-01-01', [60, 7], [60])).toEqual({ send: null, skip: [] });
    expect(dueReminders('2026-03-02', '2026-02-23', [60, 7], [60])).toEqual({ send: 7, skip: [] });
    expect(dueReminders('2026-03-02', '2026-02-25', [60, 7], [])).toEqual({ send: 7, skip: [60] });
    expect(dueReminders('2026-03-02', '2026-03-02', [60, 7], [60, 7])).toEqual({ send: null, skip: [] });
    expect(dueReminders('2026-03-02', '2026-03-03', [60, 7], [])).toEqual({ send: null, skip: [] });
    expect(dueReminders(null, '2026-03-03', [60, 7], [])).toEqual({ send: null, skip: [] });
  });

  it('tells expired from expiring', () => {
    expect(expiryState('2026-03-02', '2026-03-02')).toBe('expiring');
    expect(expiryState('2026-03-02', '2026-03-03')).toBe('expired');
    expect(expiryState('2026-06-02', '2026-03-03')).toBeNull();
    expect(expiryState('2026-04-02', '2026-03-03', 30)).toBe('expiring');
    expect(expiryState(null, '2026-03-03')).toBeNull();
  });
});

describe("the preview's expiry of a recipient's rows", () => {
  const row = (fields: Record<string, string>) =>
    ({ Email: 'ada@example.org', firstName: 'Ada', lastName: 'Lovelace', ...fields }) as never;
  const year = { amount: 1, unit: 'years' } as const;

  it("gives a translation row its main row's expiry, as the publish issues one certificate from the main row", () => {
    const rows = [
      row({ ID: 'A', Language: 'en', obtentionDate: '2026-01-10', ExpirationDate: '2030-05-01' }),
      // the French translation of A: its own dates are not the certificate's
      row({ ID: 'A', Language: 'fr', obtentionDate: '2026-02-01', ExpirationDate: '2031-01-01' }),
      row({ ID: 'B', Language: 'fr', obtentionDate: '2026-03-15' }),
      row({ ID: 'B', Language: 'en', obtentionDate: '2027-01-01', ExpirationDate: '2029-09-09' }),
    ];
    expect(recipientRowExpiries(rows, ['ID'], year, '2026-11-29')).toEqual([
      { date: '2030-05-01', source: 'row' },
      { date: '2030-05-01', source: 'row' },
      { date: '2027-03-15', source: 'validity' },
      { date: '2027-03-15', source: 'validity' },
    ]);
  });

  it("takes a recipient's 'all' row as its main row, and every row alone without technical fields", () => {
    const rows = [
      row({ ID: 'A', Language: 'fr', ExpirationDate: '2031-01-01' }),
      row({ ID: 'A', Language: 'all', obtentionDate: '2026-06-30' }),
    ];
    expect(recipientRowExpiries(rows, ['ID'], year, '2026-11-29').map((e) => e.date)).toEqual([
      '2027-06-30',
      '2027-06-30',
    ]);
    expect(recipientRowExpiries(rows, [], year, '2026-11-29').map((e) => e.date)).toEqual(['2031-01-01', '2027-06-30']);
    expect(recipientRowExpiries(rows, ['ID'], null, '2026-11-29')).toEqual([
      { date: null, source: null },
      { date: null, source: null },
    ]);
  });

  it('groups rows and picks the main row as the publish does', () => {
    expect(recipientGroupKey(row({ ID: 'A', Course: 'X' }), 3, ['ID', 'Course'])).toBe('A\u001fX');
    expect(recipientGroupKey(row({ ID: 'A' }), 3, [])).toBe('#3');
    expect(
      mainRow(
        new Map([
          ['fr', 1],
          ['en', 2],
        ]),
      ),
    ).toBe(1);
    expect(
      mainRow(
        new Map([
          ['fr', 1],
          ['all', 2],
        ]),
      ),
    ).toBe(2);
  });

  it('dates a renewal from today: the date asked, else today plus the validity, else none', () => {
    expect(renewalExpiration('2026-11-29', year)).toBe('2027-11-29');
    expect(renewalExpiration('2026-11-29', year, '2030-01-31')).toBe('2030-01-31');
    expect(renewalExpiration('2026-11-29', null)).toBeNull();
  });
});

describe('a renewal from a file whose row gives a past date (ERR_VALID_UNTIL_PAST)', () => {
  const row = (fields: Record<string, string>) =>
    ({ Email: 'ada@example.org', firstName: 'Ada', lastName: 'Lovelace', ...fields }) as never;

  it('accepts only a date after the day of the renewal', () => {
    expect(renewalDateAccepted('2026-11-30', '2026-11-29')).toBe(true);
    expect(renewalDateAccepted('2026-11-29', '2026-11-29')).toBe(false);
    expect(renewalDateAccepted('2026-11-28T23:00:00Z', '2026-11-29')).toBe(false);
  });

  it("names each recipient whose main row's own date is not after today, by that row", () => {
    const rows = [
      // A's main row is its 'all' row (today: refused), its French translation's date does not count
      row({ ID: 'A', Language: 'fr', ExpirationDate: '2030-01-01' }),
      row({ ID: 'A', Language: 'all', ExpirationDate: '2026-11-29' }),
      // B's main row (its first language) is later: accepted, whatever its translation says
      row({ ID: 'B', Language: 'en', ExpirationDate: '2027-01-01' }),
      row({ ID: 'B', Language: 'fr', ExpirationDate: '2020-01-01' }),
      // C gives no date (the template's validity): not refused here
      row({ ID: 'C', Language: 'en' }),
      row({ ID: 'D', Language: 'en', ExpirationDate: ' 2026-01-31 ' }),
    ];
    expect(pastRenewalRows(rows, ['ID'], '2026-11-29')).toEqual([1, 5]);
    // without technical fields every row is a recipient of its own
    expect(pastRenewalRows(rows, [], '2026-11-29')).toEqual([1, 3, 5]);
  });
});
