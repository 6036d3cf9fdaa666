import { describe, expect, it } from 'vitest';
import { statusAfter } from '../../../domain/certificates';
import type { CertificateRecord } from '../../dataProvider/certificates';
import { offeredOperations } from './certificateOperations';
import { changesOf, editableColumns, fieldProblem, renewableRows, replaceableRows } from './reissueModel';
import { testReportRow } from './testReportRow';

const record = (change: Partial<CertificateRecord> = {}): CertificateRecord => {
  const row = testReportRow({ ID: 'A-1', score: '18/20', obtentionDate: '2026-11-20', ...change });
  return { ...row, id: row.key };
};

describe('corrected re-issue from a report or the search', () => {
  it('replaces only valid certificates that are not NFTs', () => {
    const rows = [
      record({ key: 'a', StatusID: 1 }),
      record({ key: 'b', StatusID: 9 }),
      record({ key: 'c', StatusID: 15 }),
      record({ key: 'd', StatusID: 1, txInBlockchainExplorer: 'https://explorer.test/tx/1' }),
      record({ key: 'e', StatusID: 3 }),
    ];
    expect(replaceableRows(rows).map((row) => row.key)).toEqual(['a']);
  });

  it('neither corrects nor renews a certificate already renewed: the issuer acts on its renewal', () => {
    const rows = [record({ key: 'a', StatusID: 1 }), record({ key: 'b', StatusID: 1, RenewedBy: 'n'.repeat(128) })];
    expect(replaceableRows(rows).map((row) => row.key)).toEqual(['a']);
    expect(renewableRows(rows).map((row) => row.key)).toEqual(['a']);
  });

  it('offers no status operation on a replaced certificate', () => {
    for (const operation of ['disable', 'enable', 'delete'] as const) expect(statusAfter(operation, 15)).toBeNull();
    expect(offeredOperations({ canAct: true, nft: false, fieldsToCertified: 'score' }, [{ StatusID: 15 }])).toEqual([]);
  });

  it('lets the recipient columns and the data change, never the recipient key, the language or a file', () => {
    const row = record({ file: 'ada.pdf' });
    expect(editableColumns(row, { technicalFields: ['ID'], fileFields: ['file'] })).toEqual([
      'firstName',
      'lastName',
      'email',
      'score',
      'obtentionDate',
    ]);
    // the template unread: its key's columns are shown too (the server refuses a change to them)
    expect(editableColumns(row, null)).toContain('ID');
    expect(editableColumns(row, null)).not.toContain('Language');
  });

  it('sends the changed columns only, trimmed, the address as the import names it', () => {
    const row = record();
    const columns = editableColumns(row, { technicalFields: ['ID'], fileFields: [] });
    expect(changesOf(row, {}, columns)).toEqual({});
    expect(changesOf(row, { firstName: 'Ada ', lastName: ' King', email: ' Ada.King@Example.org ' }, columns)).toEqual({
      lastName: 'King',
      Email: 'ada.king@example.org',
    });
  });

  it('refuses an empty name and a new address that is not one', () => {
    expect(fieldProblem('lastName', '  ', 'Lovelace')).toBe('required');
    expect(fieldProblem('score', '', '18/20')).toBeNull();
    expect(fieldProblem('email', 'ada(at)example.org', 'ada@example.org')).toBe('bad_email');
    expect(fieldProblem('email', 'ada@example.org', 'ada@example.org')).toBeNull();
  });
});
