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

/** The type section of the filters: badges, registry certifications, and every other type. */
export const TEMPLATE_KINDS = ['badge', 'registry', 'other'] as const;
export type TemplateKind = (typeof TEMPLATE_KINDS)[number];
export const TEMPLATE_MODES = ['Classic', 'NFT'] as const satisfies readonly TemplateSummary['mode'][];

export const templateKind = (template: TemplateSummary): TemplateKind => templateFamily(template.type) ?? 'other';

export interface TemplateFilters {
  search: string;
  status: StatusFilter;
  tags: string[];
  /** chosen kinds; none chosen shows every kind */
  kinds: TemplateKind[];
  /** chosen delivery modes; none chosen shows both */
  modes: TemplateSummary['mode'][];
}

export const DEFAULT_FILTERS: TemplateFilters = { search: '', status: 1, tags: [], kinds: [], modes: [] };

/** The kinds present among the templates, in section order: the type section lists only these. */
export const presentKinds = (templates: readonly TemplateSummary[]): TemplateKind[] =>
  TEMPLATE_KINDS.filter((kind) => templates.some((t) => templateKind(t) === kind));

/** The delivery-mode section appears only when both modes exist. */
export const presentModes = (templates: readonly TemplateSummary[]): TemplateSummary['mode'][] => {
  const modes = TEMPLATE_MODES.filter((mode) => templates.some((t) => t.mode === mode));
  return modes.length > 1 ? modes : [];
};

/** Adds or removes one value of a multiple choice. */
export const toggled = <T>(values: readonly T[], value: T): T[] =>
  values.includes(value) ? values.filter((v) => v !== value) : [...values, value];

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
 * Search by label (any language), id or notes; status; kinds and modes (any chosen one); tags (a template must
 * carry every chosen tag); sort. Filters saved before kinds and modes existed lack them, hence the fallbacks.
 */
export function visibleTemplates(
  templates: readonly TemplateSummary[],
  filters: TemplateFilters,
  sort: TemplateSort,
  language: string,
): TemplateSummary[] {
  const search = filters.search.trim().toLocaleLowerCase();
  const { kinds = [], modes = [] } = filters as Partial<TemplateFilters>;
  return templates
    .filter((t) => (filters.status === 1 ? t.enable : filters.status === 2 ? !t.enable : true))
    .filter((t) => filters.tags.every((tag) => t.tags.includes(tag)))
    .filter((t) => kinds.length === 0 || kinds.includes(templateKind(t)))
    .filter((t) => modes.length === 0 || modes.includes(t.mode))
    .filter((t) => search === '' || searchableText(t).includes(search))
    .sort(comparator(sort, language));
}
