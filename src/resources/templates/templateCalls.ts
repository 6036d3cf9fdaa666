import type { PathwayDefinition, Tag } from '../../../domain/templates';
import type { TagInput } from '../../custom-pages/template-tags/tagList';
import { apiFetch } from '../../dataProvider/httpClient';

/** The template calls of the templates page (spec 001 section 7), on the caller's own issuer. */
export const templateCalls = {
  disable: (issuerId: number, id: number) => apiFetch(`/api/issuer/${issuerId}/template/${id}`, { method: 'DELETE' }),
  enable: (issuerId: number, id: number) =>
    apiFetch(`/api/issuer/${issuerId}/template/${id}/enable`, { method: 'PUT' }),
  saveNotes: (issuerId: number, id: number, notes: string) =>
    apiFetch(`/api/issuer/${issuerId}/template/${id}/notes`, { method: 'PUT', json: { notes: notes.trim() } }),
  /** Sets a parent's pathway, or clears it with null; answers the definition the server kept. */
  savePathway: (issuerId: number, parentId: number, pathwayDefinition: PathwayDefinition | null) =>
    apiFetch<{ id: number; pathwayDefinition: PathwayDefinition | null }>(
      `/api/issuer/${issuerId}/template/${parentId}/pathway`,
      { method: 'PUT', json: { pathwayDefinition } },
    ).then(({ body }) => body.pathwayDefinition),
  /** The tag calls of the tags page: read the whole list, send the whole list after a change. */
  tags: () => apiFetch<Tag[]>('/api/issuer/tags').then(({ body }) => body),
  saveTags: (tags: TagInput[]) => apiFetch<Tag[]>('/api/issuer/config', { method: 'PUT', json: { tags } }),
};
