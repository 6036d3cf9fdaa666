import { labelIn, templateFamily, type Label, type TemplateSummary } from './templates';

/**
 * The templates page's list (spec 001, Templates page) as the web app asks it and the server answers it
 * (GET /api/templates): its filter, its sort fields, and the rules both sides share.
 */

/** Status filter values of spec 001 section 4: 1 active, 2 inactive, 3 all. */
export type StatusFilter = 1 | 2 | 3;
export const STATUS_FILTERS = [1, 2, 3] as const satisfies readonly StatusFilter[];

/**
 * The certificate types of the filter drawer, in its order: cpf is a registry template (cpf_onshelf),
 * micro-certification a badge (openbadge, openbadge_custom), certificate any other type.
 */
export const CERTIFICATE_TYPES = ['certificate', 'micro-certification', 'cpf'] as const;
export type CertificateType = (typeof CERTIFICATE_TYPES)[number];
export const TEMPLATE_MODES = ['Classic', 'NFT'] as const satisfies readonly TemplateSummary['mode'][];
/** The pathway level section: parents, children. */
export const PATHWAY_LEVELS = ['parent', 'child'] as const;
export type PathwayLevel = (typeof PATHWAY_LEVELS)[number];

/** The template types of the two named certificate types; 'certificate' is every other type. */
export const MICRO_CERTIFICATION_TYPES = ['openbadge', 'openbadge_custom'] as const;
export const CPF_TYPES = ['cpf_onshelf'] as const;

export function certificateType(template: Pick<TemplateSummary, 'type'>): CertificateType {
  if (template.type === 'certificate') return 'certificate';
  const family = templateFamily(template.type);
  return family === 'badge' ? 'micro-certification' : family === 'registry' ? 'cpf' : 'certificate';
}

/**
 * The list's filter as it sits in the page's URL and goes to the server. Every key is optional: an absent
 * `status` is every status (3); an absent or empty list is no narrowing.
 */
export interface TemplateListFilter {
  /** search by label (any language), id or notes */
  q?: string;
  /** the status of every type whose section has no status of its own */
  status?: StatusFilter;
  /** a type section's own status, chosen in the drawer */
  typeStatus?: Partial<Record<CertificateType, StatusFilter>>;
  /** chosen types; none chosen shows every type */
  types?: CertificateType[];
  /** chosen delivery modes; none chosen shows both */
  modes?: TemplateSummary['mode'][];
  /** chosen pathway levels (a template at any chosen one) */
  levels?: PathwayLevel[];
  /** a template must carry every chosen tag (names of active tags) */
  tags?: string[];
}

/** The fields the list sorts on (react-admin's sort field), with the id as the last tie-break. */
export const TEMPLATE_SORT_FIELDS = [
  'dateCreation',
  'label',
  'lastCampaignDate',
  'certificationCounter',
  'id',
] as const;
export type TemplateSortField = (typeof TEMPLATE_SORT_FIELDS)[number];

/** What the list's drawer and headings need to know of all the issuer's templates, whatever the filter. */
export interface TemplateFacets {
  /** how many templates the issuer has */
  count: number;
  /** the certificate types present, in section order */
  types: CertificateType[];
  /** the delivery modes present */
  modes: TemplateSummary['mode'][];
  /** whether a template is a pathway parent */
  pathwayParents: boolean;
  /** the names of the active tags that templates carry, in name order */
  tags: string[];
}

/** The text a search looks in: every language's label, the id and the notes. */
export function templateSearchText(template: { id: number; label: Label; notes: string }): string {
  const labels = typeof template.label === 'string' ? [template.label] : Object.values(template.label);
  return [...labels, String(template.id), template.notes].join('\n').toLocaleLowerCase();
}

export const matchesSearch = (template: { id: number; label: Label; notes: string }, q: string | undefined) => {
  const search = (q ?? '').trim().toLocaleLowerCase();
  return search === '' || templateSearchText(template).includes(search);
};

/** Labels compare as people read them: case and accents aside, numbers by value. */
export const compareText = (a: string, b: string) =>
  a.localeCompare(b, undefined, { sensitivity: 'base', numeric: true });

export const compareLabels = (a: Label, b: Label, language: string) =>
  compareText(labelIn(a, language), labelIn(b, language));
