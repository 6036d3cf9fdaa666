import { blankImportColumns, type BlankImportColumn, type ImportDefinition } from '../../../domain/import';
import { templateFamily, type TemplateImportData } from '../../../domain/templates';

/** The most rows one import may hold. */
export const IMPORT_MAX_ROWS = 10_000;

/** What domain/import checks a file against, from GET /api/issuer/{issuer}/template/{id}/data. */
export function importDefinitionOf(template: TemplateImportData): ImportDefinition {
  return {
    languages: template.languages,
    defaultLanguage: template.DefaultLanguage,
    technicalFields: template.technicalFields,
    fieldsToCertify: template.fieldsToCertified,
    fileFields: template.fileFields,
    openbadge: template.openbadge,
    maxRows: IMPORT_MAX_ROWS,
  };
}

/** An import is possible only on a usable, enabled template. */
export function isTemplateAvailable(template: TemplateImportData): boolean {
  return template.usable && template.enable;
}

/** The blank import file's columns: the standard ones, the register's for a registry template, then its own fields. */
export function templateBlankColumns(template: TemplateImportData, today?: string): BlankImportColumn[] {
  return blankImportColumns(
    [...template.technicalFields, ...template.fieldsToCertified, ...template.fileFields],
    today,
    { register: templateFamily(template.type) === 'registry' },
  );
}
