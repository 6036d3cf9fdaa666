import type { Kysely } from 'kysely';
import { nowIso } from '../db/clock';
import type { Database, Tag } from '../db/schema';

export function listIssuerTags(db: Kysely<Database>, issuerId: number): Promise<Tag[]> {
  return db.selectFrom('tags').selectAll().where('issuer_id', '=', issuerId).orderBy('id').execute();
}

/** Which of the issuer's templates carry which of its tags. */
export function listIssuerTagAssignments(
  db: Kysely<Database>,
  issuerId: number,
): Promise<{ tag_id: number; template_id: number; name: string; is_active: number }[]> {
  return db
    .selectFrom('template_tags')
    .innerJoin('tags', 'tags.id', 'template_tags.tag_id')
    .select(['template_tags.tag_id', 'template_tags.template_id', 'tags.name', 'tags.is_active'])
    .where('tags.issuer_id', '=', issuerId)
    .orderBy('tags.name')
    .orderBy('template_tags.template_id')
    .execute();
}

export async function insertTag(
  db: Kysely<Database>,
  tag: { issuerId: number; name: string; visibility: string; isActive: boolean },
): Promise<number> {
  const row = await db
    .insertInto('tags')
    .values({
      issuer_id: tag.issuerId,
      name: tag.name,
      visibility: tag.visibility,
      is_active: tag.isActive ? 1 : 0,
      created_at: nowIso(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateTag(
  db: Kysely<Database>,
  issuerId: number,
  id: number,
  tag: { name: string; visibility: string; isActive: boolean },
): Promise<void> {
  await db
    .updateTable('tags')
    .set({ name: tag.name, visibility: tag.visibility, is_active: tag.isActive ? 1 : 0 })
    .where('issuer_id', '=', issuerId)
    .where('id', '=', id)
    .execute();
}

/** Deletes the issuer's tags other than `keptIds`; their assignments go with them. */
export async function deleteTagsExcept(db: Kysely<Database>, issuerId: number, keptIds: readonly number[]) {
  let query = db.deleteFrom('tags').where('issuer_id', '=', issuerId);
  if (keptIds.length > 0) query = query.where('id', 'not in', [...keptIds]);
  await query.execute();
}

/** The templates carrying the tag become exactly `templateIds`. */
export async function setTagTemplates(db: Kysely<Database>, tagId: number, templateIds: readonly number[]) {
  await db.deleteFrom('template_tags').where('tag_id', '=', tagId).execute();
  if (templateIds.length === 0) return;
  await db
    .insertInto('template_tags')
    .values(templateIds.map((templateId) => ({ tag_id: tagId, template_id: templateId })))
    .execute();
}
