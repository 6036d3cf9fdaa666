import type { CStyle } from '../../domain/templateRules/style';
import type { TemplatePayload } from '../../domain/templates';
import { apiRequest, apiUpload } from './apiRequest';

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

/**
 * A design as the server keeps it: JSON checked when it was saved (domain/templateRules/style.ts), answered as stored,
 * so the route's answer schema is loose (server/routes/responseSchemas.ts); the editors read it as a CStyle.
 */
const storedCStyle = (cstyle: object | null) => cstyle as CStyle | null;

/** The badge and registry editors' calls (spec 001 section 7), named methods of the data provider. */
export const templateEditorMethods = {
  /** the definition in the payload's shape, for update mode and duplicates */
  getTemplateDefinition: async (issuerId: number, id: number) => {
    const { body } = await apiRequest('/api/issuer/{issuer}/template/{id}/json', 'get', {
      path: { issuer: issuerId, id },
    });
    return { ...body, cstyle: storedCStyle(body.cstyle) };
  },
  /** the issuer's templates, for the import-style dialog */
  getEditorTemplates: async () => (await apiRequest('/api/admin/templates', 'get')).body,
  /** another template's label and design */
  getTemplateMeta: async (issuerId: number, id: number) => {
    const { body } = await apiRequest('/api/issuer/{issuer}/template/{id}/meta', 'get', {
      path: { issuer: issuerId, id },
    });
    return { ...body, meta_cstyle: storedCStyle(body.meta_cstyle) };
  },
  /** POST template/mc (badges) or template/rncp (registry), multipart; answers the template's id */
  saveTemplateDefinition: async (request: TemplateSaveRequest) => {
    const form = templateSaveFormData(request);
    const answer =
      request.json.type === 'cpf_onshelf'
        ? await apiUpload('/api/template/rncp', 'post', form)
        : await apiUpload('/api/template/mc', 'post', form);
    return answer.body;
  },
};
