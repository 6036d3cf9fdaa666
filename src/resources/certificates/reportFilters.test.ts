import { describe, expect, it } from 'vitest';
import type { ReportRow } from '../../../domain/reports';
import {
  activeFilterCount,
  chosenFilters,
  initialView,
  nextSort,
  reportColumns,
  reportRequest,
  resolveFilters,
  restoreView,
  saveView,
  showPageSizes,
  usesEmail,
} from './reportQuery';

const row = (change: Partial<ReportRow> = {}): ReportRow => ({
  key: 'k'.repeat(128),
  EvidenzId: 1,
  url: 'http://laurel.test/certificate/k',
  StatusID: 1,
  Language: 'en',
  available: true,
  mail: false,
  EmailStatus: 'not sent',
  LastActivity: null,
  hasEmail: true,
  txInBlockchainExplorer: null,
  PublicationDate: '2026-11-20T10:00:00.000Z',
  CampaignID: 4,
  TemplateID: 3,
  email: 'ada@example.org',
  email_sent: null,
  firstName: 'Ada',
  lastName: 'Lovelace',
  obtentionDate: '2026-11-20',
  ...change,
});

const plain = { nft: false, tracking: false };

describe('report query', () => {
  it('asks a campaign page with the default filters, counters and no sort', () => {
    expect(reportRequest('campaign', 4, initialView(), plain)).toEqual({
      campaignId: 4,
      offset: 0,
      limit: 20,
      status: '1,3,6,9',
      mailSent: '1,0,2',
      counter: true,
    });
  });

  it('uses the NFT statuses and the opened mail filter when they apply', () => {
    const body = reportRequest('template', 3, initialView(), { nft: true, tracking: true });
    expect(body).toMatchObject({ templateId: 3, status: '11,1,3,6,9,13,14', mailSent: '1,0,2,3' });
    expect(body).not.toHaveProperty('campaignId');
  });

  it('sends the page, search text, language, sort and the date range (template report only)', () => {
    const view = {
      ...initialView(),
      filters: { statuses: [9], mailSent: [0], startDate: '2026-11-01', endDate: '2026-11-30' },
      search: '  ada ',
      language: 'fr',
      sort: { field: 'email' as const, order: 'DESC' as const },
      page: 2,
      perPage: 40,
    };
    expect(reportRequest('template', 3, view, plain)).toEqual({
      templateId: 3,
      offset: 80,
      limit: 40,
      status: '9',
      mailSent: '0',
      counter: true,
      dateRange: '2026-11-01;2026-11-30',
      filter: 'ada',
      language: 'fr',
      sort: 'email',
      order: 'DESC',
    });
    expect(reportRequest('campaign', 4, view, plain)).not.toHaveProperty('dateRange');
    expect(reportRequest('cpf', 3, view, plain)).toMatchObject({ templateId: 3 });
  });

  it('keeps filters equal to the defaults as defaults, so they follow the template', () => {
    const resolved = resolveFilters(initialView().filters, plain);
    expect(chosenFilters(resolved, plain)).toEqual(initialView().filters);
    expect(activeFilterCount(chosenFilters(resolved, plain))).toBe(0);
    const narrowed = chosenFilters({ ...resolved, statuses: [1], startDate: '2026-11-01' }, plain);
    expect(narrowed).toEqual({ statuses: [1], mailSent: null, startDate: '2026-11-01', endDate: '' });
    expect(activeFilterCount(narrowed)).toBe(2);
  });

  it('cycles a column sort ascending, descending, then the default order', () => {
    const first = nextSort(null, 'email');
    expect(first).toEqual({ field: 'email', order: 'ASC' });
    const second = nextSort(first, 'email');
    expect(second).toEqual({ field: 'email', order: 'DESC' });
    expect(nextSort(second, 'email')).toBeNull();
    expect(nextSort(second, 'lastName')).toEqual({ field: 'lastName', order: 'ASC' });
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

  it('shows the email columns for open badges or when a line has an address', () => {
    expect(usesEmail([], 'openbadge')).toBe(true);
    expect(usesEmail([row({ hasEmail: false })], 'cpf_onshelf')).toBe(false);
    expect(usesEmail([row()], 'cpf_onshelf')).toBe(true);
  });

  it('offers page sizes only above the first one', () => {
    expect(showPageSizes(20)).toBe(false);
    expect(showPageSizes(21)).toBe(true);
  });

  it('gives the last 7 and 30 days as YYYY-MM-DD', () => {});

  it('keeps a view for the way back from the email page, and ignores a broken one', () => {
    const view = { ...initialView(), search: 'ada', page: 3 };
    saveView(sessionStorage, 'campaign', 4, view);
    expect(restoreView(sessionStorage, 'campaign', 4)).toEqual(view);
    expect(restoreView(sessionStorage, 'template', 4)).toBeNull();
    sessionStorage.setItem('laurel.report.template.4', '{"filters":1}');
    expect(restoreView(sessionStorage, 'template', 4)).toBeNull();
    sessionStorage.clear();
  });
});
