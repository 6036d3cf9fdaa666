import { describe, expect, it } from 'vitest';
import type { Tag } from '../../../domain/templates';
import { cardTagError, tagTemplate, untagTemplate } from './templateTags';

const tag = (id: number, name: string, templates: number[]): Tag => ({
  id,
  issuerId: 1,
  name,
  visibility: 'private',
  templates,
  isActive: true,
});

const tags = [tag(1, 'Industry', [2]), tag(2, 'Spring', [2, 3])];

describe('tags on a template card', () => {
  it('checks empty, length and a tag the template already has', () => {
    expect(cardTagError('  ', [])).toBe('empty');
    expect(cardTagError('x'.repeat(31), [])).toBe('too_long');
    expect(cardTagError('x'.repeat(30), [])).toBeNull();
    expect(cardTagError(' industry ', ['Industry'])).toBe('exists');
    expect(cardTagError('Industry', ['Spring'])).toBeNull();
  });

  it('adds the template to an existing tag or creates the tag', () => {
    expect(tagTemplate(tags, 'spring', 5)).toEqual([tags[0], { ...tags[1], templates: [2, 3, 5] }]);
    expect(tagTemplate(tags, ' Autumn ', 5)).toEqual([...tags, { name: 'Autumn', templates: [5] }]);
  });

  it('removes the template from a tag and keeps the tag', () => {
    expect(untagTemplate(tags, 'Spring', 2)).toEqual([tags[0], { ...tags[1], templates: [3] }]);
  });
});
