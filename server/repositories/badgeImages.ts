import type { Kysely, Selectable } from 'kysely';
import { nowIso } from '../db/clock';
import type { BadgeImageTable, Database } from '../db/schema';

export type BadgeImageRow = Selectable<BadgeImageTable>;

/** The issuer's images without their thumbnails (and without their models unless asked), newest first. */
export function listBadgeImages(
  db: Kysely<Database>,
  issuerId: number,
  withModels: boolean,
): Promise<{ id: number; name: string; model?: string; created_at: string; updated_at: string }[]> {
  const query = db
    .selectFrom('badge_images')
    .select(['id', 'name', 'created_at', 'updated_at'])
    .where('issuer_id', '=', issuerId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc');
  return withModels ? query.select('model').execute() : query.execute();
}

export function findBadgeImages(db: Kysely<Database>, issuerId: number, ids: readonly number[], limit: number) {
  if (ids.length === 0) return Promise.resolve([] as BadgeImageRow[]);
  return db
    .selectFrom('badge_images')
    .selectAll()
    .where('issuer_id', '=', issuerId)
    .where('id', 'in', [...ids])
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** One of the issuer's images, or undefined. */
export function findBadgeImage(db: Kysely<Database>, issuerId: number, id: number) {
  return db
    .selectFrom('badge_images')
    .select(['id', 'name', 'model', 'created_at', 'updated_at'])
    .where('issuer_id', '=', issuerId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function insertBadgeImage(
  db: Kysely<Database>,
  image: { issuerId: number; name: string; model: string; thumbnail: string | null },
): Promise<number> {
  const now = nowIso();
  const row = await db
    .insertInto('badge_images')
    .values({
      issuer_id: image.issuerId,
      name: image.name,
      model: image.model,
      thumbnail: image.thumbnail,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Updates one of the issuer's images; false when the issuer has no image of that id. */
export async function updateBadgeImage(
  db: Kysely<Database>,
  issuerId: number,
  id: number,
  image: { name: string; model: string; thumbnail: string | null },
): Promise<boolean> {
  const result = await db
    .updateTable('badge_images')
    .set({ ...image, updated_at: nowIso() })
    .where('issuer_id', '=', issuerId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Deletes those of `ids` that belong to the issuer; answers how many went. */
export async function deleteBadgeImages(db: Kysely<Database>, issuerId: number, ids: readonly number[]) {
  if (ids.length === 0) return 0;
  const result = await db
    .deleteFrom('badge_images')
    .where('issuer_id', '=', issuerId)
    .where('id', 'in', [...ids])
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Deletes one of the issuer's images; answers what it was, or undefined when the issuer has no image of that id. */
export function deleteBadgeImage(db: Kysely<Database>, issuerId: number, id: number) {
  return db
    .deleteFrom('badge_images')
    .where('issuer_id', '=', issuerId)
    .where('id', '=', id)
    .returning(['id', 'name', 'created_at', 'updated_at'])
    .executeTakeFirst();
}

/** Marks the issuer's library as given its defaults; false when it already was. */
export async function markLibrarySeeded(db: Kysely<Database>, issuerId: number): Promise<boolean> {
  const result = await db
    .insertInto('badge_libraries')
    .values({ issuer_id: issuerId, seeded_at: nowIso() })
    .onConflict((oc) => oc.column('issuer_id').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}
