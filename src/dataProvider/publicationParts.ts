import type { ImportRow } from '../../domain/import';
import { IDEMPOTENCY_HEADER } from '../../domain/publication';
import type { CreateUploadRequest, CreateUploadResponse, UploadPartResponse } from '../../domain/publicationParts';
import { apiRequest } from './apiRequest';

/**
 * A publication sent in parts (issue 16 point 6): the three calls of POST /api/admin/data/parts. They throw
 * react-admin's HttpError; the data provider's publish (publication.ts) drives them and turns errors into an outcome,
 * so they are not methods of the data provider themselves.
 */
export const publicationPartsCalls = {
  /** POST /api/admin/data/parts: a new upload for the template, with the campaign's note and emailing choice. */
  async createPublicationUpload(request: CreateUploadRequest): Promise<CreateUploadResponse> {
    return (await apiRequest('/api/admin/data/parts', 'post', { json: request })).body;
  },

  /** PUT /api/admin/data/parts/{uploadId}/{partNumber}: one part (sending it again changes nothing). */
  async sendPublicationPart(
    uploadId: number,
    partNumber: number,
    rows: readonly ImportRow[],
  ): Promise<UploadPartResponse> {
    const path = { uploadId, partNumber };
    return (
      await apiRequest('/api/admin/data/parts/{uploadId}/{partNumber}', 'put', { path, json: { data: [...rows] } })
    ).body;
  },

  /** POST /api/admin/data/parts/{uploadId}/commit: parts 1..parts as one campaign; a retry answers the same one. */
  async commitPublicationUpload(
    uploadId: number,
    parts: number,
    idempotencyKey: string,
    duplicateBehavior?: 'deny' | 'allow' | 'skip',
  ): Promise<{ campaignId: number; skipped: number }> {
    const { body } = await apiRequest('/api/admin/data/parts/{uploadId}/commit', 'post', {
      path: { uploadId },
      headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
      json: { parts, ...(duplicateBehavior ? { duplicateBehavior } : {}) },
    });
    return body;
  },
};
