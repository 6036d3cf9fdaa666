import type { CreditOperationRecord } from '../../../domain/creditOperations';
import { sheetDateTime, xlsxExporter, type SheetRecord } from '../../components/xlsxExporter';

/**
 * My plan's credit log as a spreadsheet (docs/decisions.md, "Exports of the lists"), for the issuer's bookkeeping:
 * the date (YYYY-MM-DD HH:mm, local time), the operation in words, the campaign a debit paid for, the credits as a
 * signed number, and the reference the sales team wrote with an addition or an expiration (an invoice number).
 */
export interface CreditOperationExportLabels {
  columns: Record<'date' | 'operation' | 'campaign' | 'credits' | 'reference', string>;
  /** the operation's words: "Credits added", "Campaign 42", "Credits expired" */
  operation: (record: CreditOperationRecord) => string;
}

export function creditOperationRecords(
  operations: readonly CreditOperationRecord[],
  labels: CreditOperationExportLabels,
): SheetRecord[] {
  const { columns } = labels;
  return operations.map((operation) => ({
    [columns.date]: sheetDateTime(operation.operation_date),
    [columns.operation]: labels.operation(operation),
    [columns.campaign]: operation.campaign_id ?? '',
    [columns.credits]: operation.credits,
    // a debit's reason is "campaign 42", already in the campaign column
    [columns.reference]: operation.kind === 'publication' ? '' : operation.reason,
  }));
}

/** react-admin's exporter of the credit log: YYYY-MM-DD_<Credit log>.xlsx. */
export function creditOperationExporter(labels: CreditOperationExportLabels, name: string) {
  return xlsxExporter<CreditOperationRecord>({ name, records: (rows) => creditOperationRecords(rows, labels) });
}
