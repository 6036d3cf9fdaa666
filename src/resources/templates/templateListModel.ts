import type { SortPayload } from 'react-admin';
import {
  CERTIFICATE_TYPES,
  PATHWAY_LEVELS,
  TEMPLATE_MODES,
  type CertificateType,
  type PathwayLevel,
  type StatusFilter,
  type TemplateFacets,
  type TemplateListFilter,
} from '../../../domain/templateList';
import type { TemplateSummary } from '../../../domain/templates';

export {
  CERTIFICATE_TYPES,
  certificateType,
  PATHWAY_LEVELS,
  STATUS_FILTERS,
  TEMPLATE_MODES,
  type CertificateType,
  type PathwayLevel,
  type StatusFilter,
} from '../../../domain/templateList';

/** The eight sort orders of the templates page (spec 001), each a react-admin sort done by the server. */
export const TEMPLATE_SORTS = [
  'label_asc',
  'label_desc',
  'last_campaign_desc',
  'last_campaign_asc',
  'published_desc',
  'published_asc',
  'created_desc',
  'created_asc',
] as const;
export type TemplateSort = (typeof TEMPLATE_SORTS)[number];
export const DEFAULT_TEMPLATE_SORT: TemplateSort = 'created_desc';

const SORT_FIELDS = {
  label: 'label',
  last_campaign: 'lastCampaignDate',
  published: 'certificationCounter',
  created: 'dateCreation',
} as const;

/** label_asc → { field: 'label', order: 'ASC' } */
export function sortOf(option: TemplateSort): SortPayload {
  const cut = option.lastIndexOf('_');
  const field = SORT_FIELDS[option.slice(0, cut) as keyof typeof SORT_FIELDS];
  return { field, order: option.slice(cut + 1) === 'asc' ? 'ASC' : 'DESC' };
}

/** The page's option for the list's sort; a sort the page does not offer reads as the default. */
export const sortOption = (sort: SortPayload): TemplateSort =>
  TEMPLATE_SORTS.find((option) => {
    const candidate = sortOf(option);
    return candidate.field === sort.field && candidate.order === sort.order;
  }) ?? DEFAULT_TEMPLATE_SORT;

/** The page's filters, whole: what the URL leaves out reads as no narrowing. */
export interface TemplateFilters {
  search: string;
  /** the status of every type whose section has no status of its own */
  status: StatusFilter;
  /** a type section's own status, chosen in the drawer */
  typeStatus: Partial<Record<CertificateType, StatusFilter>>;
  tags: string[];
  /** chosen types; none chosen shows every type */
  types: CertificateType[];
  /** chosen delivery modes; none chosen shows both */
  modes: TemplateSummary['mode'][];
  /** chosen pathway levels; none chosen shows every template */
  levels: PathwayLevel[];
}

/** The page's first view: active templates (status 1), nothing else narrowed. */
export const DEFAULT_FILTERS: TemplateFilters = {
  search: '',
  status: 1,
  typeStatus: {},
  tags: [],
  types: [],
  modes: [],
  levels: [],
};

/** The list's filter when the page opens without one in its URL. */
export const DEFAULT_LIST_FILTER: TemplateListFilter = { status: 1 };

const isStatus = (value: unknown): value is StatusFilter => value === 1 || value === 2 || value === 3;
const knownValues = <T>(value: unknown, known: readonly T[]): T[] =>
  Array.isArray(value) ? value.filter((item): item is T => known.includes(item as T)) : [];

/**
 * The list's filter values (from the URL, so anything may be there) as the page's filters. A missing status is
 * every status, as the server reads it; unknown values are dropped.
 */
export function readFilters(values: unknown): TemplateFilters {
  const saved = (typeof values === 'object' && values !== null ? values : {}) as Record<string, unknown>;
  const typeStatus = (
    typeof saved.typeStatus === 'object' && saved.typeStatus !== null ? saved.typeStatus : {}
  ) as Record<string, unknown>;
  return {
    search: typeof saved.q === 'string' ? saved.q : '',
    status: isStatus(saved.status) ? saved.status : 3,
    typeStatus: Object.fromEntries(
      CERTIFICATE_TYPES.flatMap((type) => (isStatus(typeStatus[type]) ? [[type, typeStatus[type]]] : [])),
    ),
    tags: Array.isArray(saved.tags) ? saved.tags.filter((tag): tag is string => typeof tag === 'string') : [],
    types: knownValues(saved.types, CERTIFICATE_TYPES),
    modes: knownValues(saved.modes, TEMPLATE_MODES),
    levels: knownValues(saved.levels, PATHWAY_LEVELS),
  };
}

/** The page's filters as the list's filter values (the URL and the server's filter), without empty parts. */
export function toListFilter(filters: TemplateFilters): TemplateListFilter {
  const search = filters.search;
  return {
    ...(search.trim() !== '' ? { q: search } : {}),
    status: filters.status,
    ...(Object.keys(filters.typeStatus).length > 0 ? { typeStatus: filters.typeStatus } : {}),
    ...(filters.tags.length > 0 ? { tags: filters.tags } : {}),
    ...(filters.types.length > 0 ? { types: filters.types } : {}),
    ...(filters.modes.length > 0 ? { modes: filters.modes } : {}),
    ...(filters.levels.length > 0 ? { levels: filters.levels } : {}),
  };
}

/** The templates page showing this filter, as a link (the tags page's "View templates"). */
export const templatesPath = (filters: TemplateFilters): string =>
  `/templates?${new URLSearchParams({ filter: JSON.stringify(toListFilter(filters)) })}`;

/** Where react-admin keeps the templates list's last filter, sort and page when the URL has none. */
export const TEMPLATE_LIST_STORE_KEY = 'templates.listParams';

/** The status a type's section shows and applies. */
export const typeStatusOf = (filters: TemplateFilters, type: CertificateType): StatusFilter =>
  filters.typeStatus[type] ?? filters.status;

/** The page's status choice sets every type's status at once. */
export const withStatus = (filters: TemplateFilters, status: StatusFilter): TemplateFilters => ({
  ...filters,
  status,
  typeStatus: {},
});

/** The status every shown type has, or null when their sections differ. */
export function commonStatus(filters: TemplateFilters, types: readonly CertificateType[]): StatusFilter | null {
  const statuses = new Set(types.map((type) => typeStatusOf(filters, type)));
  if (statuses.size === 0) return filters.status;
  return statuses.size === 1 ? [...statuses][0] : null;
}

/** How many drawer choices narrow the list, for the badge on the button that opens it. */
export function activeFilterCount(filters: TemplateFilters): number {
  const ownStatuses = CERTIFICATE_TYPES.filter((type) => typeStatusOf(filters, type) !== filters.status);
  return filters.types.length + ownStatuses.length + filters.modes.length + filters.levels.length + filters.tags.length;
}

/** The delivery-mode section appears only when both modes exist. */
export const drawerModes = (facets: Pick<TemplateFacets, 'modes'>): TemplateSummary['mode'][] =>
  facets.modes.length > 1 ? facets.modes : [];

/** The pathway level section appears only for an issuer with pathways: the entitlement, or a parent already set. */
export const hasPathways = (facets: Pick<TemplateFacets, 'pathwayParents'>, entitled: boolean): boolean =>
  entitled || facets.pathwayParents;

/** Adds or removes one value of a multiple choice. */
export { toggled } from '../../components/multipleChoice';
