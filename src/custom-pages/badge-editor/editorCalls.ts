import type { TemplateDefinition, TemplateMeta, TemplateSummary } from '../../../domain/templates';
import { apiFetch } from '../../dataProvider/httpClient';
import { payloadFormData, type EditorPayload } from './editorModel';

/** The editors' server calls (spec 001 section 7). */
export const editorCalls = {
  /** the definition in the payload's shape, for update mode and duplicates */
  definition: async (issuerId: number, id: number) =>
    (await apiFetch<TemplateDefinition>(`/api/issuer/${issuerId}/template/${id}/json`)).body,
  /** the issuer's templates, for the import-style dialog */
  templates: async () => (await apiFetch<TemplateSummary[]>('/api/admin/templates')).body,
  /** another template's label and design */
  meta: async (issuerId: number, id: number) =>
    (await apiFetch<TemplateMeta>(`/api/issuer/${issuerId}/template/${id}/meta`)).body,
  /** POST template/mc (badges) or template/rncp (registry), multipart */
  save: async (payload: EditorPayload) => {
    const call = payload.json.type === 'cpf_onshelf' ? 'rncp' : 'mc';
    return (await apiFetch<{ id: number }>(`/api/template/${call}`, { method: 'POST', body: payloadFormData(payload) }))
      .body;
  },
};
