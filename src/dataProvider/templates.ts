import type { PathwayDefinition } from '../../domain/templates';
import { apiRequest } from './apiRequest';
import { templateListMethods } from './templateList';

/** The template calls of the templates page (spec 001 section 7), on the caller's own issuer. */
export const templateMethods = {
  ...templateListMethods,
  disableTemplate: async (issuerId: number, id: number) => {
    await apiRequest('/api/issuer/{issuer}/template/{id}', 'delete', { path: { issuer: issuerId, id } });
  },
  enableTemplate: async (issuerId: number, id: number) => {
    await apiRequest('/api/issuer/{issuer}/template/{id}/enable', 'put', { path: { issuer: issuerId, id } });
  },
  saveTemplateNotes: async (issuerId: number, id: number, notes: string) => {
    await apiRequest('/api/issuer/{issuer}/template/{id}/notes', 'put', {
      path: { issuer: issuerId, id },
      json: { notes: notes.trim() },
    });
  },
  /** Sets a parent's pathway, or clears it with null; answers the definition the server kept. */
  saveTemplatePathway: async (
    issuerId: number,
    parentId: number,
    pathwayDefinition: PathwayDefinition | null,
  ): Promise<PathwayDefinition | null> =>
    (
      await apiRequest('/api/issuer/{issuer}/template/{id}/pathway', 'put', {
        path: { issuer: issuerId, id: parentId },
        json: { pathwayDefinition },
      })
    ).body.pathwayDefinition,
};
