import type { ReferenceError } from '../../../domain/templateRules/referenceTables';
import type { TemplateTablesDefinition } from '../../../domain/templates';
import { apiFetch, errorCode, errorStatus } from '../../dataProvider/httpClient';
import type { ReferenceTableEntry } from './tableEditing';

/** The reference table screen's calls (spec 001 section 7): the template definition read and the save. */
export const referenceTableCalls = {
  read: async (templateId: number) =>
    (await apiFetch<TemplateTablesDefinition>(`/api/template/tables?templateId=${templateId}`)).body,
  save: async (templateId: number, tables: ReferenceTableEntry[]) =>
    (
      await apiFetch<TemplateTablesDefinition>('/api/template/tables', {
        method: 'PUT',
        json: { templateId, tables },
      })
    ).body,
};

/** The reference errors of a refused save (REFERENCE_ERRORS), or null for any other failure. */
export function refusedReferences(error: unknown): ReferenceError[] | null {
  if (errorStatus(error) !== 400 || errorCode(error) !== 'REFERENCE_ERRORS') return null;
  const errors = (error as { body?: { errors?: unknown } }).body?.errors;
  return Array.isArray(errors) ? (errors as ReferenceError[]) : null;
}
