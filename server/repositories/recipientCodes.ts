import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { RecipientCodePurpose } from '../../domain/recipientCodes';

type Key = { certificateId: number; purpose: RecipientCodePurpose };

/** Drops the certificate's codes for the purpose (a new one replaces them: the latest mail is the one to use). */
export async function deleteRecipientCodes(db: Kysely<Database>, key: Key): Promise<void> {
  await db
    .deleteFrom('recipient_codes')
    .where('certificate_id', '=', key.certificateId)
    .where('purpose', '=', key.purpose)
    .execute();
}

export async function insertRecipientCode(
  db: Kysely<Database>,
  key: Key,
  values: { code_hash: string; created_at: string; expires_at: string },
): Promise<void> {
  await db
    .insertInto('recipient_codes')
    .values({ certificate_id: key.certificateId, purpose: key.purpose, ...values })
    .execute();
}

export function latestRecipientCode(db: Kysely<Database>, key: Key) {
  return db
    .selectFrom('recipient_codes')
    .selectAll()
    .where('certificate_id', '=', key.certificateId)
    .where('purpose', '=', key.purpose)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/**
 * Counts a wrong try, unless the code already had `maxAttempts`: answers whether it was counted (of racing wrong
 * tries, at most `maxAttempts` in all are counted, the others find the code spent).
 */
export async function countWrongRecipientCode(db: Kysely<Database>, id: number, maxAttempts: number): Promise<boolean> {
  const result = await db
    .updateTable('recipient_codes')
    .set((eb) => ({ failed_attempts: eb('failed_attempts', '+', 1) }))
    .where('id', '=', id)
    .where('failed_attempts', '<', maxAttempts)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Marks the code used, once: answers whether this call did it (of two racing requests, one wins). */
export async function spendRecipientCodeRow(
  db: Kysely<Database>,
  id: number,
  now: string,
  maxAttempts: number,
): Promise<boolean> {
  const result = await db
    .updateTable('recipient_codes')
    .set({ used_at: now })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .where('failed_attempts', '<', maxAttempts)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
