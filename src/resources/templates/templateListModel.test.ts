import { describe, expect, it } from 'vitest';
import type { TemplateSummary } from '../../../domain/templates';
import { DEFAULT_FILTERS, TEMPLATE_SORTS, visibleTemplates } from './templateListModel';

function template(id: number, extra: Partial<TemplateSummary>): TemplateSummary {
  return {
    id,
    label: `Template ${id}`,
    type: 'openbadge',
    enable: true,
    usable: true,
    mode: 'Classic',
    tags: [],
    notes: '',
    certificationCounter: 0,
    dateCreation: `2026-01-0${id}T00:00:00.000Z`,
    lastCampaignId: null,
    lastCampaignDate: null,
    thumbnail: null,
    languagesList: 'en',
    DefaultLanguage: 'en',
    ...extra,
  };
}

const templates = [
  template(1, {
    label: { en: 'Data literacy', fr: 'Culture des données' },
    certificationCounter: 40,
    lastCampaignDate: '2026-03-01',
  }),
  template(2, { label: 'Welding', notes: 'Spring cohort', enable: false, tags: ['industry'] }),
  template(3, { label: 'atelier', certificationCounter: 5, lastCampaignDate: '2026-02-01', tags: ['industry', 'fr'] }),
];

const ids = (list: TemplateSummary[]) => list.map((t) => t.id);

describe('templates page list', () => {
  it('searches labels in every language, ids and notes', () => {
    expect(ids(visibleTemplates(templates, { ...DEFAULT_FILTERS, search: 'données' }, 'created_asc', 'en'))).toEqual([
      1,
    ]);
    expect(
      ids(visibleTemplates(templates, { ...DEFAULT_FILTERS, status: 3, search: 'cohort' }, 'created_asc', 'en')),
    ).toEqual([2]);
    expect(
      ids(visibleTemplates(templates, { ...DEFAULT_FILTERS, status: 3, search: '3' }, 'created_asc', 'en')),
    ).toEqual([3]);
  });

  it('filters by status 1 active, 2 inactive, 3 all, and by every chosen tag', () => {
    expect(ids(visibleTemplates(templates, DEFAULT_FILTERS, 'created_asc', 'en'))).toEqual([1, 3]);
    expect(ids(visibleTemplates(templates, { ...DEFAULT_FILTERS, status: 2 }, 'created_asc', 'en'))).toEqual([2]);
    expect(
      ids(
        visibleTemplates(templates, { ...DEFAULT_FILTERS, status: 3, tags: ['industry', 'fr'] }, 'created_asc', 'en'),
      ),
    ).toEqual([3]);
  });

  it('sorts in the eight orders', () => {
    const all = { ...DEFAULT_FILTERS, status: 3 as const };
    const order = Object.fromEntries(
      TEMPLATE_SORTS.map((sort) => [sort, ids(visibleTemplates(templates, all, sort, 'en'))]),
    );
    expect(order).toEqual({
      label_asc: [3, 1, 2],
      label_desc: [2, 1, 3],
      last_campaign_desc: [1, 3, 2],
      last_campaign_asc: [3, 1, 2],
      published_desc: [1, 3, 2],
      published_asc: [2, 3, 1],
      created_desc: [3, 2, 1],
      created_asc: [1, 2, 3],
    });
  });
});
