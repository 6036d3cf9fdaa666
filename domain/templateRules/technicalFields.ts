/**
 * A template's technical fields (spec 001 section 3, DataTech): the import columns whose values together name
 * a recipient. Rows sharing those values are one recipient, hence one certificate with one translation per
 * language (spec 001 section 5). New templates name the recipient by the blank import file's `ID` column.
 */
export const DEFAULT_TECHNICAL_FIELDS: readonly string[] = ['ID'];

/** A recipient is named by at most this many columns. */
export const MAX_TECHNICAL_FIELDS = 5;
/** Longest column name accepted as a technical field. */
export const MAX_TECHNICAL_FIELD_LENGTH = 50;

export type TechnicalFieldsError = 'required' | 'too_many' | 'too_long' | 'invalid' | 'duplicate';

/** Columns that cannot name a recipient: the language column says which translation a row is. */
const RESERVED = new Set(['language', '__proto__']);

/** The editors' text input ("ID; Email") as a list: split on semicolons and commas, trimmed, blanks dropped. */
export function parseTechnicalFields(text: string): string[] {
  return text
    .split(/[;,]/)
    .map((field) => field.trim())
    .filter((field) => field !== '');
}

/** The list as the editors show it and as the template stores it (a semicolon list). */
export function formatTechnicalFields(fields: readonly string[]): string {
  return fields.join(';');
}

/**
 * The first fault of a list of technical fields, or null: at least one, at most five, each a column name of
 * at most 50 characters without control characters, semicolons or commas, not the language column, and no
 * name twice whatever its case (the import compares headers without regard to case).
 */
export function validateTechnicalFields(fields: readonly string[]): TechnicalFieldsError | null {
  if (fields.length === 0) return 'required';
  if (fields.length > MAX_TECHNICAL_FIELDS) return 'too_many';
  const seen = new Set<string>();
  for (const field of fields) {
    const name = field.trim().toLowerCase();
    if (field.trim().length > MAX_TECHNICAL_FIELD_LENGTH) return 'too_long';
    // eslint-disable-next-line no-control-regex -- control characters cannot be a column header
    if (name === '' || /[;,\u0000-\u001f\u007f]/.test(name) || RESERVED.has(name)) return 'invalid';
    if (seen.has(name)) return 'duplicate';
    seen.add(name);
  }
  return null;
}
