import type { Tag } from '../../domain/templates';

/** What PUT /api/issuer/config takes for tags: the whole list after each change. */
export type TagInput = Pick<Tag, 'name'> & Partial<Pick<Tag, 'id' | 'visibility' | 'templates' | 'isActive'>>;

export const addTag = (tags: readonly Tag[], name: string): TagInput[] => [...tags, { name, templates: [] }];

export const renameTag = (tags: readonly Tag[], id: number, name: string): TagInput[] =>
  tags.map((tag) => (tag.id === id ? { ...tag, name } : tag));

export const removeTag = (tags: readonly Tag[], id: number): TagInput[] => tags.filter((tag) => tag.id !== id);

/** Assignment adds the chosen templates to each selected tag, keeping the templates it already had. */
export const assignTags = (
  tags: readonly Tag[],
  tagIds: readonly number[],
  templateIds: readonly number[],
): TagInput[] =>
  tags.map((tag) =>
    tagIds.includes(tag.id) ? { ...tag, templates: [...new Set([...tag.templates, ...templateIds])] } : tag,
  );
