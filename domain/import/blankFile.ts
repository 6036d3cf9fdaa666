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

/**
 * What the register export reads from a registry template's rows and the product has no field for
 * (docs/cpf-export.md; server/services/cpfExport/importColumns.ts reads them): the holder's sex and birth date,
 * which the register requires, their birthplace and birth name, which it asks for, and the access route. The
 * names are the register schema's; other columns it reads (prenom2, dateInscription, …) may be added by hand.
 */
export const REGISTER_IMPORT_COLUMNS = [
  'sexe',
  'dateNaissance',
  'codeInseeNaissance',
  'libelleCommuneNaissance',
  'nomNaissance',
  'modaliteAcces',
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
 * The blank file's columns: the standard ones, the register's for a registry template, then the template's own
 * fields not already among them. Names are compared without regard to case, as the import reads headers, so the
 * file never carries two headers the import would take for duplicates. obtentionDate defaults to today.
 */
export function blankImportColumns(
  templateFields: readonly string[],
  today: string = todayIso(),
  options: { register?: boolean } = {},
): BlankImportColumn[] {
  const seen = new Set<string>();
  const columns: BlankImportColumn[] = [];
  const register = options.register ? REGISTER_IMPORT_COLUMNS : [];
  for (const header of [...BLANK_IMPORT_COLUMNS, ...register, ...templateFields]) {
    const name = header.trim();
    const key = name.toLowerCase();
    if (name === '' || seen.has(key)) continue;
    seen.add(key);
    columns.push({ header: name, defaultValue: name === 'obtentionDate' ? today : '' });
  }
  return columns;
}
