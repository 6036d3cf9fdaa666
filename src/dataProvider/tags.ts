import type {
  CreateParams,
  DeleteManyParams,
  DeleteParams,
  GetListParams,
  GetManyParams,
  GetOneParams,
  UpdateParams,
} from 'react-admin';
import type { Tag } from '../../domain/templates';
import { apiRequest } from './apiRequest';
import { applyListParams } from './listParams';
import { addTag, assignTags, removeTag, renameTag, type TagInput } from './tagList';

async function readTags(): Promise<Tag[]> {
  return (await apiRequest('/api/issuer/tags', 'get')).body;
}

/** PUT /api/issuer/config {tags} answers the tags as kept (the call's other two bodies answer other shapes). */
async function writeTags(tags: TagInput[]): Promise<Tag[]> {
  const { body } = await apiRequest('/api/issuer/config', 'put', { json: { tags } });
  if (!Array.isArray(body)) throw new Error('PUT /api/issuer/config {tags} did not answer the tags');
  return body;
}

function found(tags: Tag[], id: unknown): Tag {
  const tag = tags.find((t) => String(t.id) === String(id));
  if (!tag) throw new Error('ra.notification.item_doesnt_exist');
  return tag;
}

/**
 * The issuer's template tags as the `template-tags` resource. The server keeps them as one list changed whole
 * (PUT /api/issuer/config {tags}), so each create, rename or removal reads the list and sends it back changed.
 */
export const tags = {
  async getList(params: GetListParams) {
    return applyListParams(await readTags(), params, (t) => t.name);
  },
  async getOne(params: GetOneParams) {
    return { data: found(await readTags(), params.id) };
  },
  async getMany(params: GetManyParams) {
    const ids = params.ids.map(String);
    return { data: (await readTags()).filter((t) => ids.includes(String(t.id))) };
  },
  async create(params: CreateParams<{ name: string }>) {
    const name = (params.data.name ?? '').trim();
    const next = await writeTags(addTag(await readTags(), name));
    return { data: next.find((t) => t.name === name) ?? found(next, -1) };
  },
  async update(params: UpdateParams<Tag>) {
    const name = (params.data.name ?? '').trim();
    const current = await readTags();
    const next = await writeTags(renameTag(current, found(current, params.id).id, name));
    return { data: found(next, params.id) };
  },
  async delete(params: DeleteParams) {
    const current = await readTags();
    const removed = found(current, params.id);
    await writeTags(removeTag(current, removed.id));
    return { data: removed };
  },
  async deleteMany(params: DeleteManyParams) {
    const ids = params.ids.map(String);
    await writeTags((await readTags()).filter((t) => !ids.includes(String(t.id))));
    return { data: params.ids };
  },
};

/** The tag calls that are not CRUD: the templates page's tag dialog, and assignment on the tags list. */
export const tagMethods = {
  getTemplateTags: readTags,
  saveTemplateTags: writeTags,
  /** Adds the chosen templates to each selected tag, keeping the templates it already had. */
  assignTemplateTags: async (tagIds: readonly number[], templateIds: readonly number[]) =>
    writeTags(assignTags(await readTags(), tagIds, templateIds)),
};
