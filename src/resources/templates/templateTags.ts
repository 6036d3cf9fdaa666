import { validateName, type NameError } from '../../../domain/names';
import type { Tag } from '../../../domain/templates';
import type { TagInput } from '../../dataProvider/tagList';

const sameName = (a: string, b: string) => a.trim().toLocaleLowerCase() === b.trim().toLocaleLowerCase();

/**
 * The name rules of a tag added from a card: not empty, at most 30 characters, and 'exists' when the template
 * already carries it. Another tag's name is allowed: choosing it assigns that tag.
 */
export const cardTagError = (name: string, templateTags: readonly string[]): NameError | null =>
  validateName(
    name,
    templateTags.map((tag) => ({ id: tag, name: tag })),
  );

/** The whole tag list to send after tagging one template: an existing tag gains it, a new name becomes a tag. */
export function tagTemplate(tags: readonly Tag[], name: string, templateId: number): TagInput[] {
  const existing = tags.find((tag) => sameName(tag.name, name));
  if (!existing) return [...tags, { name: name.trim(), templates: [templateId] }];
  return tags.map((tag) =>
    tag === existing ? { ...tag, templates: [...new Set([...tag.templates, templateId])] } : tag,
  );
}

/** The whole tag list to send after taking one template out of a tag; the tag itself stays. */
export const untagTemplate = (tags: readonly Tag[], name: string, templateId: number): TagInput[] =>
  tags.map((tag) =>
    sameName(tag.name, name) ? { ...tag, templates: tag.templates.filter((id) => id !== templateId) } : tag,
  );
