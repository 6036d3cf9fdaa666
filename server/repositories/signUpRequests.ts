import type { Insertable, Kysely } from 'kysely';
import type { Database, SignUpRequestTable } from '../db/schema';

export async function insertSignUpRequest(
  db: Kysely<Database>,
  request: Insertable<SignUpRequestTable>,
): Promise<void> {
  await db.insertInto('signup_requests').values(request).execute();
}

/**
 * Marks the unused, unexpired sign-up request with this hash used (a second use finds nothing); its address and
 * organisation, or undefined.
 */
export function claimSignUpRequest(db: Kysely<Database>, tokenHash: string, now: string) {
  return db
    .updateTable('signup_requests')
    .set({ used_at: now })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning(['email', 'organisation'])
    .executeTakeFirst();
}

/** The issuer a sign-up request created. */
export async function setSignUpIssuer(db: Kysely<Database>, tokenHash: string, issuerId: number): Promise<void> {
  await db.updateTable('signup_requests').set({ issuer_id: issuerId }).where('token_hash', '=', tokenHash).execute();
}
