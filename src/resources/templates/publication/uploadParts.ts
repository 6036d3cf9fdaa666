import type { ImportRow } from '../../../../domain/import';
import { PART_MAX_ROWS } from '../../../../domain/publicationParts';
import type {
  CreateUploadRequest,
  CreateUploadResponse,
  UploadPartResponse,
} from '../../../../domain/publicationParts';
import { outcomeOfError, type PublishOutcome } from '../../../dataProvider/publication';
import { SINGLE_PUBLISH_MAX_ROWS } from './importDefinition';

/** Above SINGLE_PUBLISH_MAX_ROWS rows the page publishes in parts; up to it, in the one call of POST /api/admin/data. */
export const publishesInParts = (rows: number): boolean => rows > SINGLE_PUBLISH_MAX_ROWS;

/**
 * The rows cut into parts of at most `maxRows`, in the file's order, each recipient's rows (the values of the
 * technical fields) kept together in one part — the server checks each part alone, so a recipient split over two
 * would miss a language in both. Without technical fields every row is its own recipient.
 */
export function splitIntoParts(
  rows: readonly ImportRow[],
  technicalFields: readonly string[],
  maxRows: number = PART_MAX_ROWS,
): ImportRow[][] {
  const groups: ImportRow[][] = [];
  if (technicalFields.length === 0) for (const row of rows) groups.push([row]);
  else {
    const byKey = new Map<string, ImportRow[]>();
    for (const row of rows) {
      const key = technicalFields.map((field) => row[field] ?? '').join('\u001f');
      const group = byKey.get(key);
      if (group) group.push(row);
      else {
        const created = [row];
        byKey.set(key, created);
        groups.push(created);
      }
    }
  }
  const parts: ImportRow[][] = [];
  let current: ImportRow[] = [];
  for (const group of groups) {
    if (current.length > 0 && current.length + group.length > maxRows) {
      parts.push(current);
      current = [];
    }
    current.push(...group);
  }
  if (current.length > 0) parts.push(current);
  return parts;
}

/** The data provider's calls for parts (src/dataProvider/publicationParts.ts). */
export interface PartsCalls {
  createPublicationUpload(request: CreateUploadRequest): Promise<CreateUploadResponse>;
  sendPublicationPart(uploadId: number, partNumber: number, rows: readonly ImportRow[]): Promise<UploadPartResponse>;
  commitPublicationUpload(uploadId: number, parts: number, idempotencyKey: string): Promise<{ campaignId: number }>;
}

/** Rows sent so far out of all of them, for "Uploading 40,000 / 100,000". */
export interface UploadProgress {
  sent: number;
  total: number;
}

/**
 * What a retry reuses: the upload and the parts already accepted (a part sent again is a no-op anyway). The page
 * keeps one per publish request, as it keeps the idempotency key.
 */
export interface PartsSession {
  uploadId: number | null;
  sentParts: Set<number>;
}

export const newPartsSession = (): PartsSession => ({ uploadId: null, sentParts: new Set() });

/**
 * Publishes the rows in parts: creates the upload (once per session), sends each part not yet accepted, one at a
 * time, reporting progress, then commits them as one campaign under the idempotency key. Errors become the same
 * outcomes as the single-call publish; an upload refused as expired or a split recipient asks for a retry from a
 * new upload.
 */
export async function publishInParts(
  calls: PartsCalls,
  request: CreateUploadRequest & { rows: readonly ImportRow[]; technicalFields: readonly string[] },
  session: PartsSession,
  idempotencyKey: string,
  onProgress: (progress: UploadProgress) => void,
): Promise<PublishOutcome> {
  const parts = splitIntoParts(request.rows, request.technicalFields);
  const total = request.rows.length;
  try {
    if (session.uploadId === null) {
      const created = await calls.createPublicationUpload({
        templateId: request.templateId,
        notes: request.notes,
        'automated-emailing': request['automated-emailing'],
      });
      session.uploadId = created.uploadId;
      session.sentParts.clear();
    }
    let sent = parts.reduce((sum, part, index) => sum + (session.sentParts.has(index + 1) ? part.length : 0), 0);
    onProgress({ sent, total });
    for (let index = 0; index < parts.length; index++) {
      const number = index + 1;
      if (session.sentParts.has(number)) continue;
      await calls.sendPublicationPart(session.uploadId, number, parts[index]);
      session.sentParts.add(number);
      sent += parts[index].length;
      onProgress({ sent, total });
    }
    const { campaignId } = await calls.commitPublicationUpload(session.uploadId, parts.length, idempotencyKey);
    return { kind: 'success', campaignId };
  } catch (error) {
    const code = (error as { body?: { code?: unknown } } | null)?.body?.code;
    if (code === 'UPLOAD_NOT_FOUND' || code === 'UPLOAD_INCOMPLETE' || code === 'RECIPIENT_IN_SEVERAL_PARTS') {
      // start again from a new upload on retry
      session.uploadId = null;
      session.sentParts.clear();
      return { kind: 'failure' };
    }
    if (code === 'UPLOAD_COMMITTED') return { kind: 'failure' };
    return outcomeOfError(error);
  }
}
