import { isReferenceTableName } from '../../../domain/templateRules/referenceTables';
import { lockedLanguages, parseLanguagesList } from '../../../domain/templateRules/languages';
import {
  type TemplateContent,
  type TemplateDefinition,
  type TemplateDetail,
  type TemplateMeta,
  type TemplateSummary,
  type TemplateType,
} from '../../../domain/templates';
import { parseJson } from '../../../domain/json';
import type { Template } from '../../db/schema';
import {
  parseContent,
  parseCStyle,
  parseLabel,
  parseMeta,
  parsePathwayDefinition,
  parseReferenceTables,
  semicolonList,
} from '../../repositories/templateRows';

export { parseJson } from '../../../domain/json';
export {
  parseContent,
  parseCStyle,
  parseLabel,
  parsePathwayDefinition,
  parseReferenceTables,
  templateImportData,
} from '../../repositories/templateRows';

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
