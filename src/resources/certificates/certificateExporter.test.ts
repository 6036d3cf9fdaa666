import * as XLSX from 'xlsx';
import { describe, expect, it } from 'vitest';
import type { ReportRow } from '../../../domain/reports';
import { workbookBytes } from '../../components/xlsxExporter';
import { exportFileName, exportRecords, mailSentCell } from './certificateExporter';
import { testReportRow } from './testReportRow';

const row = (change: Partial<ReportRow>): ReportRow =>
  testReportRow({
    EvidenzId: 7,
    url: 'http://laurel.test/certificate/kkk',
    mail: true,
    EmailStatus: 'Sent',
    ...change,
  });

const labels = {
  status: (statusId: number) => (statusId === 1 ? 'Validated' : 'Disabled'),
  statusColumn: 'Status',
  mailSentColumn: 'Mail Sent',
  notSent: 'not sent',
  walletColumn: 'Wallet',
  walletProtocol: (protocol: string) => (protocol === 'vcapi' ? 'LCW' : 'OpenID'),
  activity: {
    views: 'Views',
    firstView: 'First view',
    lastView: 'Last view',
    downloads: 'Downloads',
    linkedIn: 'LinkedIn',
    verifications: 'Verifications',
  },
  nft: false,
};

describe('spreadsheet export', () => {
  it('names the file YYYY-MM-DD_templateName.xlsx, without characters a file name may not hold', () => {
    expect(exportFileName('Data literacy', new Date(2026, 10, 22))).toBe('2026-11-22_Data literacy.xlsx');
    expect(exportFileName('A/B: "level" 2?', new Date(2026, 0, 5))).toBe('2026-01-05_A_B_ _level_ 2_.xlsx');
  });

  it("writes Mail Sent as 'YYYY-MM-DD - HH:mm' in local time, or 'not sent'", () => {
    const local = new Date(2026, 10, 20, 9, 5).toISOString();
    expect(mailSentCell(local, 'not sent')).toBe('2026-11-20 - 09:05');
    expect(mailSentCell(null, 'not sent')).toBe('not sent');
    expect(mailSentCell('garbage', 'not sent')).toBe('not sent');
  });

  it('drops the internal columns, adds status and Mail Sent, and reads back from the workbook', async () => {
    const sentAt = new Date(2026, 10, 21, 14, 30).toISOString();
    const records = exportRecords(
      [row({ LastActivity: sentAt, grade: 'A' }), row({ key: 'b'.repeat(128), StatusID: 9, firstName: 'Alan' })],
      labels,
    );
    expect(Object.keys(records[0])).toEqual([
      'key',
      'url',
      'Language',
      'PublicationDate',
      'email',
      'firstName',
      'lastName',
      'grade',
      'Status',
      'Mail Sent',
      'Wallet',
      'Views',
      'First view',
      'Last view',
      'Downloads',
      'LinkedIn',
      'Verifications',
    ]);
    expect(records[1]).toMatchObject({ firstName: 'Alan', grade: '', Status: 'Disabled', 'Mail Sent': 'not sent' });

    const book = XLSX.read(new Uint8Array(await workbookBytes(records, 'Data literacy')), { type: 'array' });
    expect(book.SheetNames).toEqual(['Data literacy']);
    const back = XLSX.utils.sheet_to_json<Record<string, string>>(book.Sheets['Data literacy']);
    expect(back[0]).toMatchObject({ firstName: 'Ada', Status: 'Validated', 'Mail Sent': '2026-11-21 - 14:30' });
    expect(back[1]).toMatchObject({ firstName: 'Alan', 'Mail Sent': 'not sent' });
    expect(back[0]).not.toHaveProperty('EvidenzId');
  });

  it('writes when and by which protocol a certificate was taken into a wallet, or nothing', () => {
    const takenAt = new Date(2026, 10, 27, 8, 15).toISOString();
    const [taken, notTaken] = exportRecords(
      [row({ WalletTakenAt: takenAt, WalletProtocol: 'vcapi' }), row({ WalletTakenAt: null, WalletProtocol: null })],
      labels,
    );
    expect(taken.Wallet).toBe('2026-11-27 - 08:15 (LCW)');
    expect(notTaken.Wallet).toBe('');
    expect(taken).not.toHaveProperty('WalletTakenAt');
    expect(taken).not.toHaveProperty('WalletProtocol');
  });

  it('writes what recipients did: views with the first and last, downloads, LinkedIn clicks, verifications', () => {
    const first = new Date(2026, 10, 27, 8, 15).toISOString();
    const last = new Date(2026, 10, 28, 19, 2).toISOString();
    const [seen, never] = exportRecords(
      [
        row({ Views: 3, FirstView: first, LastView: last, Downloads: 2, LinkedInClicks: 1, Verifications: 4 }),
        row({ Views: 0, FirstView: null, LastView: null }),
      ],
      labels,
    );
    expect(seen).toMatchObject({
      Views: '3',
      'First view': '2026-11-27 - 08:15',
      'Last view': '2026-11-28 - 19:02',
      Downloads: '2',
      LinkedIn: '1',
      Verifications: '4',
    });
    expect(never).toMatchObject({ Views: '0', 'First view': '', 'Last view': '', Downloads: '0' });
    expect(seen).not.toHaveProperty('LinkedInClicks');
    expect(seen).not.toHaveProperty('FirstView');
  });

  it('writes the expiration date as YYYY-MM-DD, empty for a certificate that never expires (issue 28)', () => {
    const [expiring, never] = exportRecords([row({ ExpirationDate: '2027-01-31' }), row({ key: 'other' })], labels);
    expect(expiring.ExpirationDate).toBe('2027-01-31');
    expect(never.ExpirationDate).toBe('');
    expect(Object.keys(never)).toEqual(Object.keys(expiring));
  });

  it('keeps the ledger link on NFT reports', () => {
    const [record] = exportRecords([row({ txInBlockchainExplorer: 'https://ledger.example/tx/1' })], {
      ...labels,
      nft: true,
    });
    expect(record.txInBlockchainExplorer).toBe('https://ledger.example/tx/1');
  });
});
