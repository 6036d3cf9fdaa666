import type { ExpirySettings, ValidityPeriod } from './expiry';
import type { ReferenceTables } from './templateRules/referenceTables';
import type { CStyle } from './templateRules/style';

/** Template kinds of spec 001 section 1. */
export const TEMPLATE_TYPES = ['openbadge', 'openbadge_custom', 'cpf_onshelf', 'cpf', 'certificate'] as const;
export type TemplateType = (typeof TEMPLATE_TYPES)[number];

/** A label: one string, or one per language. */
export type Label = string | Record<string, string>;

/** The template as the list call answers it (spec 001 section 3, the fields the list uses). */
export interface TemplateSummary {
  id: number;
  label: Label;
  type: string;
  enable: boolean;
  usable: boolean;
  mode: 'NFT' | 'Classic';
  tags: string[];
  notes: string;
  certificationCounter: number;
  dateCreation: string;
  lastCampaignId: number | null;
  lastCampaignDate: string | null;
  thumbnail: string | null;
  languagesList: string;
  DefaultLanguage: string;
  /** the certificate type the issuer gave the template (spec 001 section 3; default certificate) */
  meta_type: string;
  isPathwayParent: boolean;
  isPathwayChild: boolean;
  /** a parent's pathway, null for any other template */
  pathwayDefinition: PathwayDefinition | null;
  /** whether the template has at least one ref_ table, so that its reference table screen has something to show */
  hasReferenceTables: boolean;
  /**
   * what opens the template's page and thumbnail before they are public (`?preview=`), for a day or two; only the
   * templates list (GET /api/templates) gives it
   */
  previewToken?: string;
}

/** The label in `language`, falling back to English, then to the first language present. */
export function labelIn(label: Label, language: string): string {
  if (typeof label === 'string') return label;
  return label[language] ?? label.en ?? Object.values(label)[0] ?? '';
}

/**
 * Template kinds the editors write: badges (mc call: open badges of both kinds and plain certificates) and
 * registry certifications (rncp call). The legacy cpf type has no editor.
 */
export type TemplateFamily = 'badge' | 'registry';

export function templateFamily(type: string): TemplateFamily | null {
  if (type === 'openbadge' || type === 'openbadge_custom' || type === 'certificate') return 'badge';
  if (type === 'cpf_onshelf') return 'registry';
  return null;
}

/** Whether templates of this type issue an Open Badge 3.0 credential (a plain certificate does not). */
export function isOpenBadgeType(type: string): boolean {
  return type === 'openbadge' || type === 'openbadge_custom';
}

/**
 * The metatemplate an issuer needs to create or edit a template of this type (spec 001 section 6): a template
 * of the badge editor (open badge of either kind, plain certificate) needs openbadge, a registry template
 * cpf_onshelf, any other type itself.
 */
export function requiredMetatemplate(type: TemplateType): string {
  return templateFamily(type) === 'badge' ? 'openbadge' : type;
}

/** The NFT network of spec 001 section 1. */
export const NFT_NETWORK = 'gnosis';

/** One language's content: element name to value; logos hold a stored image key, null when none. */
export type TemplateContent = Record<string, string | null>;

/** A pathway parent's definition: the recipient key shared with its children, and the children. */
export interface PathwayDefinition {
  key: string;
  def: { id: number }[];
}

/** A new parent's key when none is given (spec 001 section 4). */
export const DEFAULT_PATHWAY_KEY = 'Email';

export interface TemplateMetaFields {
  meta_url: string;
  meta_startdate: string | null;
  meta_enddate: string | null;
  meta_landscape: boolean;
  meta_type: string;
}

export const DEFAULT_META_TYPE = 'certificate';

/** GET /api/issuer/{issuer}/template/{id}/meta: what another template's design import and the public page read. */
export interface TemplateMeta extends TemplateMetaFields {
  id: number;
  label: Label;
  meta_thumbnail: string | null;
  /** null for a template saved without a design */
  meta_cstyle: CStyle | null;
}

/** GET /api/admin/template?id=: every field of spec 001 section 3. */
export interface TemplateDetail extends TemplateSummary, TemplateMeta {
  isNft: boolean;
  network: string | null;
  content: Record<string, TemplateContent>;
  params: Record<string, unknown>;
  /** semicolon lists, as the spec names them */
  technicalFields: string;
  fieldsToCertified: string;
  placeholders: string;
  fileFields: string;
  NbCharMax: number;
  requiresFiles: boolean;
  referenceTables: ReferenceTables;
  /** the parents whose pathway lists this template */
  pathways: number[];
}

/**
 * What the editors send (spec 001 section 3, openbadge template payload): logos are named in `badge` (per
 * language), `partnerLogo` and `issuerLogo`, either by the file name of an image sent with the payload or by
 * the key of an image the issuer already stored; `content` holds one entry per chosen language.
 */
export interface TemplatePayload {
  type: TemplateType;
  mode?: 'add' | 'update';
  id?: number;
  DefaultLanguage?: string;
  network?: string | null;
  cstyle?: CStyle;
  badge?: Record<string, string>;
  partnerLogo?: string | null;
  issuerLogo?: string | null;
  content: Record<string, TemplateContent>;
  /** registry parameters (cpf_onshelf) */
  params?: { type: string; idClientCertificateur?: string; idClientEmetteur?: string; idContrat?: string };
  meta?: Partial<TemplateMetaFields>;
  /**
   * The import columns that name a recipient (DataTech, see templateRules/technicalFields); a new template
   * without them gets ['ID'], an update without them keeps the saved ones.
   */
  technicalFields?: string[];
  /**
   * Whether the template's public pages (sample page, thumbnail, Open Badges class) answer before any certificate
   * is published (issue 27); off for a new template, kept as saved by an update without it.
   */
  publicSample?: boolean;
  /**
   * Whether the rows may leave out the recipient's first and last name (issue 28): off by default, since every
   * public page, PDF and credential says who the certificate was awarded to; kept as saved by an update without it.
   */
  namesOptional?: boolean;
  /** validity period, reminder days and the issuer's copy (issue 28); an update without it keeps the saved ones */
  expiry?: ExpirySettings;
}

/** GET /api/issuer/{issuer}/template/{id}/json: the definition in the payload's shape, ready for update mode. */
export interface TemplateDefinition extends Required<
  Omit<TemplatePayload, 'meta' | 'params' | 'network' | 'cstyle' | 'expiry'>
> {
  expiry?: ExpirySettings;
  network: string | null;
  cstyle: CStyle | null;
  params: Record<string, unknown>;
  meta: TemplateMetaFields;
  label: Label;
  languagesList: string;
  certificationCounter: number;
  /** languages that may not be removed any more (certificates were issued in them) */
  lockedLanguages: string[];
}

/** GET /api/issuer/{issuer}/template/{id}/data: what an import of rows for this template needs. */
export interface TemplateImportData {
  id: number;
  type: string;
  usable: boolean;
  enable: boolean;
  languages: string[];
  DefaultLanguage: string;
  technicalFields: string[];
  fieldsToCertified: string[];
  fileFields: string[];
  requiresFiles: boolean;
  NbCharMax: number;
  /** openbadge templates need an Email on every row */
  openbadge: boolean;
  /** the rows may leave out the recipient's name (TemplatePayload.namesOptional) */
  namesOptional: boolean;
  /** how long a certificate is valid after its obtention date; null: it never expires unless its row says (issue 28) */
  validity: ValidityPeriod | null;
}

/** GET /api/template/tables?templateId=: the reference table screen's data. */
export interface TemplateTablesDefinition {
  id: number;
  label: Label;
  /** the template's ref_ tables */
  template: ReferenceTables;
  storage: { network: string | null };
  /** whether this user may change the tables */
  canEdit: boolean;
}

export const TAG_VISIBILITIES = ['private', 'public'] as const;
export type TagVisibility = (typeof TAG_VISIBILITIES)[number];

/** A template tag (spec 001 section 3). */
export interface Tag {
  id: number;
  issuerId: number;
  name: string;
  visibility: TagVisibility;
  templates: number[];
  isActive: boolean;
}

/** Stored template images are keyed templates/{issuerId}/{uuid}.{png|jpg|svg}. */
export const TEMPLATE_IMAGE_KEY =
  /^templates\/(\d+)\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(?:png|jpg|svg))$/;

/** Where a stored template image is served, for an <img src>. */
export function templateImagePath(key: string): string | null {
  const match = TEMPLATE_IMAGE_KEY.exec(key);
  return match ? `/api/template/image/${match[1]}/${match[2]}` : null;
}
