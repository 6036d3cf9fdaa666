import { lastDays } from './dateRange';
import { describe, expect, it } from 'vitest';
import {
  chartLabel,
  defaultPeriod,
  globalTotals,
  isActionable,
  isIsoDate,
  isValidPeriod,
  nbTotalSent,
  nextDay,
  notSent,
  periodShortcut,
  periodTotals,
  recipientTotals,
  sentPercentage,
  sortStats,
  templateLabelIn,
  templateLabelJson,
  withTracking,
  type ActivityItem,
  type IssuerStats,
} from './dashboard';

const activity = (overrides: Partial<ActivityItem>): ActivityItem => ({
  id: 1,
  label: 'Issuer',
  TemplateID: 10,
  TemplateLabel: '{"en":"Badge"}',
  nbActives: 0,
  nbEmailSent: 0,
  nbEmailOpened: 0,
  nbEmailRejected: 0,
  ...overrides,
});

const stats = (id: number, label: string, n: number): IssuerStats => ({
  id,
  label,
  certifiedDegrees: n,
  nbEmailSent: n * 2,
  Credits: n * 3,
  nbDeleted: n * 4,
});

describe('period', () => {
  const today = new Date(2026, 10, 23, 15, 30);

  it('defaults to the last 7 days, today included', () => {
    expect(defaultPeriod(today)).toEqual({ startDate: '2026-11-17', endDate: '2026-11-23' });
    expect(periodShortcut(defaultPeriod(today), today)).toBe(7);
    expect(periodShortcut(lastDays(30, today), today)).toBe(30);
    expect(periodShortcut(lastDays(90, today), today)).toBe(90);
    expect(lastDays(90, today).startDate).toBe('2026-08-26');
    expect(periodShortcut({ startDate: '2026-11-01', endDate: '2026-11-23' }, today)).toBeNull();
  });

  it('accepts only real days, the start not after the end', () => {
    expect(isIsoDate('2026-02-28')).toBe(true);
    expect(isIsoDate('2026-02-30')).toBe(false);
    expect(isIsoDate('2026-2-3')).toBe(false);
    expect(isValidPeriod({ startDate: '2026-11-01', endDate: '2026-11-01' })).toBe(true);
    expect(isValidPeriod({ startDate: '2026-11-02', endDate: '2026-11-01' })).toBe(false);
    expect(nextDay('2026-12-31')).toBe('2027-01-01');
    expect(nextDay('2028-02-28')).toBe('2028-02-29');
  });
});

describe('figures', () => {
  it('derives the total sent and merges opened into sent without tracking', () => {
    const item = activity({ nbEmailSent: 3, nbEmailOpened: 2 });
    expect(nbTotalSent(item)).toBe(5);
    expect(withTracking(item, true)).toBe(item);
    expect(withTracking(item, false)).toMatchObject({ nbEmailSent: 5, nbEmailOpened: 0 });
  });

  it('computes the sent percentage, 0 when it cannot', () => {
    expect(sentPercentage(3, 1, 0)).toBe(33);
    expect(sentPercentage(3, 1, 1)).toBe(67);
    expect(sentPercentage(0, 4, 0)).toBe(0);
    expect(sentPercentage(Number.NaN, 1, 1)).toBe(0);
  });

  it('counts the not-sent emails, never below zero', () => {
    expect(notSent({ published: 10, sent: 3, opened: 2, notDelivered: 1 })).toBe(4);
    expect(notSent({ published: 1, sent: 3, opened: 0, notDelivered: 0 })).toBe(0);
  });

  it('cuts chart labels at 35 characters plus an ellipsis', () => {
    expect(chartLabel('x'.repeat(35))).toBe('x'.repeat(35));
    expect(chartLabel('x'.repeat(36))).toBe(`${'x'.repeat(35)}…`);
  });

  it('sorts stats by label case-insensitively', () => {
    const sorted = sortStats([stats(1, 'beta', 1), stats(2, 'Alpha', 1), stats(3, 'alpine', 1), stats(4, 'Gamma', 1)]);
    expect(sorted.map((item) => item.label)).toEqual(['Alpha', 'alpine', 'beta', 'Gamma']);
  });

  it('says which rows carry the campaign shortcut', () => {
    expect(isActionable(activity({ id: 4 }), 4)).toBe(true);
    expect(isActionable(activity({ id: 4 }), 5)).toBe(false);
  });
});

describe('template labels', () => {
  it('writes a JSON map of translations, a plain label under the default language', () => {
    expect(templateLabelJson({ en: 'Badge', fr: 'Badge FR' }, 'en')).toBe('{"en":"Badge","fr":"Badge FR"}');
    expect(templateLabelJson('Only', 'fr')).toBe('{"fr":"Only"}');
  });

  it('reads the language, then en, then the first language', () => {
    const label = '{"fr":"Diplôme","en":"Diploma"}';
    expect(templateLabelIn(label, 'fr')).toBe('Diplôme');
    expect(templateLabelIn(label, 'es')).toBe('Diploma');
    expect(templateLabelIn('{"de":"Urkunde","it":"Diploma IT"}', 'es')).toBe('Urkunde');
    expect(templateLabelIn('"Plain"', 'es')).toBe('Plain');
    expect(templateLabelIn('not json', 'es')).toBe('not json');
  });
});

describe('sums over the selected issuers', () => {
  const all = [stats(1, 'A', 1), stats(2, 'B', 10)];

  it('sums the cards over every issuer or the selected ones', () => {
    expect(globalTotals(all, null)).toEqual({ certifiedDegrees: 11, nbEmailSent: 22, Credits: 33, nbDeleted: 44 });
    expect(globalTotals(all, new Set([2]))).toEqual({
      certifiedDegrees: 10,
      nbEmailSent: 20,
      Credits: 30,
      nbDeleted: 40,
    });
    expect(globalTotals(all, new Set())).toEqual({ certifiedDegrees: 0, nbEmailSent: 0, Credits: 0, nbDeleted: 0 });
  });

  it('sums the period over the selected issuers, with or without tracking', () => {
    const items = [
      activity({ id: 1, nbActives: 10, nbEmailSent: 3, nbEmailOpened: 2, nbEmailRejected: 1 }),
      activity({ id: 2, nbActives: 5, nbEmailSent: 5 }),
    ];
    expect(periodTotals(items, null, true)).toEqual({
      published: 15,
      sent: 8,
      opened: 2,
      notDelivered: 1,
      notSent: 4,
      percentage: 67,
    });
    expect(periodTotals(items, new Set([1]), false)).toEqual({
      published: 10,
      sent: 5,
      opened: 0,
      notDelivered: 1,
      notSent: 4,
      percentage: 50,
    });
  });
});

describe('what recipients did in the period (issue 31)', () => {
  const item = (id: number, figures: Partial<ActivityItem>): ActivityItem => ({
    id,
    label: `Issuer ${id}`,
    TemplateID: id * 10,
    TemplateLabel: '{}',
    nbActives: 0,
    nbEmailSent: 0,
    nbEmailOpened: 0,
    nbEmailRejected: 0,
    ...figures,
  });

  it('adds up the selected issuers’ views, downloads, LinkedIn clicks and verifications', () => {
    const activity = [
      item(1, { nbViews: 3, nbDownloads: 2, nbLinkedIn: 1, nbVerifications: 0 }),
      item(2, { nbViews: 5, nbVerifications: 2 }),
      item(3, {}),
    ];
    expect(recipientTotals(activity, null)).toEqual({ views: 8, downloads: 2, linkedIn: 1, verifications: 2 });
    expect(recipientTotals(activity, new Set([2]))).toEqual({ views: 5, downloads: 0, linkedIn: 0, verifications: 2 });
  });
});
