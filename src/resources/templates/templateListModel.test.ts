import { describe, expect, it } from 'vitest';
import type { TemplateSummary } from '../../../domain/templates';
import {
  DEFAULT_FILTERS,
  presentKinds,
  presentModes,
  TEMPLATE_SORTS,
  toggled,
  visibleTemplates,
  type TemplateFilters,
} from './templateListModel';

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

  it('filters by kind and by delivery mode, combined with the other filters', () => {
    const mixed = [
      ...templates,
      template(4, { type: 'cpf_onshelf', mode: 'NFT', tags: ['industry'] }),
      template(5, { type: 'certificate' }),
    ];
    const all = { ...DEFAULT_FILTERS, status: 3 as const };
    expect(ids(visibleTemplates(mixed, { ...all, kinds: ['registry', 'other'] }, 'created_asc', 'en'))).toEqual([4, 5]);
    expect(ids(visibleTemplates(mixed, { ...all, modes: ['NFT'] }, 'created_asc', 'en'))).toEqual([4]);
    expect(
      ids(visibleTemplates(mixed, { ...all, kinds: ['badge', 'registry'], tags: ['industry'] }, 'created_asc', 'en')),
    ).toEqual([2, 3, 4]);
    expect(
      ids(visibleTemplates(mixed, { ...DEFAULT_FILTERS, kinds: ['badge'], modes: ['Classic'] }, 'created_asc', 'en')),
    ).toEqual([1, 3]);
    const saved = { search: '', status: 3, tags: [] } as unknown as TemplateFilters;
    expect(ids(visibleTemplates(mixed, saved, 'created_asc', 'en'))).toEqual([1, 2, 3, 4, 5]);
  });

  it('offers only the kinds present, and the modes only when both exist', () => {
    expect(presentKinds(templates)).toEqual(['badge']);
    expect(presentKinds([...templates, template(5, { type: 'certificate' })])).toEqual(['badge', 'other']);
    expect(presentModes(templates)).toEqual([]);
    expect(presentModes([...templates, template(4, { mode: 'NFT' })])).toEqual(['Classic', 'NFT']);
    expect(toggled(['badge'], 'other')).toEqual(['badge', 'other']);
    expect(toggled(['badge', 'other'], 'badge')).toEqual(['other']);
  });
});
