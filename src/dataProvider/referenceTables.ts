import type { ReferenceTables } from '../../domain/templateRules/referenceTables';
import type { TemplateTablesDefinition } from '../../domain/templates';
import { apiRequest, type ApiResult } from './apiRequest';

/** One entry as PUT /api/template/tables takes it. */
export interface ReferenceTableEntry {
  table: string;
  key: string;
  definition: Record<string, string>;
}

/** The answer's tables: the contract types them loosely (the column also holds the template's other keys). */
const definition = (body: ApiResult<'/api/template/tables', 'get'>): TemplateTablesDefinition => ({
  ...body,
  template: body.template as ReferenceTables,
});

/** The reference table screen's calls (spec 001 section 7): the template definition read and the save. */
export const referenceTableMethods = {
  /** GET /api/template/tables?templateId= */
  getReferenceTables: async (templateId: number): Promise<TemplateTablesDefinition> =>
    definition((await apiRequest('/api/template/tables', 'get', { query: { templateId } })).body),
  /** PUT /api/template/tables: answers the definition kept; 400 REFERENCE_ERRORS lists refused references */
  saveReferenceTables: async (templateId: number, tables: ReferenceTableEntry[]): Promise<TemplateTablesDefinition> =>
    definition((await apiRequest('/api/template/tables', 'put', { json: { templateId, tables } })).body),
};
