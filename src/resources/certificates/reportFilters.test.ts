import { describe, expect, it } from 'vitest';
import type { ReportRow } from '../../../domain/reports';
import {
  activeFilterCount,
  applyDrawer,
  awaitingResult,
  pageSizes,
  reportColumns,
  resolveFilters,
  usesEmail,
} from './reportFilters';
import { testReportRow } from './testReportRow';

const row = (change: Partial<ReportRow> = {}): ReportRow => testReportRow({ obtentionDate: '2026-11-20', ...change });

const plain = { nft: false, tracking: false };

describe('report filters', () => {
  it('resolves absent filters to the defaults of the template and issuer', () => {
    expect(resolveFilters({}, plain)).toEqual({
      statuses: [1, 3, 6, 9, 15],
      mailSent: [1, 0, 2],
      wallet: [1, 0],
      viewed: [1, 0],
      correction: false,
      startDate: '',
      endDate: '',
      expiry: '',
    });
    expect(resolveFilters({}, { nft: true, tracking: true })).toMatchObject({
      statuses: [11, 1, 3, 6, 9, 13, 14],
      mailSent: [1, 0, 2, 3],
    });
  });

  it('applies the drawer: defaults stay absent (they follow the template), search and language are kept', () => {
    const current = { q: 'ada', language: 'fr', statuses: [9] };
    const applied = applyDrawer(current, resolveFilters({}, plain), plain);
    expect(applied).toEqual({ q: 'ada', language: 'fr' });
    expect(activeFilterCount(applied)).toBe(0);
    const narrowed = applyDrawer(
      current,
      { ...resolveFilters({}, plain), statuses: [1], startDate: '2026-11-01' },
      plain,
    );
    expect(narrowed).toEqual({ q: 'ada', language: 'fr', statuses: [1], startDate: '2026-11-01' });
    expect(activeFilterCount(narrowed)).toBe(2);
    const inWallets = applyDrawer(current, { ...resolveFilters({}, plain), wallet: [1] }, plain);
    expect(inWallets).toEqual({ q: 'ada', language: 'fr', wallet: [1] });
    expect(activeFilterCount(inWallets)).toBe(1);
    expect(applyDrawer(current, { ...resolveFilters({}, plain), wallet: [0, 1] }, plain)).not.toHaveProperty('wallet');
  });

  it('applies the correction requested checkbox as correction: true, absent when off (issue 28)', () => {
    const current = { q: 'ada', correction: true };
    expect(resolveFilters(current, plain).correction).toBe(true);
    expect(resolveFilters({}, plain).correction).toBe(false);
    const on = applyDrawer({ q: 'ada' }, { ...resolveFilters({}, plain), correction: true }, plain);
    expect(on).toEqual({ q: 'ada', correction: true });
    expect(activeFilterCount(on)).toBe(1);
    const off = applyDrawer(current, resolveFilters({}, plain), plain);
    expect(off).toEqual({ q: 'ada' });
    expect(activeFilterCount(off)).toBe(0);
  });

  it('shows no column for the pending correction request: it is the row mark (issue 28)', () => {
    const columns = reportColumns(
      [row({ CorrectionRequestId: 4 }), row({ key: 'x', CorrectionRequestId: null })],
      true,
    );
    expect(columns.map((column) => column.field)).not.toContain('CorrectionRequestId');
  });

  it('lays out the columns: names and address, data fields, language and date, widths by the formula', () => {
    const rows = [row(), row({ key: 'x', grade: 'Distinction with honours' })];
    const columns = reportColumns(rows, true);
    expect(columns.map((column) => column.field)).toEqual([
      'firstName',
      'lastName',
      'email',
      'obtentionDate',
      'grade',
      'Language',
      'PublicationDate',
    ]);
    expect(columns.find((column) => column.field === 'grade')).toEqual({
      field: 'grade',
      sortable: false,
      width: 24 * 5 + 100,
    });
    expect(columns.find((column) => column.field === 'email')).toMatchObject({ sortable: true, width: 15 * 5 + 100 });
    expect(columns.find((column) => column.field === 'PublicationDate')?.width).toBeNull();
    expect(reportColumns(rows, false).map((column) => column.field)).not.toContain('email');
  });

  it('applies the expiry filter (issue 28): expired alone, expiring with its 60 days window, all drops both', () => {
    const current = { q: 'ada', expiry: 'expired', expiringDays: 30 };
    const expired = applyDrawer(current, { ...resolveFilters({}, plain), expiry: 'expired' }, plain);
    expect(expired).toEqual({ q: 'ada', expiry: 'expired' });
    expect(activeFilterCount(expired)).toBe(1);
    expect(applyDrawer(current, { ...resolveFilters({}, plain), expiry: 'expiring' }, plain)).toEqual({
      q: 'ada',
      expiry: 'expiring',
      expiringDays: 60,
    });
    expect(applyDrawer(current, resolveFilters({}, plain), plain)).toEqual({ q: 'ada' });
    expect(resolveFilters({ expiry: 'expiring', expiringDays: 60 }, plain).expiry).toBe('expiring');
  });

  it('adds the expiration column after the publication date when a line expires', () => {
    expect(reportColumns([row()], true).map((column) => column.field)).not.toContain('ExpirationDate');
    const columns = reportColumns([row(), row({ key: 'x', ExpirationDate: '2027-01-31' })], true);
    expect(columns.slice(-2)).toEqual([
      { field: 'PublicationDate', sortable: true, width: null },
      { field: 'ExpirationDate', sortable: false, width: null },
    ]);
  });

  it('shows the email columns for open badges or when a line has an address', () => {
    expect(usesEmail([], 'openbadge')).toBe(true);
    expect(usesEmail([row({ hasEmail: false })], 'cpf_onshelf')).toBe(false);
    expect(usesEmail([row()], 'cpf_onshelf')).toBe(true);
  });

  it('offers page sizes only above the first one', () => {
    expect(pageSizes(20)).toEqual([]);
    expect(pageSizes(21)).toEqual([20, 40, 60, 80]);
  });

  it('waits for a campaign that has no result yet', () => {
    expect(awaitingResult(undefined)).toBe(true);
    expect(awaitingResult({ campaign: { Status: 'Started' } })).toBe(true);
    expect(awaitingResult({ campaign: { Status: 'Done' } })).toBe(false);
    expect(awaitingResult({ campaign: null })).toBe(false);
  });
});
