import { recipientDataMessages } from '../../../domain/import/recipientData';

/**
 * The data checks the server adds to the import rules before issuing (the ERR_CPF_INCORRECT_DATA answer of
 * spec 001 section 7: a map of field to message). The rules live in domain/import/recipientData.ts, which the
 * web app also runs on import; keys name the sheet row as the user sees it (the header is row 1) and the
 * column, e.g. "row 3 obtentionDate".
 */
export { isIsoDate } from '../../../domain/import/recipientData';

/** Field → message for every wrong value, or null when all are right. */
export function checkRecipientData(rows: readonly Record<string, string>[]): Record<string, string> | null {
  return recipientDataMessages(rows);
}
