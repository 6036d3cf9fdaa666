/**
 * The data checks the server adds to the import rules before issuing (the ERR_CPF_INCORRECT_DATA answer of
 * spec 001 section 7: a map of field to message). Keys name the sheet row as the user sees it (the header is
 * row 1) and the column, e.g. "row 3 obtentionDate".
 */
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

export function isIsoDate(value: string): boolean {
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toISOString().slice(0, 10) === value;
}

function isWebAddress(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

/** Field → message for every wrong value, or null when all are right. */
export function checkRecipientData(rows: readonly Record<string, string>[]): Record<string, string> | null {
  const errors: Record<string, string> = {};
  rows.forEach((row, index) => {
    const at = (field: string) => `row ${index + 2} ${field}`;
    const obtention = row.obtentionDate ?? '';
    const expiration = row.ExpirationDate ?? '';
    if (obtention !== '' && !isIsoDate(obtention)) errors[at('obtentionDate')] = 'not a date (YYYY-MM-DD)';
    if (expiration !== '') {
      if (!isIsoDate(expiration)) errors[at('ExpirationDate')] = 'not a date (YYYY-MM-DD)';
      else if (obtention !== '' && isIsoDate(obtention) && expiration < obtention)
        errors[at('ExpirationDate')] = 'before the obtention date';
    }
    const link = row.linkURL ?? '';
    if (link !== '' && !isWebAddress(link)) errors[at('linkURL')] = 'not a web address (http or https)';
  });
  return Object.keys(errors).length > 0 ? errors : null;
}
