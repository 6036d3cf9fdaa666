import type { ReportRow } from '../../../domain/reports';
import { sheetDateTime, xlsxExporter, xlsxFileName } from '../../components/xlsxExporter';
import { INTERNAL_ROW_FIELDS } from './reportRowFields';

/**
 * The report's spreadsheet export (spec 002 section 7): every row of the current filter, built in the browser
 * as YYYY-MM-DD_templateName.xlsx; internal columns dropped, a Mail Sent column added.
 */

export { EXPORT_MAX_ROWS } from '../../components/xlsxExporter';

const INTERNAL_COLUMNS = new Set(INTERNAL_ROW_FIELDS);

export function exportFileName(templateName: string, today: Date = new Date()): string {
  return xlsxFileName(templateName, today, 'report');
}

/** The Mail Sent cell: the last activity as YYYY-MM-DD - HH:mm in the user's time zone, or 'not sent'. */
export function mailSentCell(lastActivity: string | null, notSent: string): string {
  return sheetDateTime(lastActivity, ' - ') || notSent;
}

/** The Wallet cell: when and by which protocol the certificate was taken into a wallet, or empty. */
export function walletCell(
  row: Pick<ReportRow, 'WalletTakenAt' | 'WalletProtocol'>,
  protocol: (name: string) => string,
) {
  if (!row.WalletTakenAt) return '';
  const when = sheetDateTime(row.WalletTakenAt, ' - ');
  return row.WalletProtocol ? `${when} (${protocol(row.WalletProtocol)})` : when;
}

export interface ActivityExportColumns {
  views: string;
  firstView: string;
  lastView: string;
  downloads: string;
  linkedIn: string;
  verifications: string;
}

/** What recipients did with the certificate (issue 31): counts, and the first and last view in the user's time zone. */
export function activityCells(
  row: Pick<ReportRow, 'Views' | 'FirstView' | 'LastView' | 'Downloads' | 'LinkedInClicks' | 'Verifications'>,
  columns: ActivityExportColumns,
): Record<string, string> {
  return {
    [columns.views]: String(row.Views ?? 0),
    [columns.firstView]: sheetDateTime(row.FirstView ?? null, ' - '),
    [columns.lastView]: sheetDateTime(row.LastView ?? null, ' - '),
    [columns.downloads]: String(row.Downloads ?? 0),
    [columns.linkedIn]: String(row.LinkedInClicks ?? 0),
    [columns.verifications]: String(row.Verifications ?? 0),
  };
}

export interface ExportLabels {
  status: (statusId: number) => string;
  statusColumn: string;
  mailSentColumn: string;
  notSent: string;
  walletColumn: string;
  /** the wallet protocol's name */
  walletProtocol: (protocol: string) => string;
  /** the activity columns' names (issue 31) */
  activity: ActivityExportColumns;
  /** NFT reports keep the ledger's transaction link */
  nft: boolean;
}

/** The spreadsheet's records, one per row, with the same columns in the same order for every record. */
export function exportRecords(rows: readonly ReportRow[], labels: ExportLabels): Record<string, string>[] {
  const columns: string[] = [];
  for (const row of rows)
    for (const column of Object.keys(row))
      if (!INTERNAL_COLUMNS.has(column) && !columns.includes(column)) columns.push(column);
  return rows.map((row) => {
    const record: Record<string, string> = {};
    for (const column of columns) {
      const value = row[column];
      record[column] = value === null || value === undefined ? '' : String(value);
    }
    record[labels.statusColumn] = labels.status(row.StatusID);
    record[labels.mailSentColumn] = mailSentCell(row.LastActivity, labels.notSent);
    record[labels.walletColumn] = walletCell(row, labels.walletProtocol);
    Object.assign(record, activityCells(row, labels.activity));
    if (labels.nft) record.txInBlockchainExplorer = row.txInBlockchainExplorer ?? '';
    return record;
  });
}

/**
 * react-admin's exporter for a report: the rows of the current filter as the spreadsheet, handed to the browser;
 * `onDone` tells the page how many rows were written.
 */
export function certificateExporter(labels: ExportLabels, templateName: string, onDone: (count: number) => void) {
  return xlsxExporter<ReportRow>({
    name: templateName,
    records: (rows) => exportRecords(rows, labels),
    onDone,
  });
}
