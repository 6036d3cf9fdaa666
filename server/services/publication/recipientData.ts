import { recipientDataMessages } from '../../../domain/import/recipientData';
import { todayUtc } from '../../db/clock';
import { cooperate } from '../../eventLoop';

/**
 * The data checks the server adds to the import rules before issuing (the ERR_CPF_INCORRECT_DATA answer of
 * spec 001 section 7: a map of field to message). The rules live in domain/import/recipientData.ts, which the
 * web app also runs on import; keys name the sheet row as the user sees it (the header is row 1) and the
 * column, e.g. "row 3 obtentionDate".
 */
export { isIsoDate } from '../../../domain/import/recipientData';

/** Rows checked between two pauses (issue 16: nothing holds the event loop over 50 ms). */
const ROWS_PER_SLICE = 200;

/** Field → message for every wrong value, or null when all are right; the event loop turns between slices. */
export async function checkRecipientData(
  rows: readonly Record<string, string>[],
  today = todayUtc(),
): Promise<Record<string, string> | null> {
  let messages: Record<string, string> | null = null;
  for (let start = 0; start < rows.length; start += ROWS_PER_SLICE) {
    await cooperate();
    const found = recipientDataMessages(rows.slice(start, start + ROWS_PER_SLICE), start, today);
    if (found) messages = Object.assign(messages ?? {}, found);
  }
  return messages;
}
