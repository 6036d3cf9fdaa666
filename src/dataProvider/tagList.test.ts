import { describe, expect, it } from 'vitest';
import type { Tag } from '../../domain/templates';
import { addTag, assignTags, removeTag, renameTag } from './tagList';

const tags: Tag[] = [
  { id: 1, issuerId: 9, name: 'industry', visibility: 'private', templates: [10], isActive: true },
  { id: 2, issuerId: 9, name: 'spring', visibility: 'private', templates: [], isActive: true },
];

describe('tag list changes', () => {
  it('adds, renames and removes', () => {
    expect(addTag(tags, 'new').at(-1)).toEqual({ name: 'new', templates: [] });
    expect(renameTag(tags, 2, 'autumn')[1].name).toBe('autumn');
    expect(removeTag(tags, 1).map((t) => t.id)).toEqual([2]);
  });

  it('assigns templates to every selected tag without dropping the ones they had', () => {
    const assigned = assignTags(tags, [1, 2], [10, 11]);
    expect(assigned.map((t) => t.templates)).toEqual([
      [10, 11],
      [10, 11],
    ]);
  });
});
