import type { Kysely } from 'kysely';
import { nowIso } from '../db/clock';
import type { Campaign, Database } from '../db/schema';

export function findCampaign(db: Kysely<Database>, issuerId: number, id: number): Promise<Campaign | undefined> {
  return db
    .selectFrom('campaigns')
    .selectAll()
    .where('issuer_id', '=', issuerId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export function findCampaignByIdempotencyKey(
  db: Kysely<Database>,
  issuerId: number,
  key: string,
): Promise<Campaign | undefined> {
  return db
    .selectFrom('campaigns')
    .selectAll()
    .where('issuer_id', '=', issuerId)
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
}

/** Marks a Started campaign Done (or Failed); answers whether this call made the change. */
export async function finishCampaign(db: Kysely<Database>, id: number, error: string | null = null): Promise<boolean> {
  const result = await db
    .updateTable('campaigns')
    .set({ status: error ? 'Failed' : 'Done', finished_at: nowIso(), error })
    .where('id', '=', id)
    .where('status', '=', 'Started')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
