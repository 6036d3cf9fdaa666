/**
 * A publication sent in parts (issue 16 point 6): the page uploads its validated rows PART_MAX_ROWS at a time
 * to POST /api/admin/data/parts, then commits them as one campaign with one credit debit. The single-call
 * publish (POST /api/admin/data) keeps its 10,000-row limit.
 */

/** The most rows one part holds; a recipient's rows are never split over two parts. */
export const PART_MAX_ROWS = 5_000;
/** The most rows one upload holds (the import limit of the web app). */
export const UPLOAD_MAX_ROWS = 100_000;
/** The most parts of one upload (a part may be smaller than PART_MAX_ROWS when recipients have several rows). */
export const UPLOAD_MAX_PARTS = 1_000;
/** How long an upload waits for its commit before it is deleted. */
export const UPLOAD_TTL_SECONDS = 3_600;

/** POST /api/admin/data/parts */
export interface CreateUploadRequest {
  templateId: number;
  notes?: string;
  'automated-emailing'?: boolean;
}
export interface CreateUploadResponse {
  uploadId: number;
  expiresAt: string;
  partMaxRows: number;
  maxRows: number;
}
/** PUT /api/admin/data/parts/{uploadId}/{partNumber} answers the part's counts and the upload's row total. */
export interface UploadPartResponse {
  partNumber: number;
  rows: number;
  recipients: number;
  totalRows: number;
}
