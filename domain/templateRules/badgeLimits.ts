import { cleanTags } from './inputCleaning';

/** Content elements of the badge editor, one set per language (spec 001 section 2). */
export const BADGE_ELEMENTS = [
  'badge_logo',
  'microcertitle',
  'issuer_title',
  'issuer',
  'partner_title',
  'partner',
  'partner_logo',
  'otherpartners',
  'otherpartners_title',
  'issued_to',
  'certification_date',
  'expiration_date',
  'outcome_title',
  'outcome',
  'skills_title',
  'skills',
  'assessment_title',
  'assessment',
  'component_title',
  'componentof',
  'issuer_logo',
  'issuer_url',
  'partner_url',
] as const;
export type BadgeElement = (typeof BADGE_ELEMENTS)[number];

/**
 * Badge content of one language. Besides the elements: `issuer_url_label`, the text shown for the issuer's
 * link, and `label`, the template's name in that language. Logos hold a file name, null when none is chosen.
 */
export type BadgeContentField = BadgeElement | 'issuer_url_label' | 'label';
export type BadgeContent = Partial<Record<BadgeContentField, string | null>>;

/** Maximum lengths of single-value fields (spec 001 section 5), for the editors' inputs and the checks. */
export const BADGE_LIMITS = {
  label: 50,
  microcertitle: 300,
  issuer: 100,
  partner: 100,
  issuer_url: 100,
  issuer_url_label: 100,
  outcome: 2000,
  assessment: 2000,
  componentof: 2000,
} as const satisfies Partial<Record<BadgeContentField, number>>;

/** Maximum length of each tag of the tag-list fields. */
export const BADGE_TAG_LIMITS = {
  skills: 120,
  otherpartners: 100,
} as const satisfies Partial<Record<BadgeContentField, number>>;

/** The spec's "partner tag" limit: the other partners' tags together, as stored (joined by commas). */
export const PARTNER_TAGS_MAX_LENGTH = 2000;

/** Fields holding Markdown, which is sanitised before display. */
export const MARKDOWN_ELEMENTS = ['outcome', 'assessment', 'componentof'] as const satisfies readonly BadgeElement[];

/** 'missing' is the logos' own code: the editor shows the missing-input message under an empty logo. */
export type ContentError = 'required' | 'too_long' | 'missing';

export interface BadgeContentOptions {
  isNft: boolean;
  /** whether this content is the template's default language */
  isDefaultLanguage: boolean;
  /** the template label's maximum; 50 unless the account says otherwise */
  labelMaxLength?: number;
}

/**
 * Length as a person counts it: Unicode code points of the NFC form, so "é" and an emoji each count one.
 * Browsers' maxLength counts UTF-16 units, which is never more lenient than this.
 */
export function characterCount(value: string): number {
  return [...value.normalize('NFC')].length;
}

function isBlank(value: string | null | undefined): boolean {
  return value == null || value.trim() === '';
}

function tooLong(value: string | null | undefined, max: number): boolean {
  return value != null && characterCount(value) > max;
}

/** Checks shared by the badge and the registry editors: the title, issuer, partner and badge logo. */
function checkSharedElements(
  content: BadgeContent,
  titleRequired: boolean,
): Partial<Record<BadgeContentField, ContentError>> {
  const errors: Partial<Record<BadgeContentField, ContentError>> = {};
  if (titleRequired && isBlank(content.microcertitle)) errors.microcertitle = 'required';
  else if (tooLong(content.microcertitle, BADGE_LIMITS.microcertitle)) errors.microcertitle = 'too_long';
  if (isBlank(content.issuer)) errors.issuer = 'required';
  else if (tooLong(content.issuer, BADGE_LIMITS.issuer)) errors.issuer = 'too_long';
  if (tooLong(content.partner, BADGE_LIMITS.partner)) errors.partner = 'too_long';
  if (isBlank(content.badge_logo)) errors.badge_logo = 'missing';
  return errors;
}

/**
 * The errors of one language's badge content, by field; an empty object when the content is valid. In NFT
 * mode only the default language's title is required; its length is limited in every language.
 */
export function validateBadgeContent(
  content: BadgeContent,
  { isNft, isDefaultLanguage, labelMaxLength = BADGE_LIMITS.label }: BadgeContentOptions,
): Partial<Record<BadgeContentField, ContentError>> {
  const errors = checkSharedElements(content, !isNft || isDefaultLanguage);
  if (tooLong(content.label, labelMaxLength)) errors.label = 'too_long';
  for (const field of ['issuer_url', 'issuer_url_label', 'outcome', 'assessment', 'componentof'] as const) {
    if (tooLong(content[field], BADGE_LIMITS[field])) errors[field] = 'too_long';
  }
  const skills = cleanTags(content.skills);
  if (skills.tags.some((tag) => characterCount(tag) > BADGE_TAG_LIMITS.skills)) errors.skills = 'too_long';
  const otherPartners = cleanTags(content.otherpartners);
  if (
    otherPartners.tags.some((tag) => characterCount(tag) > BADGE_TAG_LIMITS.otherpartners) ||
    characterCount(otherPartners.value) > PARTNER_TAGS_MAX_LENGTH
  )
    errors.otherpartners = 'too_long';
  return errors;
}

/** The issuer defaults to the user's issuer name when left blank. */
export function withDefaultIssuer(content: BadgeContent, issuerName: string): BadgeContent {
  return isBlank(content.issuer) ? { ...content, issuer: issuerName } : content;
}

/** Registry (cpf_onshelf) fields beyond the badge's own, with their prefixes (spec 001 section 2). */
export type RegistryField =
  | 'location'
  | 'certificator'
  | 'qualification'
  | 'speciality'
  | 'decision'
  | 'reference'
  | `${'location' | 'certificator' | 'qualification' | 'speciality' | 'decision' | 'reference'}_prefix`;
export type RegistryContent = Partial<Record<BadgeContentField | RegistryField, string | null>>;

/** Content elements of the registry editor, in its form's order (spec 001 section 2). */
export const REGISTRY_ELEMENTS = [
  'badge_logo',
  'microcertitle',
  'issuer_title',
  'issuer',
  'partner_title',
  'partner',
  'partner_logo',
  'issued_to',
  'certification_date',
  'location_prefix',
  'location',
  'certificator_prefix',
  'certificator',
  'qualification_prefix',
  'qualification',
  'speciality_prefix',
  'speciality',
  'decision_prefix',
  'decision',
  'reference_prefix',
  'reference',
] as const satisfies readonly (BadgeElement | RegistryField)[];

export const REGISTRY_LIMITS = {
  location: 100,
  certificator: 2000,
  qualification: 2000,
  speciality: 2000,
  decision: 2000,
  reference: 20,
} as const satisfies Partial<Record<RegistryField, number>>;

/**
 * The errors of the registry form. Its title, issuer, partner and badge logo are the badge's inputs and
 * follow the badge's rules; the form has a single language, so the title is always required.
 */
export function validateRegistryContent(
  content: RegistryContent,
): Partial<Record<BadgeContentField | RegistryField, ContentError>> {
  const errors: Partial<Record<BadgeContentField | RegistryField, ContentError>> = checkSharedElements(content, true);
  for (const [field, max] of Object.entries(REGISTRY_LIMITS) as [keyof typeof REGISTRY_LIMITS, number][]) {
    if (tooLong(content[field], max)) errors[field] = 'too_long';
  }
  return errors;
}
