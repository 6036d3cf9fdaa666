import { isReferenceTableName } from '../../../domain/templateRules/referenceTables';
import { lockedLanguages } from '../../../domain/templateRules/languages';
import {
  type TemplateContent,
  type TemplateDefinition,
  type TemplateDetail,
  type TemplateMeta,
  type TemplateSummary,
  type TemplateType,
} from '../../../domain/templates';
import type { ParsedTemplate } from '../../repositories/templateRows';

/** The list call's fields, all read from the template's own row; tags are the names of its active tags. */
export function templateSummary(row: ParsedTemplate, tags: readonly string[]): TemplateSummary {
  return {
    id: row.id,
    label: row.parsed.label,
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
    meta_type: row.parsed.meta.meta_type,
    isPathwayParent: row.is_pathway_parent === 1,
    isPathwayChild: row.is_pathway_child === 1,
    pathwayDefinition: row.parsed.pathway,
    hasReferenceTables: Object.keys(row.parsed.referenceTables).some(isReferenceTableName),
  };
}

export function templateMeta(row: ParsedTemplate): TemplateMeta {
  return {
    id: row.id,
    label: row.parsed.label,
    meta_thumbnail: row.thumbnail,
    meta_cstyle: row.parsed.cstyle,
    ...row.parsed.meta,
  };
}

export function templateDetail(
  row: ParsedTemplate,
  tags: readonly string[],
  pathways: readonly number[],
): TemplateDetail {
  return {
    ...templateSummary(row, tags),
    ...templateMeta(row),
    isNft: row.is_nft === 1,
    network: row.network,
    content: row.parsed.content,
    params: row.parsed.params,
    technicalFields: row.technical_fields,
    fieldsToCertified: row.fields_to_certified,
    placeholders: row.fields_to_certified,
    fileFields: row.file_fields,
    NbCharMax: row.nb_char_max,
    requiresFiles: row.parsed.importData.requiresFiles,
    referenceTables: row.parsed.referenceTables,
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
export function templateDefinition(row: ParsedTemplate): TemplateDefinition {
  const { content } = row.parsed;
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
    cstyle: row.parsed.cstyle,
    badge,
    partnerLogo: sharedLogo(content, 'partner_logo'),
    issuerLogo: sharedLogo(content, 'issuer_logo'),
    content,
    params: row.parsed.params,
    meta: row.parsed.meta,
    label: row.parsed.label,
    languagesList: row.languages,
    technicalFields: row.parsed.importData.technicalFields,
    publicSample: row.public_sample === 1,
    namesOptional: row.names_optional === 1,
    expiry: row.parsed.expiry,
    certificationCounter: row.certification_counter,
    lockedLanguages: lockedLanguages(row.parsed.importData.languages, {
      mode: 'update',
      certificationCounter: row.certification_counter,
    }),
  };
}
