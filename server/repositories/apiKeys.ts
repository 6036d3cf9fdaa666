import type { Kysely } from 'kysely';
import { nowIso } from '../db/clock';
import type { ApiKey, Database } from '../db/schema';

export async function insertApiKey(
  db: Kysely<Database>,
  key: { issuerId: number; level: number; keyHash: string; createdBy: number },
): Promise<number> {
  const row = await db
    .insertInto('api_keys')
    .values({
      issuer_id: key.issuerId,
      level: key.level,
      key_hash: key.keyHash,
      created_by: key.createdBy,
      created_at: nowIso(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export function listApiKeys(db: Kysely<Database>, issuerId: number) {
  return db
    .selectFrom('api_keys')
    .leftJoin('users', 'users.id', 'api_keys.created_by')
    .select([
      'api_keys.id',
      'api_keys.level',
      'api_keys.created_at',
      'api_keys.revoked_at',
      'api_keys.last_used_at',
      'users.email as created_by',
    ])
    .where('api_keys.issuer_id', '=', issuerId)
    .orderBy('api_keys.created_at', 'desc')
    .execute();
}

export async function revokeApiKey(db: Kysely<Database>, issuerId: number, id: number): Promise<boolean> {
  const result = await db
    .updateTable('api_keys')
    .set({ revoked_at: nowIso() })
    .where('id', '=', id)
    .where('issuer_id', '=', issuerId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The issuer's unrevoked API key with this hash, or undefined. */
export function findActiveApiKey(db: Kysely<Database>, issuerId: number, keyHash: string): Promise<ApiKey | undefined> {
  return db
    .selectFrom('api_keys')
    .selectAll()
    .where('key_hash', '=', keyHash)
    .where('issuer_id', '=', issuerId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
}

/** Notes when an API key was last used. */
export async function touchApiKey(db: Kysely<Database>, id: number, now: string): Promise<void> {
  await db.updateTable('api_keys').set({ last_used_at: now }).where('id', '=', id).execute();
}
