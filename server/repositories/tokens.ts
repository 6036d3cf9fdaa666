import type { Kysely } from 'kysely';
import { nowIso } from '../db/clock';
import type { Database } from '../db/schema';

export async function revokeToken(db: Kysely<Database>, jti: string, expiresAt: string): Promise<void> {
  await db
    .insertInto('revoked_tokens')
    .values({ jti, expires_at: expiresAt })
    .onConflict((oc) => oc.column('jti').doNothing())
    .execute();
}

export async function isTokenRevoked(db: Kysely<Database>, jti: string): Promise<boolean> {
  const row = await db.selectFrom('revoked_tokens').select('jti').where('jti', '=', jti).executeTakeFirst();
  return row !== undefined;
}

export async function purgeExpiredRevocations(db: Kysely<Database>): Promise<void> {
  await db.deleteFrom('revoked_tokens').where('expires_at', '<', nowIso()).execute();
}

export async function saveLoginLink(
  db: Kysely<Database>,
  link: { tokenHash: string; userId: number; expiresAt: string },
): Promise<void> {
  await db
    .insertInto('login_links')
    .values({ token_hash: link.tokenHash, user_id: link.userId, expires_at: link.expiresAt, created_at: nowIso() })
    .execute();
}

/** Marks an unused, unexpired link as used and returns its user; a second use finds nothing. */
export async function consumeLoginLink(db: Kysely<Database>, tokenHash: string): Promise<number | null> {
  const now = nowIso();
  const row = await db
    .updateTable('login_links')
    .set({ used_at: now })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('user_id')
    .executeTakeFirst();
  return row?.user_id ?? null;
}
