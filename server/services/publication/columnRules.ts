import {
  hasRegisterColumns,
  type ColumnMapping,
  type ImportDefinition,
  type ImportError,
  type UnknownColumn,
} from '../../../domain/import';
import type { TemplateImportData } from '../../../domain/templates';
import { AppError } from '../../errors';
import { publicationError } from './errors';

/**
 * The import rules of a template for rows sent by the API, the web app's own (domain/import): the register's
 * columns belong to registry templates (issue 28: no column is silently dropped).
 */
export function serverImportDefinition(importData: TemplateImportData, maxRows: number): ImportDefinition {
  return {
    languages: importData.languages,
    defaultLanguage: importData.DefaultLanguage,
    technicalFields: importData.technicalFields,
    fieldsToCertify: importData.fieldsToCertified,
    fileFields: importData.fileFields,
    openbadge: importData.openbadge,
    maxRows,
    register: hasRegisterColumns(importData.type),
    namesOptional: importData.namesOptional,
  };
}

/** The documented request parameter: header → the template's column, or null to leave the column out. */
export type { ColumnMapping };

function unknownColumnsRefused(columns: readonly UnknownColumn[], errors: ImportError[]): AppError {
  const named = columns
    .map(({ header, suggestion }) => (suggestion ? `"${header}" (did you mean ${suggestion}?)` : `"${header}"`))
    .join(', ');
  const message = `Columns that are not this template's: ${named}. Map each one to a column with columnMapping ({"header": "column"}), or leave it out ({"header": null})`;
  return new AppError(400, 'ERR_UNKNOWN_COLUMNS', message, {
    error: message,
    columns: columns.map(({ header, suggestion }) => ({ column: header, suggestion })),
    errors,
  });
}

/**
 * Why the rows were refused: ERR_UNKNOWN_COLUMNS naming the columns and the template column each most likely meant
 * when that is among the reasons (the caller maps them), otherwise ERR_PUBLICATION_ERROR with every import error;
 * both carry `errors`, the import codes with their detail lines, which the web app shows.
 */
export function rowsRefused(result: { errors: ImportError[]; unknownColumns?: UnknownColumn[] }): AppError {
  if (result.unknownColumns && result.unknownColumns.length > 0)
    return unknownColumnsRefused(result.unknownColumns, result.errors);
  const summary = result.errors
    .map((error) => (error.details.length > 0 ? `${error.code} (${error.details.join('; ')})` : error.code))
    .join(', ');
  return publicationError(`The rows are not valid: ${summary}`, { errors: result.errors });
}
