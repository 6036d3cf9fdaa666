import { todayIso } from '../../../domain/import';
import type { RaRecord } from 'react-admin';
import type { ReportRow } from '../../../domain/reports';
import { saveFile } from './saveFile';

/**
 * The report's spreadsheet export (spec 002 section 7): every row of the current filter, built in the browser
 * as YYYY-MM-DD_templateName.xlsx; internal columns dropped, a Mail Sent column added.
 */

/** The most rows one export reads (react-admin's ExportButton asks them in one getList, paged by the provider). */
export const EXPORT_MAX_ROWS = 100_000;

const INTERNAL_COLUMNS = new Set([
  'id',
  'EvidenzId',
  'available',
  'mail',
  'EmailStatus',
  'EmailPending',
  'EmailAttempts',
  'EmailReason',
  'EmailNextAttempt',
  'LastActivity',
  'hasEmail',
  'CampaignID',
  'TemplateID',
  'email_sent',
  'StatusID',
  'badge',
  'thumbnail',
  'txInBlockchainExplorer',
]);

/** Characters a file name may not hold on common systems. */
const UNSAFE_IN_FILE_NAME = /[\\/:*?"<>|\p{Cc}]+/gu;

export function exportFileName(templateName: string, today: Date = new Date()): string {
  const name = templateName.replace(UNSAFE_IN_FILE_NAME, '_').trim() || 'report';
  return `${todayIso(today)}_${name}.xlsx`;
}

const pad = (value: number) => String(value).padStart(2, '0');

/** The Mail Sent cell: the last activity as YYYY-MM-DD - HH:mm in the user's time zone, or 'not sent'. */
export function mailSentCell(lastActivity: string | null, notSent: string): string {
  if (!lastActivity) return notSent;
  const date = new Date(lastActivity);
  if (Number.isNaN(date.getTime())) return notSent;
  return `${todayIso(date)} - ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

export interface ExportLabels {
  status: (statusId: number) => string;
  statusColumn: string;
  mailSentColumn: string;
  notSent: string;
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
    if (labels.nft) record.txInBlockchainExplorer = row.txInBlockchainExplorer ?? '';
    return record;
  });
}

/** The workbook's bytes; xlsx is loaded only when someone exports. */
export async function workbookBytes(
  records: readonly Record<string, string>[],
  sheetName: string,
): Promise<ArrayBuffer> {
  const XLSX = await import('xlsx');
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.json_to_sheet([...records]), sheetName.slice(0, 31) || 'Report');
  return XLSX.write(book, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer;
}

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * react-admin's exporter for a report: the rows of the current filter as the spreadsheet, handed to the browser;
 * `onDone` tells the page how many rows were written.
 */
export function certificateExporter(labels: ExportLabels, templateName: string, onDone: (count: number) => void) {
  return async (records: RaRecord[]) => {
    const rows = records as unknown as ReportRow[];
    const bytes = await workbookBytes(exportRecords(rows, labels), templateName);
    saveFile(new Blob([bytes], { type: XLSX_TYPE }), exportFileName(templateName));
    onDone(rows.length);
  };
}
