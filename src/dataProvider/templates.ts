import type { PathwayDefinition } from '../../domain/templates';
import { apiFetch } from './httpClient';

/** The template calls of the templates page (spec 001 section 7), on the caller's own issuer. */
export const templateMethods = {
  disableTemplate: async (issuerId: number, id: number) => {
    await apiFetch(`/api/issuer/${issuerId}/template/${id}`, { method: 'DELETE' });
  },
  enableTemplate: async (issuerId: number, id: number) => {
    await apiFetch(`/api/issuer/${issuerId}/template/${id}/enable`, { method: 'PUT' });
  },
  saveTemplateNotes: async (issuerId: number, id: number, notes: string) => {
    await apiFetch(`/api/issuer/${issuerId}/template/${id}/notes`, { method: 'PUT', json: { notes: notes.trim() } });
  },
  /** Sets a parent's pathway, or clears it with null; answers the definition the server kept. */
  saveTemplatePathway: async (issuerId: number, parentId: number, pathwayDefinition: PathwayDefinition | null) =>
    (
      await apiFetch<{ id: number; pathwayDefinition: PathwayDefinition | null }>(
        `/api/issuer/${issuerId}/template/${parentId}/pathway`,
        { method: 'PUT', json: { pathwayDefinition } },
      )
    ).body.pathwayDefinition,
};
