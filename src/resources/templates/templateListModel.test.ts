import { describe, expect, it } from 'vitest';
import { matchesSearch } from '../../../domain/templateList';
import {
  activeFilterCount,
  certificateType,
  commonStatus,
  DEFAULT_FILTERS,
  drawerModes,
  hasPathways,
  readFilters,
  sortOf,
  sortOption,
  TEMPLATE_SORTS,
  templatesPath,
  toggled,
  toListFilter,
  typeStatusOf,
  withStatus,
} from './templateListModel';

describe('templates page list', () => {
  it('maps the eight sort orders onto react-admin sorts the server knows, and back', () => {
    expect(Object.fromEntries(TEMPLATE_SORTS.map((option) => [option, sortOf(option)]))).toEqual({
      label_asc: { field: 'label', order: 'ASC' },
      label_desc: { field: 'label', order: 'DESC' },
      last_campaign_desc: { field: 'lastCampaignDate', order: 'DESC' },
      last_campaign_asc: { field: 'lastCampaignDate', order: 'ASC' },
      published_desc: { field: 'certificationCounter', order: 'DESC' },
      published_asc: { field: 'certificationCounter', order: 'ASC' },
      created_desc: { field: 'dateCreation', order: 'DESC' },
      created_asc: { field: 'dateCreation', order: 'ASC' },
    });
    for (const option of TEMPLATE_SORTS) expect(sortOption(sortOf(option))).toBe(option);
    // a sort typed into the URL that the page does not offer shows the default
    expect(sortOption({ field: 'notes', order: 'ASC' })).toBe('created_desc');
  });

  it('derives the certificate type: cpf_onshelf is cpf, badges are micro-certifications, the rest certificates', () => {
    expect(
      ['cpf_onshelf', 'openbadge', 'openbadge_custom', 'certificate', 'cpf'].map((type) => certificateType({ type })),
    ).toEqual(['cpf', 'micro-certification', 'micro-certification', 'certificate', 'certificate']);
  });

  it('searches labels in every language, ids and notes, case aside', () => {
    const data = { id: 12, label: { en: 'Data literacy', fr: 'Culture des données' }, notes: 'Spring cohort' };
    expect(['DONNÉES', ' literacy ', '12', 'cohort', ''].map((q) => matchesSearch(data, q))).toEqual([
      true,
      true,
      true,
      true,
      true,
    ]);
    expect(matchesSearch(data, 'welding')).toBe(false);
  });

  it('gives each type section its own status, which the page status resets', () => {
    const filters = { ...DEFAULT_FILTERS, typeStatus: { cpf: 2 as const, certificate: 3 as const } };
    expect(typeStatusOf(filters, 'micro-certification')).toBe(1);
    expect(typeStatusOf(filters, 'cpf')).toBe(2);
    expect(commonStatus(filters, ['micro-certification', 'cpf'])).toBeNull();
    expect(commonStatus(filters, ['micro-certification'])).toBe(1);
    expect(commonStatus(filters, [])).toBe(1);
    expect(activeFilterCount(filters)).toBe(2);
    const reset = withStatus(filters, 2);
    expect(reset.typeStatus).toEqual({});
    expect(commonStatus(reset, ['micro-certification', 'cpf'])).toBe(2);
  });

  it('reads the URL filter as the page filters, dropping what is unknown; a missing status is every status', () => {
    expect(readFilters({ q: 'x', status: 2, tags: ['a'], kinds: ['badge'] })).toEqual({
      ...DEFAULT_FILTERS,
      search: 'x',
      status: 2,
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
    ).toEqual({
      ...DEFAULT_FILTERS,
      status: 3,
      types: ['cpf'],
      modes: ['NFT'],
      levels: ['child'],
      typeStatus: { cpf: 2 },
    });
    expect(readFilters(null)).toEqual({ ...DEFAULT_FILTERS, status: 3 });
    expect(activeFilterCount(readFilters({ status: 1, tags: ['a', 'b'], types: ['cpf'], levels: ['child'] }))).toBe(4);
  });

  it('writes the page filters into the URL without empty parts, and reads them back the same', () => {
    expect(toListFilter(DEFAULT_FILTERS)).toEqual({ status: 1 });
    const filters = {
      ...DEFAULT_FILTERS,
      search: 'data',
      typeStatus: { cpf: 2 as const },
      tags: ['STEM'],
      types: ['cpf' as const],
      modes: ['NFT' as const],
      levels: ['parent' as const],
    };
    expect(readFilters(toListFilter(filters))).toEqual(filters);
    expect(toListFilter({ ...DEFAULT_FILTERS, search: '   ' })).toEqual({ status: 1 });
    const link = new URL(templatesPath({ ...DEFAULT_FILTERS, status: 3, tags: ['STEM & co'] }), 'http://x');
    expect(link.pathname).toBe('/templates');
    expect(JSON.parse(link.searchParams.get('filter') ?? '')).toEqual({ status: 3, tags: ['STEM & co'] });
  });

  it('offers the modes only when both exist, the pathway levels to an issuer with pathways', () => {
    expect(drawerModes({ modes: ['Classic'] })).toEqual([]);
    expect(drawerModes({ modes: ['Classic', 'NFT'] })).toEqual(['Classic', 'NFT']);
    expect(hasPathways({ pathwayParents: true }, false)).toBe(true);
    expect(hasPathways({ pathwayParents: false }, false)).toBe(false);
    expect(hasPathways({ pathwayParents: false }, true)).toBe(true);
    expect(toggled(['cpf'], 'certificate')).toEqual(['cpf', 'certificate']);
    expect(toggled(['cpf', 'certificate'], 'cpf')).toEqual(['certificate']);
  });
});
