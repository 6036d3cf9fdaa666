import * as XLSX from 'xlsx';
import { describe, expect, it } from 'vitest';
import { creditOperationKind, type CreditOperationRecord } from '../../../domain/creditOperations';
import { workbookBytes } from '../../components/xlsxExporter';
import { creditOperationRecords, type CreditOperationExportLabels } from './creditOperationExporter';

const labels: CreditOperationExportLabels = {
  columns: {
    date: 'Date',
    operation: 'Operation',
    campaign: 'Campaign',
    credits: 'Credits',
    reference: 'Reference',
  },
  operation: (record) =>
    record.kind === 'publication'
      ? `Campaign ${record.campaign_id}`
      : record.kind === 'addition'
        ? 'Credits added'
        : 'Credits expired',
};

const operation = (id: number, credits: number, reason: string): CreditOperationRecord => ({
  id,
  operation_date: new Date(2026, 10, id, 14, 30).toISOString(),
  credits,
  reason,
  ...creditOperationKind(credits, reason),
});

describe("the credit log's spreadsheet", () => {
  const log = [
    operation(3, -40, 'campaign 42'),
    operation(2, 500, 'invoice 2026-114'),
    operation(1, -60, 'yearly expiration'),
  ];

  it('has the date, the operation in words, the campaign, the signed credits and the reference', () => {
    expect(creditOperationRecords(log, labels)).toEqual([
      { Date: '2026-11-03 14:30', Operation: 'Campaign 42', Campaign: 42, Credits: -40, Reference: '' },
      {
        Date: '2026-11-02 14:30',
        Operation: 'Credits added',
        Campaign: '',
        Credits: 500,
        Reference: 'invoice 2026-114',
      },
      {
        Date: '2026-11-01 14:30',
        Operation: 'Credits expired',
        Campaign: '',
        Credits: -60,
        Reference: 'yearly expiration',
      },
    ]);
  });

  it('writes the credits as number cells, in the order of the list', async () => {
    const book = XLSX.read(new Uint8Array(await workbookBytes(creditOperationRecords(log, labels), 'Credit log')), {
      type: 'array',
    });
    const back = XLSX.utils.sheet_to_json<Record<string, string | number>>(book.Sheets['Credit log']);
    expect(back.map((line) => line.Credits)).toEqual([-40, 500, -60]);
    expect(book.Sheets['Credit log'].D2).toMatchObject({ t: 'n', v: -40 });
  });
});
