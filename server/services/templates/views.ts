import { parseLanguagesList, lockedLanguages } from '../../../domain/templateRules/languages';
import { isReferenceTableName, type ReferenceTables } from '../../../domain/templateRules/referenceTables';
import type { CStyle } from '../../../domain/templateRules/style';
import {
  DEFAULT_META_TYPE,
  type Label,
  type PathwayDefinition,
  type TemplateContent,
  type TemplateDefinition,
  type TemplateDetail,
  type TemplateImportData,
  type TemplateMeta,
  type TemplateMetaFields,
  type TemplateSummary,
  type TemplateType,
} from '../../../domain/templates';
import { parseJson } from '../../../domain/json';
import type { Template } from '../../db/schema';

export { parseJson } from '../../../domain/json';

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function parseLabel(raw: string): Label {
  const value = parseJson<unknown>(raw, raw);
  return typeof value === 'string' || isObject(value) ? (value as Label) : raw;
}

export function parseContent(raw: string): Record<string, TemplateContent> {
  const value = parseJson<unknown>(raw, {});
  return isObject(value) ? (value as Record<string, TemplateContent>) : {};
}

export function parseCStyle(raw: string): CStyle | null {
  const value = parseJson<unknown>(raw, null);
  return isObject(value) && typeof value.layout === 'string' && isObject(value.style)
    ? (value as unknown as CStyle)
    : null;
}

export function parseReferenceTables(raw: string): ReferenceTables {
  const value = parseJson<unknown>(raw, {});
  return isObject(value) ? (value as ReferenceTables) : {};
}

export function parsePathwayDefinition(raw: string | null): PathwayDefinition | null {
  const value = parseJson<unknown>(raw, null);
  return isObject(value) && typeof value.key === 'string' && Array.isArray(value.def)
    ? (value as unknown as PathwayDefinition)
    : null;
}

function parseMeta(raw: string): TemplateMetaFields {
  const meta = parseJson<Record<string, unknown>>(raw, {});
  const text = (value: unknown) => (typeof value === 'string' ? value : null);
  return {
    meta_url: text(meta.meta_url) ?? '',
    meta_startdate: text(meta.meta_startdate),
    meta_enddate: text(meta.meta_enddate),
    meta_landscape: meta.meta_landscape === true,
    meta_type: text(meta.meta_type) ?? DEFAULT_META_TYPE,
  };
}

function semicolonList(value: string): string[] {
  return value
    .split(';')
    .map((item) => item.trim())
    .filter((item) => item !== '');
}

/** The list call's fields, all read from the template's own row; tags are the names of its active tags. */
export function templateSummary(row: Template, tags: readonly string[]): TemplateSummary {
  return {
    id: row.id,
    label: parseLabel(row.label),
    type: row.type,
    enable: row.enabled === 1,
    usable: row.usable === 1,
    mode: row.is_nft === 1 ? 'NFT' : 'Classic',
    tags: [...tags],
    notes: row.notes,
    certificationCounter: row.certification_counter,
    dateCreation: row.created_at,
    lastCampaignId: row.last_campaign_id,
    lastCampaignDate: row.last_campaign_date,
    thumbnail: row.thumbnail,
    languagesList: row.languages,
    DefaultLanguage: row.default_language,
    meta_type: parseMeta(row.meta).meta_type,
    isPathwayParent: row.is_pathway_parent === 1,
    isPathwayChild: row.is_pathway_child === 1,
    pathwayDefinition: parsePathwayDefinition(row.pathway_definition),
    hasReferenceTables: Object.keys(parseReferenceTables(row.reference_tables)).some(isReferenceTableName),
  };
}

export function templateMeta(row: Template): TemplateMeta {
  return {
    id: row.id,
    label: parseLabel(row.label),
    meta_thumbnail: row.thumbnail,
    meta_cstyle: parseCStyle(row.cstyle),
    ...parseMeta(row.meta),
  };
}

export function templateDetail(row: Template, tags: readonly string[], pathways: readonly number[]): TemplateDetail {
  return {
    ...templateSummary(row, tags),
    ...templateMeta(row),
    isNft: row.is_nft === 1,
    network: row.network,
    content: parseContent(row.content),
    params: parseJson<Record<string, unknown>>(row.params, {}),
    technicalFields: row.technical_fields,
    fieldsToCertified: row.fields_to_certified,
    placeholders: row.fields_to_certified,
    fileFields: row.file_fields,
    NbCharMax: row.nb_char_max,
    requiresFiles: semicolonList(row.file_fields).length > 0,
    referenceTables: parseReferenceTables(row.reference_tables),
    pathways: [...pathways],
  };
}

/** The logos are the same in every language except the badge logo; the first language that has one says. */
function sharedLogo(content: Record<string, TemplateContent>, field: 'partner_logo' | 'issuer_logo'): string | null {
  for (const values of Object.values(content)) {
    const logo = values[field];
    if (logo) return logo;
  }
  return null;
}

/** The definition in the payload's shape, so that the editor can load it and send it back in update mode. */
export function templateDefinition(row: Template): TemplateDefinition {
  const content = parseContent(row.content);
  const languages = parseLanguagesList(row.languages);
  const badge: Record<string, string> = {};
  for (const [language, values] of Object.entries(content)) {
    if (values.badge_logo) badge[language] = values.badge_logo;
  }
  return {
    id: row.id,
    type: row.type as TemplateType,
    mode: 'update',
    DefaultLanguage: row.default_language,
    network: row.network,
    cstyle: parseCStyle(row.cstyle),
    badge,
    partnerLogo: sharedLogo(content, 'partner_logo'),
    issuerLogo: sharedLogo(content, 'issuer_logo'),
    content,
    params: parseJson<Record<string, unknown>>(row.params, {}),
    meta: parseMeta(row.meta),
    label: parseLabel(row.label),
    languagesList: row.languages,
    technicalFields: semicolonList(row.technical_fields),
    publicSample: row.public_sample === 1,
    certificationCounter: row.certification_counter,
    lockedLanguages: lockedLanguages(languages, { mode: 'update', certificationCounter: row.certification_counter }),
  };
}

export function templateImportData(row: Template): TemplateImportData {
  const fileFields = semicolonList(row.file_fields);
  return {
    id: row.id,
    type: row.type,
    usable: row.usable === 1,
    enable: row.enabled === 1,
    languages: parseLanguagesList(row.languages),
    DefaultLanguage: row.default_language,
    technicalFields: semicolonList(row.technical_fields),
    fieldsToCertified: semicolonList(row.fields_to_certified),
    fileFields,
    requiresFiles: fileFields.length > 0,
    NbCharMax: row.nb_char_max,
    openbadge: row.type === 'openbadge' || row.type === 'openbadge_custom',
  };
}
