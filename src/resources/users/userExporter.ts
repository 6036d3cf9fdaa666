import type { ProfileId } from '../../../domain/roles';
import type { UserRow } from '../../../domain/users';
import { xlsxExporter, type SheetRecord } from '../../components/xlsxExporter';

/**
 * The users list's spreadsheet (docs/decisions.md, "Exports of the lists"): the table's columns in its order —
 * profile, first name, last name, email, org unit, two-step verification — headed in the user's language, one
 * line per user of the current sort.
 */
export interface UserExportLabels {
  columns: Record<'profile' | 'firstName' | 'lastName' | 'email' | 'orgUnit' | 'hasTotp', string>;
  profile: (profileId: ProfileId) => string;
  on: string;
  off: string;
}

export function userRecords(users: readonly UserRow[], labels: UserExportLabels): SheetRecord[] {
  const { columns } = labels;
  return users.map((user) => ({
    [columns.profile]: labels.profile(user.profileId),
    [columns.firstName]: user.firstName,
    [columns.lastName]: user.lastName,
    [columns.email]: user.email,
    [columns.orgUnit]: user.orgUnit?.trim() ?? '',
    [columns.hasTotp]: user.hasTotp ? labels.on : labels.off,
  }));
}

/** react-admin's exporter of the users list: YYYY-MM-DD_<Users>.xlsx. */
export function userExporter(labels: UserExportLabels, name: string) {
  return xlsxExporter<UserRow>({ name, records: (rows) => userRecords(rows, labels) });
}
