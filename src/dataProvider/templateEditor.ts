import type { TemplateDefinition, TemplateMeta, TemplatePayload, TemplateSummary } from '../../domain/templates';
import { apiFetch } from './httpClient';

/** A save of the badge or registry editor: the payload and the chosen image files with their part names. */
export interface TemplateSaveRequest {
  json: TemplatePayload & { mode: 'add' | 'update'; id?: number };
  files: readonly { part: string; name: string; file: Blob }[];
}

/** The same request as multipart form data: json, then each image under its part name. */
export function templateSaveFormData(request: TemplateSaveRequest): FormData {
  const form = new FormData();
  form.append('json', JSON.stringify(request.json));
  for (const { part, name, file } of request.files) form.append(part, file, name);
  return form;
}

/** The badge and registry editors' calls (spec 001 section 7), named methods of the data provider. */
export const templateEditorMethods = {
  /** the definition in the payload's shape, for update mode and duplicates */
  getTemplateDefinition: async (issuerId: number, id: number) =>
    (await apiFetch<TemplateDefinition>(`/api/issuer/${issuerId}/template/${id}/json`)).body,
  /** the issuer's templates, for the import-style dialog */
  getEditorTemplates: async () => (await apiFetch<TemplateSummary[]>('/api/admin/templates')).body,
  /** another template's label and design */
  getTemplateMeta: async (issuerId: number, id: number) =>
    (await apiFetch<TemplateMeta>(`/api/issuer/${issuerId}/template/${id}/meta`)).body,
  /** POST template/mc (badges) or template/rncp (registry), multipart; answers the template's id */
  saveTemplateDefinition: async (request: TemplateSaveRequest) => {
    const call = request.json.type === 'cpf_onshelf' ? 'rncp' : 'mc';
    const answer = await apiFetch<{ id: number }>(`/api/template/${call}`, {
      method: 'POST',
      body: templateSaveFormData(request),
    });
    return answer.body;
  },
};
