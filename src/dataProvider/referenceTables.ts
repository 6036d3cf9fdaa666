import type { TemplateTablesDefinition } from '../../domain/templates';
import type { ReferenceTableEntry } from '../custom-pages/reftable/tableEditing';
import { apiFetch } from './httpClient';

/** The reference table screen's calls (spec 001 section 7): the template definition read and the save. */
export const referenceTableMethods = {
  /** GET /api/template/tables?templateId= */
  getReferenceTables: async (templateId: number) =>
    (await apiFetch<TemplateTablesDefinition>(`/api/template/tables?templateId=${templateId}`)).body,
  /** PUT /api/template/tables: answers the definition kept; 400 REFERENCE_ERRORS lists refused references */
  saveReferenceTables: async (templateId: number, tables: ReferenceTableEntry[]) =>
    (
      await apiFetch<TemplateTablesDefinition>('/api/template/tables', {
        method: 'PUT',
        json: { templateId, tables },
      })
    ).body,
};
