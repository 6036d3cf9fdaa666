import type { Kysely } from 'kysely';
import { validateName } from '../../../domain/names';
import { TAG_VISIBILITIES, type Tag, type TagVisibility } from '../../../domain/templates';
import type { Database } from '../../db/schema';
import { AppError, badRequest } from '../../errors';
import {
  deleteTagsExcept,
  insertTag,
  listIssuerTagAssignments,
  listIssuerTags,
  setTagTemplates,
  updateTag,
} from '../../repositories/tags';
import { issuerTemplateIds } from '../../repositories/templates';
import { templateNotFound } from './access';
import { inTransaction } from '../../db/transactions';

/** A tag as the tags page sends it; a tag without id is new. */
export interface TagInput {
  id?: number;
  name: string;
  visibility?: TagVisibility;
  templates?: number[];
  isActive?: boolean;
}

function visibility(value: string): TagVisibility {
  return (TAG_VISIBILITIES as readonly string[]).includes(value) ? (value as TagVisibility) : 'private';
}

export async function listTags(db: Kysely<Database>, issuerId: number): Promise<Tag[]> {
  const [tags, assignments] = await Promise.all([listIssuerTags(db, issuerId), listIssuerTagAssignments(db, issuerId)]);
  return tags.map((tag) => ({
    id: tag.id,
    issuerId: tag.issuer_id,
    name: tag.name,
    visibility: visibility(tag.visibility),
    templates: assignments.filter((a) => a.tag_id === tag.id).map((a) => a.template_id),
    isActive: tag.is_active === 1,
  }));
}

/** The names of the active tags each of the issuer's templates carries, by template id, in name order. */
export async function tagNamesByTemplate(db: Kysely<Database>, issuerId: number): Promise<Map<number, string[]>> {
  const names = new Map<number, string[]>();
  for (const assignment of await listIssuerTagAssignments(db, issuerId)) {
    if (assignment.is_active !== 1) continue;
    names.set(assignment.template_id, [...(names.get(assignment.template_id) ?? []), assignment.name]);
  }
  return names;
}

/**
 * The issuer's tags become the list sent (the tags page sends its whole list after each change): tags with an
 * id are updated, tags without one created, the issuer's other tags deleted. Names follow the names rule
 * (not empty, at most 30, not another tag's); templates are the issuer's own. All or nothing.
 */
export async function replaceTags(db: Kysely<Database>, issuerId: number, input: readonly TagInput[]): Promise<Tag[]> {
  const existing = new Map((await listIssuerTags(db, issuerId)).map((tag) => [tag.id, tag]));
  const sentIds = input.flatMap((tag) => (tag.id === undefined ? [] : [tag.id]));
  if (sentIds.some((id) => !existing.has(id))) {
    throw new AppError(404, 'TAG_NOT_FOUND', 'No tag with this id in your organisation');
  }
  if (new Set(sentIds).size !== sentIds.length) throw badRequest('TAG_DUPLICATE_ID', 'A tag is listed twice');
  const others = input.map((tag, index) => ({ id: index, name: tag.name }));
  input.forEach((tag, index) => {
    const error = validateName(tag.name, others, index);
    if (error) throw badRequest(`NAME_${error.toUpperCase()}`, error, { index });
  });
  const templateIds = [...new Set(input.flatMap((tag) => tag.templates ?? []))];
  const known = await issuerTemplateIds(db, issuerId, templateIds);
  if (templateIds.some((id) => !known.has(id))) throw templateNotFound();

  await inTransaction(db, async (trx) => {
    await deleteTagsExcept(trx, issuerId, sentIds);
    for (const tag of input) {
      // What an existing tag's entry leaves out stays as it was.
      const saved = tag.id === undefined ? undefined : existing.get(tag.id);
      const values = {
        name: tag.name.trim(),
        visibility: tag.visibility ?? visibility(saved?.visibility ?? 'private'),
        isActive: tag.isActive ?? (saved ? saved.is_active === 1 : true),
      };
      const id = saved ? saved.id : await insertTag(trx, { issuerId, ...values });
      if (saved) await updateTag(trx, issuerId, id, values);
      if (tag.templates !== undefined || !saved) await setTagTemplates(trx, id, [...new Set(tag.templates ?? [])]);
    }
  });
  return listTags(db, issuerId);
}
