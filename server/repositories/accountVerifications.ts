import type { Insertable, Kysely } from 'kysely';
import type { AccountVerificationTable, Database } from '../db/schema';

/** Records an issuer's verification request; its id. */
export async function insertAccountVerification(
  db: Kysely<Database>,
  verification: Insertable<AccountVerificationTable>,
): Promise<number> {
  const row = await db
    .insertInto('account_verifications')
    .values(verification)
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
