import * as XLSX from 'xlsx';
import { describe, expect, it } from 'vitest';
import type { CampaignItem } from '../../../domain/publication';
import { workbookBytes } from '../../components/xlsxExporter';
import { campaignRecords, type CampaignExportLabels } from './campaignExporter';

const labels: CampaignExportLabels = {
  columns: {
    id: 'Campaign',
    template: 'Template',
    date: 'Date',
    active: 'Active',
    certified: 'Certified',
    user: 'User',
    note: 'Note',
    status: 'Status',
  },
  status: (status) => ({ Done: 'Done', Started: 'In progress' })[status] ?? status,
  locale: 'fr',
};

const campaign = (change: Partial<CampaignItem>): CampaignItem => ({
  ID: 12,
  templateId: 3,
  label: { en: 'Data literacy', fr: 'Culture des données' },
  date: new Date(2026, 10, 20, 9, 5).toISOString(),
  Status: 'Done',
  nbActive: 41,
  certifiedDegrees: 42,
  userFirstname: 'Ada',
  userLastname: 'Lovelace',
  Notes: 'Autumn cohort',
  ...change,
});

describe("the campaigns list's spreadsheet", () => {
  it('has the columns of the table, the label in the language, the counts as numbers, the status in words', () => {
    const records = campaignRecords(
      [campaign({}), campaign({ ID: 13, label: 'Welding', Status: 'Started', Notes: '', userLastname: '' })],
      labels,
    );
    expect(Object.keys(records[0])).toEqual([
      'Campaign',
      'Template',
      'Date',
      'Active',
      'Certified',
      'User',
      'Note',
      'Status',
    ]);
    expect(records).toEqual([
      {
        Campaign: 12,
        Template: 'Culture des données',
        Date: '2026-11-20 09:05',
        Active: 41,
        Certified: 42,
        User: 'Ada Lovelace',
        Note: 'Autumn cohort',
        Status: 'Done',
      },
      {
        Campaign: 13,
        Template: 'Welding',
        Date: '2026-11-20 09:05',
        Active: 41,
        Certified: 42,
        User: 'Ada',
        Note: '',
        Status: 'In progress',
      },
    ]);
  });

  it('writes the counts as number cells', async () => {
    const book = XLSX.read(new Uint8Array(await workbookBytes(campaignRecords([campaign({})], labels), 'Campaigns')), {
      type: 'array',
    });
    const sheet = book.Sheets.Campaigns;
    expect(sheet.D2).toMatchObject({ t: 'n', v: 41 });
    expect(sheet.E2).toMatchObject({ t: 'n', v: 42 });
    expect(sheet.B2).toMatchObject({ t: 's', v: 'Culture des données' });
  });
});
