import { apiFetch } from '../../dataProvider/httpClient';

/** The template calls of the templates page (spec 001 section 7), on the caller's own issuer. */
export const templateCalls = {
  disable: (issuerId: number, id: number) => apiFetch(`/api/issuer/${issuerId}/template/${id}`, { method: 'DELETE' }),
  enable: (issuerId: number, id: number) =>
    apiFetch(`/api/issuer/${issuerId}/template/${id}/enable`, { method: 'PUT' }),
  saveNotes: (issuerId: number, id: number, notes: string) =>
    apiFetch(`/api/issuer/${issuerId}/template/${id}/notes`, { method: 'PUT', json: { notes: notes.trim() } }),
};
