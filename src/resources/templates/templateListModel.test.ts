import { describe, expect, it } from 'vitest';
import type { TemplateSummary } from '../../../domain/templates';
import {
  activeFilterCount,
  certificateType,
  commonStatus,
  DEFAULT_FILTERS,
  hasPathways,
  presentModes,
  presentTypes,
  readFilters,
  TEMPLATE_SORTS,
  toggled,
  typeStatusOf,
  visibleTemplates,
  withStatus,
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
    meta_type: 'certificate',
    isPathwayParent: false,
    isPathwayChild: false,
    pathwayDefinition: null,
    hasReferenceTables: false,
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

  it('derives the certificate type: cpf_onshelf is cpf, badges are micro-certifications, the rest certificates', () => {
    expect(
      ['cpf_onshelf', 'openbadge', 'openbadge_custom', 'certificate', 'cpf'].map((type) => certificateType({ type })),
    ).toEqual(['cpf', 'micro-certification', 'micro-certification', 'certificate', 'certificate']);
  });

  it('filters by type and by delivery mode, combined with the other filters', () => {
    const mixed = [
      ...templates,
      template(4, { type: 'cpf_onshelf', mode: 'NFT', tags: ['industry'] }),
      template(5, { type: 'certificate' }),
    ];
    const all = { ...DEFAULT_FILTERS, status: 3 as const };
    expect(ids(visibleTemplates(mixed, { ...all, types: ['cpf', 'certificate'] }, 'created_asc', 'en'))).toEqual([
      4, 5,
    ]);
    expect(ids(visibleTemplates(mixed, { ...all, modes: ['NFT'] }, 'created_asc', 'en'))).toEqual([4]);
    expect(
      ids(
        visibleTemplates(
          mixed,
          { ...all, types: ['micro-certification', 'cpf'], tags: ['industry'] },
          'created_asc',
          'en',
        ),
      ),
    ).toEqual([2, 3, 4]);
    expect(
      ids(
        visibleTemplates(
          mixed,
          { ...DEFAULT_FILTERS, types: ['micro-certification'], modes: ['Classic'] },
          'created_asc',
          'en',
        ),
      ),
    ).toEqual([1, 3]);
  });

  it('gives each type section its own status, which the page status resets', () => {
    const mixed = [...templates, template(4, { type: 'cpf_onshelf', enable: false }), template(5, { type: 'cpf' })];
    const filters = { ...DEFAULT_FILTERS, typeStatus: { cpf: 2 as const, certificate: 3 as const } };
    expect(ids(visibleTemplates(mixed, filters, 'created_asc', 'en'))).toEqual([1, 3, 4, 5]);
    expect(typeStatusOf(filters, 'micro-certification')).toBe(1);
    expect(commonStatus(filters, ['micro-certification', 'cpf'])).toBeNull();
    expect(commonStatus(filters, ['micro-certification'])).toBe(1);
    expect(commonStatus(filters, [])).toBe(1);
    expect(activeFilterCount(filters)).toBe(2);
    const reset = withStatus(filters, 2);
    expect(reset.typeStatus).toEqual({});
    expect(commonStatus(reset, ['micro-certification', 'cpf'])).toBe(2);
    expect(ids(visibleTemplates(mixed, reset, 'created_asc', 'en'))).toEqual([2, 4]);
  });

  it('filters by pathway level, offered only to an issuer with pathways', () => {
    const levels = [
      template(1, { isPathwayParent: true }),
      template(2, { isPathwayChild: true }),
      template(3, { isPathwayParent: true, isPathwayChild: true }),
      template(4, {}),
    ];
    expect(ids(visibleTemplates(levels, { ...DEFAULT_FILTERS, levels: ['parent'] }, 'created_asc', 'en'))).toEqual([
      1, 3,
    ]);
    expect(ids(visibleTemplates(levels, { ...DEFAULT_FILTERS, levels: ['child'] }, 'created_asc', 'en'))).toEqual([
      2, 3,
    ]);
    expect(
      ids(visibleTemplates(levels, { ...DEFAULT_FILTERS, levels: ['parent', 'child'] }, 'created_asc', 'en')),
    ).toEqual([1, 2, 3]);
    expect(hasPathways(levels, false)).toBe(true);
    expect(hasPathways(templates, false)).toBe(false);
    expect(hasPathways(templates, true)).toBe(true);
  });

  it('reads filters saved by an older page as the defaults for what they lack or no longer exist', () => {
    expect(readFilters({ search: 'x', status: 3, tags: ['a'], kinds: ['badge'] })).toEqual({
      ...DEFAULT_FILTERS,
      search: 'x',
      status: 3,
      tags: ['a'],
    });
    expect(
      readFilters({
        status: 9,
        types: ['cpf', 'badge'],
        modes: ['NFT', 'Other'],
        levels: ['child'],
        typeStatus: { cpf: 2, x: 1 },
      }),
    ).toEqual({ ...DEFAULT_FILTERS, types: ['cpf'], modes: ['NFT'], levels: ['child'], typeStatus: { cpf: 2 } });
    expect(readFilters(null)).toEqual(DEFAULT_FILTERS);
    expect(activeFilterCount(readFilters({ tags: ['a', 'b'], types: ['cpf'], levels: ['child'] }))).toBe(4);
  });

  it('offers only the types present, and the modes only when both exist', () => {
    expect(presentTypes(templates)).toEqual(['micro-certification']);
    expect(presentTypes([...templates, template(5, { type: 'certificate' })])).toEqual([
      'certificate',
      'micro-certification',
    ]);
    expect(presentModes(templates)).toEqual([]);
    expect(presentModes([...templates, template(4, { mode: 'NFT' })])).toEqual(['Classic', 'NFT']);
    expect(toggled(['cpf'], 'certificate')).toEqual(['cpf', 'certificate']);
    expect(toggled(['cpf', 'certificate'], 'cpf')).toEqual(['certificate']);
  });
});
