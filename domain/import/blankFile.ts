import { localIsoDate } from './cells';

/** The columns of the blank import file (spec 000 section 9, spec 001 section 3), in order. */
export const BLANK_IMPORT_COLUMNS = [
  'language',
  'ID',
  'Email',
  'firstName',
  'lastName',
  'obtentionDate',
  'ExpirationDate',
  'assessment',
  'linkLabel',
  'linkURL',
] as const;

export interface BlankImportColumn {
  header: string;
  /** the value of the file's example row */
  defaultValue: string;
}

/** Today as YYYY-MM-DD in the user's time zone. */
export function todayIso(now: Date = new Date()): string {
  return localIsoDate(now);
}

/**
 * The blank file's columns: the standard ones, then the template's own fields not already among them.
 * Names are compared without regard to case, as the import reads headers, so the file never carries two
 * headers the import would take for duplicates. obtentionDate defaults to today.
 */
export function blankImportColumns(templateFields: readonly string[], today: string = todayIso()): BlankImportColumn[] {
  const seen = new Set<string>();
  const columns: BlankImportColumn[] = [];
  for (const header of [...BLANK_IMPORT_COLUMNS, ...templateFields]) {
    const name = header.trim();
    const key = name.toLowerCase();
    if (name === '' || seen.has(key)) continue;
    seen.add(key);
    columns.push({ header: name, defaultValue: name === 'obtentionDate' ? today : '' });
  }
  return columns;
}
