import { labelIn, templateFamily, type TemplateSummary } from '../../../domain/templates';

/** The eight sort orders of the templates page (spec 001). */
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

/** Status filter values of spec 001 section 4: 1 active, 2 inactive, 3 all. */
export type StatusFilter = 1 | 2 | 3;
export const STATUS_FILTERS = [1, 2, 3] as const satisfies readonly StatusFilter[];

/**
 * The certificate types of the filter drawer, in its order (spec 001, Templates page): cpf is a registry
 * template (cpf_onshelf), micro-certification a badge (openbadge, openbadge_custom), certificate any other type.
 */
export const CERTIFICATE_TYPES = ['certificate', 'micro-certification', 'cpf'] as const;
export type CertificateType = (typeof CERTIFICATE_TYPES)[number];
export const TEMPLATE_MODES = ['Classic', 'NFT'] as const satisfies readonly TemplateSummary['mode'][];
/** The pathway level section: parents, children. */
export const PATHWAY_LEVELS = ['parent', 'child'] as const;
export type PathwayLevel = (typeof PATHWAY_LEVELS)[number];

export function certificateType(template: Pick<TemplateSummary, 'type'>): CertificateType {
  if (template.type === 'certificate') return 'certificate';
  const family = templateFamily(template.type);
  return family === 'badge' ? 'micro-certification' : family === 'registry' ? 'cpf' : 'certificate';
}

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

export const DEFAULT_FILTERS: TemplateFilters = {
  search: '',
  status: 1,
  typeStatus: {},
  tags: [],
  types: [],
  modes: [],
  levels: [],
};

const isStatus = (value: unknown): value is StatusFilter => value === 1 || value === 2 || value === 3;
const knownValues = <T>(value: unknown, known: readonly T[]): T[] =>
  Array.isArray(value) ? value.filter((item): item is T => known.includes(item as T)) : [];

/**
 * Filters as stored in the browser, made whole: a filter saved by an older page may lack sections or hold values
 * that no longer exist; those read as the defaults.
 */
export function readFilters(stored: unknown): TemplateFilters {
  const saved = (typeof stored === 'object' && stored !== null ? stored : {}) as Record<string, unknown>;
  const typeStatus = (
    typeof saved.typeStatus === 'object' && saved.typeStatus !== null ? saved.typeStatus : {}
  ) as Record<string, unknown>;
  return {
    search: typeof saved.search === 'string' ? saved.search : DEFAULT_FILTERS.search,
    status: isStatus(saved.status) ? saved.status : DEFAULT_FILTERS.status,
    typeStatus: Object.fromEntries(
      CERTIFICATE_TYPES.flatMap((type) => (isStatus(typeStatus[type]) ? [[type, typeStatus[type]]] : [])),
    ),
    tags: Array.isArray(saved.tags) ? saved.tags.filter((tag): tag is string => typeof tag === 'string') : [],
    types: knownValues(saved.types, CERTIFICATE_TYPES),
    modes: knownValues(saved.modes, TEMPLATE_MODES),
    levels: knownValues(saved.levels, PATHWAY_LEVELS),
  };
}

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

/** The types present among the templates, in section order: the drawer has a section for each of these. */
export const presentTypes = (templates: readonly TemplateSummary[]): CertificateType[] =>
  CERTIFICATE_TYPES.filter((type) => templates.some((t) => certificateType(t) === type));

/** The delivery-mode section appears only when both modes exist. */
export const presentModes = (templates: readonly TemplateSummary[]): TemplateSummary['mode'][] => {
  const modes = TEMPLATE_MODES.filter((mode) => templates.some((t) => t.mode === mode));
  return modes.length > 1 ? modes : [];
};

/** The pathway level section appears only for an issuer with pathways: the entitlement, or a parent already set. */
export const hasPathways = (templates: readonly TemplateSummary[], entitled: boolean): boolean =>
  entitled || templates.some((t) => t.isPathwayParent);

/** Adds or removes one value of a multiple choice. */
export const toggled = <T>(values: readonly T[], value: T): T[] =>
  values.includes(value) ? values.filter((v) => v !== value) : [...values, value];

const statusMatches = (template: TemplateSummary, status: StatusFilter) =>
  status === 1 ? template.enable : status === 2 ? !template.enable : true;

const levelMatches = (template: TemplateSummary, level: PathwayLevel) =>
  level === 'parent' ? template.isPathwayParent : template.isPathwayChild;

function searchableText(template: TemplateSummary): string {
  const labels = typeof template.label === 'string' ? [template.label] : Object.values(template.label);
  return [...labels, String(template.id), template.notes].join('\n').toLocaleLowerCase();
}

const compareText = (a: string, b: string) => a.localeCompare(b, undefined, { sensitivity: 'base', numeric: true });
/** Templates never used sort after the used ones, whichever the direction. */
const compareDates = (a: string | null, b: string | null, direction: 1 | -1) =>
  a === b ? 0 : a === null ? 1 : b === null ? -1 : direction * a.localeCompare(b);

function comparator(sort: TemplateSort, language: string): (a: TemplateSummary, b: TemplateSummary) => number {
  switch (sort) {
    case 'label_asc':
      return (a, b) => compareText(labelIn(a.label, language), labelIn(b.label, language));
    case 'label_desc':
      return (a, b) => compareText(labelIn(b.label, language), labelIn(a.label, language));
    case 'last_campaign_desc':
      return (a, b) => compareDates(a.lastCampaignDate, b.lastCampaignDate, -1);
    case 'last_campaign_asc':
      return (a, b) => compareDates(a.lastCampaignDate, b.lastCampaignDate, 1);
    case 'published_desc':
      return (a, b) => b.certificationCounter - a.certificationCounter;
    case 'published_asc':
      return (a, b) => a.certificationCounter - b.certificationCounter;
    case 'created_desc':
      return (a, b) => b.dateCreation.localeCompare(a.dateCreation);
    case 'created_asc':
      return (a, b) => a.dateCreation.localeCompare(b.dateCreation);
  }
}

/**
 * Search by label (any language), id or notes; each type's status; types, modes and pathway levels (any chosen
 * one); tags (a template must carry every chosen tag); sort.
 */
export function visibleTemplates(
  templates: readonly TemplateSummary[],
  filters: TemplateFilters,
  sort: TemplateSort,
  language: string,
): TemplateSummary[] {
  const search = filters.search.trim().toLocaleLowerCase();
  return templates
    .filter((t) => statusMatches(t, typeStatusOf(filters, certificateType(t))))
    .filter((t) => filters.tags.every((tag) => t.tags.includes(tag)))
    .filter((t) => filters.types.length === 0 || filters.types.includes(certificateType(t)))
    .filter((t) => filters.modes.length === 0 || filters.modes.includes(t.mode))
    .filter((t) => filters.levels.length === 0 || filters.levels.some((level) => levelMatches(t, level)))
    .filter((t) => search === '' || searchableText(t).includes(search))
    .sort(comparator(sort, language));
}
