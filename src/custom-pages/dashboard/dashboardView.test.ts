import { describe, expect, it } from 'vitest';
import type { ActivityItem, IssuerStats, PeriodTotals } from '../../../domain/dashboard';
import {
  activityRows,
  campaignsSearch,
  donutSlices,
  hasPeriodData,
  issuerBars,
  nextSort,
  periodBars,
  sortRows,
  toggledIssuer,
} from './dashboardView';

const item = (
  id: number,
  TemplateID: number,
  label: string,
  nbActives: number,
  sent = 0,
  opened = 0,
): ActivityItem => ({
  id,
  label: `Issuer ${id}`,
  TemplateID,
  TemplateLabel: JSON.stringify({ en: label, fr: `${label} FR` }),
  nbActives,
  nbEmailSent: sent,
  nbEmailOpened: opened,
  nbEmailRejected: 0,
});

const totals: PeriodTotals = { published: 10, sent: 4, opened: 2, notDelivered: 1, notSent: 3, percentage: 60 };

describe('active templates table', () => {
  const activity = [item(1, 10, 'beta', 5, 1, 1), item(2, 20, 'Alpha', 7, 3), item(1, 11, 'gamma', 2)];

  it('keeps the selected issuers, reads labels in the language, marks own rows actionable', () => {
    const rows = activityRows(activity, new Set([1]), 'fr', 1);
    expect(rows.map((row) => [row.template, row.sent, row.actionable])).toEqual([
      ['beta FR', 2, true],
      ['gamma FR', 0, true],
    ]);
    expect(activityRows(activity, null, 'es', 1).find((row) => row.templateId === 20)).toMatchObject({
      template: 'Alpha',
      actionable: false,
    });
  });

  it('sorts on issuer, template, active and sent counts', () => {
    const rows = activityRows(activity, null, 'en', 1);
    const templates = (field: 'issuer' | 'template' | 'actives' | 'sent', order: 'asc' | 'desc') =>
      sortRows(rows, { field, order }, 'en').map((row) => row.template);
    expect(templates('template', 'asc')).toEqual(['Alpha', 'beta', 'gamma']);
    expect(templates('actives', 'desc')).toEqual(['Alpha', 'beta', 'gamma']);
    expect(templates('actives', 'asc')).toEqual(['gamma', 'beta', 'Alpha']);
    expect(templates('sent', 'desc')).toEqual(['Alpha', 'beta', 'gamma']);
    expect(templates('issuer', 'desc')).toEqual(['Alpha', 'beta', 'gamma']);
  });

  it('flips the order on the same column; counts start descending, texts ascending', () => {
    expect(nextSort({ field: 'actives', order: 'desc' }, 'actives')).toEqual({ field: 'actives', order: 'asc' });
    expect(nextSort({ field: 'actives', order: 'desc' }, 'template')).toEqual({ field: 'template', order: 'asc' });
    expect(nextSort({ field: 'template', order: 'asc' }, 'sent')).toEqual({ field: 'sent', order: 'desc' });
  });

  it("links to one template's campaigns", () => {
    expect(campaignsSearch(42)).toBe('templateId=42');
  });
});

describe('charts', () => {
  it('draws the selected issuers with names cut at 35 characters', () => {
    const stats: IssuerStats[] = [
      { id: 1, label: 'A'.repeat(40), certifiedDegrees: 3, nbEmailSent: 0, Credits: 9, nbDeleted: 0 },
      { id: 2, label: 'B', certifiedDegrees: 1, nbEmailSent: 0, Credits: 2, nbDeleted: 0 },
    ];
    expect(issuerBars(stats, new Set([1]))).toEqual([
      { name: `${'A'.repeat(35)}…`, fullName: 'A'.repeat(40), certificates: 3, credits: 9 },
    ]);
    expect(issuerBars(stats, null)).toHaveLength(2);
  });

  it('shows opened only with tracking', () => {
    expect(periodBars(totals, true).map((slice) => slice.key)).toEqual(['published', 'sent', 'opened']);
    expect(periodBars(totals, false).map((slice) => slice.key)).toEqual(['published', 'sent']);
    expect(donutSlices(totals, true)).toEqual([
      { key: 'sent', value: 4 },
      { key: 'opened', value: 2 },
      { key: 'notDelivered', value: 1 },
      { key: 'notSent', value: 3 },
    ]);
    expect(donutSlices(totals, false).map((slice) => slice.key)).toEqual(['sent', 'notDelivered', 'notSent']);
  });

  it('says when the period is empty', () => {
    expect(hasPeriodData(totals)).toBe(true);
    expect(hasPeriodData({ ...totals, published: 0, sent: 0, opened: 0, notDelivered: 0 })).toBe(false);
  });
});

describe('issuer selection', () => {
  it('adds and removes one issuer', () => {
    expect([...toggledIssuer(new Set([1, 2]), 2)]).toEqual([1]);
    expect([...toggledIssuer(new Set([1]), 3)]).toEqual([1, 3]);
  });
});
