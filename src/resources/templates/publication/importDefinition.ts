import {
  blankImportColumns,
  hasRegisterColumns,
  type BlankImportColumn,
  type ImportDefinition,
} from '../../../../domain/import';
import { UPLOAD_MAX_ROWS } from '../../../../domain/publicationParts';
import { templateFamily, type TemplateImportData } from '../../../../domain/templates';
import { SINGLE_PUBLISH_MAX_ROWS } from '../../../dataProvider/publication';

/** The most rows one import may hold: above SINGLE_PUBLISH_MAX_ROWS they are published in parts (issue 16). */
export const IMPORT_MAX_ROWS = UPLOAD_MAX_ROWS;

/** What domain/import checks a file against, from GET /api/issuer/{issuer}/template/{id}/data. */
export function importDefinitionOf(template: TemplateImportData): ImportDefinition {
  return {
    languages: template.languages,
    defaultLanguage: template.DefaultLanguage,
    technicalFields: template.technicalFields,
    fieldsToCertify: template.fieldsToCertified,
    fileFields: template.fileFields,
    openbadge: template.openbadge,
    // the archive of the rows' files travels with the single-call publish only
    maxRows: template.fileFields.length > 0 ? SINGLE_PUBLISH_MAX_ROWS : IMPORT_MAX_ROWS,
    register: hasRegisterColumns(template.type),
    namesOptional: template.namesOptional,
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
