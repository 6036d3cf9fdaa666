import type { CampaignItem } from '../../../domain/publication';
import { labelIn } from '../../../domain/templates';
import { sheetDateTime, xlsxExporter, type SheetRecord } from '../../components/xlsxExporter';
import { campaignUser } from './campaignFilters';

/**
 * The campaigns page's spreadsheet (docs/decisions.md, "Exports of the lists"): the table's columns (spec 001,
 * Campaigns page) for every campaign of the current search and dates — the campaign's number, the template's label
 * in the user's language, the date (YYYY-MM-DD HH:mm, local time), the active and certified counts as two numbers,
 * the user, the note and the status in words.
 */
export interface CampaignExportLabels {
  columns: Record<'id' | 'template' | 'date' | 'active' | 'certified' | 'user' | 'note' | 'status', string>;
  status: (status: string) => string;
  locale: string;
}

export function campaignRecords(campaigns: readonly CampaignItem[], labels: CampaignExportLabels): SheetRecord[] {
  const { columns } = labels;
  return campaigns.map((campaign) => ({
    [columns.id]: campaign.ID,
    [columns.template]: labelIn(campaign.label, labels.locale),
    [columns.date]: sheetDateTime(campaign.date),
    [columns.active]: campaign.nbActive,
    [columns.certified]: campaign.certifiedDegrees,
    [columns.user]: campaignUser(campaign),
    [columns.note]: campaign.Notes ?? '',
    [columns.status]: labels.status(campaign.Status),
  }));
}

/** react-admin's exporter of the campaigns list: YYYY-MM-DD_<Campaigns>.xlsx. */
export function campaignExporter(labels: CampaignExportLabels, name: string) {
  return xlsxExporter<CampaignItem>({ name, records: (rows) => campaignRecords(rows, labels) });
}
