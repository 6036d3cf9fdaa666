import { checkReminderDays, DEFAULT_EXPIRY_SETTINGS, parseValidity, type ExpirySettings } from '../../domain/expiry';
import { parseJson } from '../../domain/json';
import { parseLanguagesList } from '../../domain/templateRules/languages';
import type { ReferenceTables } from '../../domain/templateRules/referenceTables';
import type { CStyle } from '../../domain/templateRules/style';
import {
  DEFAULT_META_TYPE,
  type Label,
  type PathwayDefinition,
  type TemplateContent,
  type TemplateImportData,
  type TemplateMetaFields,
} from '../../domain/templates';
import type { Template } from '../db/schema';

/**
 * A template's JSON columns, parsed in one place (issue 29): the repository reads a row and answers it with these
 * fields beside the stored text, so no consumer parses a template column again.
 */
export interface ParsedTemplate extends Template {
  parsed: {
    label: Label;
    /** each language's texts and logos */
    content: Record<string, TemplateContent>;
    cstyle: CStyle | null;
    meta: TemplateMetaFields;
    params: Record<string, unknown>;
    referenceTables: ReferenceTables;
    pathway: PathwayDefinition | null;
    /** what an import of recipients is checked against */
    importData: TemplateImportData;
    /** one value, or a value per language (spec 001 section 3) */
    thumbnail: TemplateThumbnail;
    /** validity, reminder days and the issuer's copy (issue 28) */
    expiry: ExpirySettings;
  };
}

export function parseTemplate(row: Template): ParsedTemplate {
  return {
    ...row,
    parsed: {
      label: parseLabel(row.label),
      content: parseContent(row.content),
      cstyle: parseCStyle(row.cstyle),
      meta: parseMeta(row.meta),
      params: parseJson<Record<string, unknown>>(row.params, {}),
      referenceTables: parseReferenceTables(row.reference_tables),
      pathway: parsePathwayDefinition(row.pathway_definition),
      importData: templateImportData(row),
      thumbnail: parseThumbnail(row.thumbnail),
      expiry: parseExpiry(row.expiry),
    },
  };
}

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

/** The design's layout name, also when the rest of the design is unreadable as a CStyle. */
export function cstyleLayout(raw: string): string | null {
  const value = parseJson<unknown>(raw, null);
  return isObject(value) && typeof value.layout === 'string' ? value.layout : null;
}

export type TemplateThumbnail = string | Record<string, unknown> | null;

/** The thumbnail column holds one value, or a JSON map of language to value; null when neither. */
export function parseThumbnail(raw: string | null): TemplateThumbnail {
  const value = parseJson<unknown>(raw, raw);
  return typeof value === 'string' || isObject(value) ? value : null;
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

/** The expiry settings column; a missing or unreadable part takes its default. */
export function parseExpiry(raw: string | null): ExpirySettings {
  const value = parseJson<unknown>(raw, null);
  if (!isObject(value)) return { ...DEFAULT_EXPIRY_SETTINGS, reminderDays: [...DEFAULT_EXPIRY_SETTINGS.reminderDays] };
  const days = checkReminderDays(value.reminderDays);
  return {
    validity: parseValidity(value.validity),
    reminderDays: days.ok ? days.days : [...DEFAULT_EXPIRY_SETTINGS.reminderDays],
    remindIssuer: value.remindIssuer === true,
    issuerReminderEmail: typeof value.issuerReminderEmail === 'string' ? value.issuerReminderEmail : '',
  };
}

export function parseMeta(raw: string): TemplateMetaFields {
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

export function semicolonList(value: string): string[] {
  return value
    .split(';')
    .map((item) => item.trim())
    .filter((item) => item !== '');
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
    namesOptional: row.names_optional === 1,
    validity: parseExpiry(row.expiry).validity,
  };
}
