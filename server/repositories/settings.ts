import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

/** Returns the stored value, storing `create()` first when there is none (safe when several servers start at once). */
export async function getOrCreateSetting(db: Kysely<Database>, key: string, create: () => string): Promise<string> {
  await db
    .insertInto('settings')
    .values({ key, value: create() })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  const row = await db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirstOrThrow();
  return row.value;
}
