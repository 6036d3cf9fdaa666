import * as XLSX from 'xlsx';
import { describe, expect, it } from 'vitest';
import type { UserRow } from '../../../domain/users';
import { workbookBytes } from '../../components/xlsxExporter';
import { userRecords, type UserExportLabels } from './userExporter';

const labels: UserExportLabels = {
  columns: {
    profile: 'Profile',
    firstName: 'First name',
    lastName: 'Last name',
    email: 'Email',
    orgUnit: 'Org unit',
    hasTotp: 'Two-step verification',
  },
  profile: (id) => ({ 1: 'Administrator', 2: 'Publisher', 3: 'Reader', 6: 'Manager' })[id],
  on: 'On',
  off: 'Off',
};

const user = (change: Partial<UserRow>): UserRow => ({
  id: 1,
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.org',
  profile: 'Administrator',
  profileId: 1,
  orgUnit: null,
  hasTotp: true,
  ...change,
});

describe("the users list's spreadsheet", () => {
  it("has the table's columns in its order, the profile and second factor in words, an empty org unit blank", () => {
    const records = userRecords(
      [user({}), user({ id: 2, firstName: 'Grace', profileId: 6, orgUnit: 'Sales', hasTotp: false })],
      labels,
    );
    expect(Object.keys(records[0])).toEqual([
      'Profile',
      'First name',
      'Last name',
      'Email',
      'Org unit',
      'Two-step verification',
    ]);
    expect(records).toEqual([
      {
        Profile: 'Administrator',
        'First name': 'Ada',
        'Last name': 'Lovelace',
        Email: 'ada@example.org',
        'Org unit': '',
        'Two-step verification': 'On',
      },
      {
        Profile: 'Manager',
        'First name': 'Grace',
        'Last name': 'Lovelace',
        Email: 'ada@example.org',
        'Org unit': 'Sales',
        'Two-step verification': 'Off',
      },
    ]);
  });

  it('reads back from the workbook in the same order, with its headers', async () => {
    const rows = [user({ firstName: 'Zoé' }), user({ id: 2, firstName: 'Alan' })];
    const book = XLSX.read(new Uint8Array(await workbookBytes(userRecords(rows, labels), 'Users')), {
      type: 'array',
    });
    expect(book.SheetNames).toEqual(['Users']);
    const back = XLSX.utils.sheet_to_json<Record<string, string>>(book.Sheets.Users, { header: 1 });
    expect(back[0]).toEqual(['Profile', 'First name', 'Last name', 'Email', 'Org unit', 'Two-step verification']);
    expect(back.slice(1).map((line) => line[1])).toEqual(['Zoé', 'Alan']);
  });
});
