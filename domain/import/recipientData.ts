/**
 * The recipient data a certificate is issued with, checked beyond the import rules: real dates, an expiry
 * that does not come before the obtention, links on the web. The web app flags them on import (before the
 * check word); the server refuses them again on publish with ERR_CPF_INCORRECT_DATA's map of field to
 * message (spec 001 section 7).
 */

/** Columns that hold dates: the standard ones (spec 001 section 3) and the register's (the XML export). */
export const DATE_COLUMNS = [
  'obtentionDate',
  'ExpirationDate',
  'dateNaissance',
  'dateInscription',
  'dateDebutExamen',
  'dateFinExamen',
] as const;

const DATE_COLUMN_SET: ReadonlySet<string> = new Set(DATE_COLUMNS.map((column) => column.toLowerCase()));

/** Whether a header names a date column, compared trimmed and without regard to case as the import does. */
export function isDateColumn(header: string): boolean {
  return DATE_COLUMN_SET.has(header.trim().toLowerCase());
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * A real calendar day written YYYY-MM-DD (no 30 February), years 0100 to 9999 (what a Date round trip accepted:
 * Date.UTC reads years 0–99 as 1900–1999). Counted, not through a Date: it runs for every date cell of an
 * import, and the Date round trip was a third of the rows' check (issue 16 point 3).
 */
export function isIsoDate(value: string): boolean {
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  if (year < 100 || month < 1 || month > 12 || day < 1) return false;
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  const days = month === 2 ? (leap ? 29 : 28) : month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
  return day <= days;
}

/**
 * The dates a certificate may carry (spec 001 leaves them open; decision of 2026-11-25): 1900-01-01 to
 * 2100-12-31. A year 9999 is a typing slip, and far dates break the PDF and the register exports.
 */
export const EARLIEST_DATE = '1900-01-01';
export const LATEST_DATE = '2100-12-31';

/** Whether a YYYY-MM-DD date lies within EARLIEST_DATE … LATEST_DATE (ISO dates compare as text). */
export function isDateInRange(isoDate: string): boolean {
  return isoDate >= EARLIEST_DATE && isoDate <= LATEST_DATE;
}

/**
 * Whether a UTF-16 code unit may not appear in imported text: the C0 controls but tab, line feed and
 * carriage return (NUL among them, which PostgreSQL refuses in text); DEL and the C1 controls; the bidi
 * embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069) that make a name read other than it is
 * stored; the noncharacters U+FFFE and U+FFFF. The marks LRM, RLM and ALM stay allowed: right-to-left names
 * need them.
 */
function isForbiddenUnit(unit: number): boolean {
  if (unit < 0x20) return unit !== 0x09 && unit !== 0x0a && unit !== 0x0d;
  if (unit < 0x7f) return false;
  if (unit <= 0x9f) return true;
  if (unit < 0x202a) return false;
  return unit <= 0x202e || (unit >= 0x2066 && unit <= 0x2069) || unit === 0xfffe || unit === 0xffff;
}

const isHighSurrogate = (unit: number) => unit >= 0xd800 && unit <= 0xdbff;
const isLowSurrogate = (unit: number) => unit >= 0xdc00 && unit <= 0xdfff;

/**
 * The first character of a text that an import refuses, written U+XXXX (the detail line shows the code, not
 * the character, which would reorder or hide the line itself), or null. A lone surrogate counts: it is no
 * character at all.
 */
export function forbiddenCharacter(text: string): string | null {
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (isHighSurrogate(unit)) {
      if (i + 1 < text.length && isLowSurrogate(text.charCodeAt(i + 1))) {
        i++;
        continue;
      }
    } else if (!isLowSurrogate(unit) && !isForbiddenUnit(unit)) continue;
    return `U+${unit.toString(16).toUpperCase().padStart(4, '0')}`;
  }
  return null;
}

/** An absolute http or https address. */
export function isWebAddress(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

export type RecipientDataFault =
  | { field: 'obtentionDate' | 'ExpirationDate'; value: string; fault: 'not_a_date' }
  | { field: 'ExpirationDate'; value: string; fault: 'before_obtention'; obtention: string }
  | { field: 'linkURL'; value: string; fault: 'not_a_link' };

/**
 * The faults of one import row (keys as validateImport writes them); empty cells are never a fault. `today` is the
 * obtention date of a row without one (the publication day): an expiration before it would make a credential that
 * ends before it starts, which no verifier accepts and no signer makes.
 */
export function recipientDataFaults(row: Readonly<Record<string, string>>, today?: string): RecipientDataFault[] {
  const faults: RecipientDataFault[] = [];
  const obtention = row.obtentionDate ?? '';
  const expiration = row.ExpirationDate ?? '';
  const link = row.linkURL ?? '';
  const obtentionIsDate = obtention !== '' && isIsoDate(obtention);
  if (obtention !== '' && !obtentionIsDate)
    faults.push({ field: 'obtentionDate', value: obtention, fault: 'not_a_date' });
  if (expiration !== '') {
    if (!isIsoDate(expiration)) faults.push({ field: 'ExpirationDate', value: expiration, fault: 'not_a_date' });
    else if (obtentionIsDate && expiration < obtention)
      faults.push({ field: 'ExpirationDate', value: expiration, fault: 'before_obtention', obtention });
    else if (obtention === '' && today !== undefined && expiration < today)
      faults.push({ field: 'ExpirationDate', value: expiration, fault: 'before_obtention', obtention: today });
  }
  if (link !== '' && !isWebAddress(link)) faults.push({ field: 'linkURL', value: link, fault: 'not_a_link' });
  return faults;
}

/**
 * A fault as a detail line of the import panel, naming cells as the user's file does (A1 notation): "E3:
 * 2026-02-30", "F3: 2025-01-01 < E3: 2026-01-01", "J3: www.example.org". `letter` answers a field's column.
 */
export function recipientDataLine(
  fault: RecipientDataFault,
  rowNumber: number,
  letter: (field: string) => string,
): string {
  const cell = `${letter(fault.field)}${rowNumber}`;
  return fault.fault === 'before_obtention'
    ? `${cell}: ${fault.value} < ${letter('obtentionDate')}${rowNumber}: ${fault.obtention}`
    : `${cell}: ${fault.value}`;
}

const SERVER_MESSAGES: Record<RecipientDataFault['fault'], string> = {
  not_a_date: 'not a date (YYYY-MM-DD)',
  before_obtention: 'before the obtention date',
  not_a_link: 'not a web address (http or https)',
};

/** The server's map of field to message ("row 3 obtentionDate" → "not a date (YYYY-MM-DD)"), null when none. */
export function recipientDataMessages(
  rows: readonly Readonly<Record<string, string>>[],
  /** the index in the whole file of rows[0], when rows are one slice of it */
  firstIndex = 0,
  /** the obtention date of rows without one (recipientDataFaults) */
  today?: string,
): Record<string, string> | null {
  const messages: Record<string, string> = {};
  rows.forEach((row, index) => {
    for (const fault of recipientDataFaults(row, today))
      messages[`row ${firstIndex + index + 2} ${fault.field}`] = SERVER_MESSAGES[fault.fault];
  });
  return Object.keys(messages).length > 0 ? messages : null;
}
