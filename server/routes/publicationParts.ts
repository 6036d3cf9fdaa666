import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IDEMPOTENCY_HEADER, NOTE_MAX_LENGTH } from '../../domain/publication';
import { PART_MAX_ROWS, UPLOAD_MAX_PARTS } from '../../domain/publicationParts';
import { authOf } from '../auth/guard';
import type { AppContext } from '../context';
import { badRequest } from '../errors';
import { cooperate } from '../eventLoop';
import { appendPart, commitUpload, createUpload } from '../services/publication/parts';
import { DUPLICATE_BEHAVIORS } from '../../domain/duplicates';
import { columnMapping } from './publication';

/** One import row: column → text (as in POST /api/admin/data). */
const partRow = z.record(z.string(), z.string().max(20_000));

/** A part's body: 5,000 rows of the web app's import are ≈ 1 MB; this bound leaves room for long free texts. */
const PART_MAX_BYTES = 16 * 1024 * 1024;

const access = { resource: 'publication', action: 'publish' } as const;
const uploadParams = z.object({ uploadId: z.coerce.number().int().positive() });

/** Rows checked one by one with pauses between slices, as the single-call publish does (issue 16 point 1). */
async function partRows(data: readonly unknown[]): Promise<Record<string, string>[]> {
  const rows: Record<string, string>[] = [];
  for (let index = 0; index < data.length; index++) {
    await cooperate();
    const row = partRow.safeParse(data[index]);
    if (!row.success)
      throw badRequest('VALIDATION_ERROR', 'The request is not valid', {
        issues: row.error.issues.map((issue) => ({
          path: `/data/${index}/${issue.path.map(String).join('/')}`,
          message: issue.message,
        })),
      });
    rows.push(row.data);
  }
  return rows;
}

// the routes' own schemas, built once per process rather than for every app
const dataPartsBody = z.object({
  templateId: z.coerce.number().int().positive(),
  notes: z.string().max(NOTE_MAX_LENGTH).optional(),
  'automated-emailing': z.boolean().optional(),
});
const dataPartsAnswer = z.object({
  uploadId: z.number(),
  expiresAt: z.string(),
  partMaxRows: z.number(),
  maxRows: z.number(),
});
const dataPartsParams = uploadParams.extend({ partNumber: z.coerce.number().int().min(1).max(UPLOAD_MAX_PARTS) });
const putDataPartsBody = z.object({
  data: z.array(z.unknown()).min(1).max(PART_MAX_ROWS),
  columnMapping: columnMapping.optional(),
});
const putDataPartsAnswer = z.object({
  partNumber: z.number(),
  rows: z.number(),
  recipients: z.number(),
  totalRows: z.number(),
});
const partsCommitHeaders = z.object({ [IDEMPOTENCY_HEADER]: z.string().min(1).max(200).optional() });
const partsCommitBody = z.object({
  parts: z.number().int().min(1).max(UPLOAD_MAX_PARTS),
  duplicateBehavior: z.enum(DUPLICATE_BEHAVIORS).optional(),
});
const partsCommitAnswer = z.object({
  campaignId: z.number(),
  skipped: z.number().describe('recipients left out by duplicateBehavior skip'),
});

/** A publication sent in parts and committed as one campaign (issue 16 point 6; docs/decisions.md). */
export async function publicationPartsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/api/admin/data/parts',
    {
      config: { access },
      schema: {
        summary: 'Start a publication sent in parts',
        description: `For more rows than one publish takes (up to 100,000): upload the validated rows in numbered parts of at most ${PART_MAX_ROWS} rows (all the rows of one recipient in the same part), then commit. The upload belongs to the caller and the template and expires after one hour. Templates with file fields are published in one call. 404 template; 409 TEMPLATE_UNAVAILABLE or PARTS_WITHOUT_FILES.`,
        body: dataPartsBody,
        response: {
          200: dataPartsAnswer,
        },
      },
    },
    async (request) =>
      createUpload(ctx, authOf(request), {
        templateId: request.body.templateId,
        notes: (request.body.notes ?? '').trim(),
        automatedEmailing: request.body['automated-emailing'] === true,
      }),
  );

  api.put(
    '/api/admin/data/parts/:uploadId/:partNumber',
    {
      config: { access },
      bodyLimit: PART_MAX_BYTES,
      schema: {
        summary: 'Send one numbered part of a publication',
        description:
          'Body {data: rows} (at most 5,000), and columnMapping as in POST /api/admin/data. The part is checked with the rules of POST /api/admin/data (ERR_UNKNOWN_COLUMNS for columns that are not the template’s); sending the same part number again with the same rows changes nothing, with other rows replaces it. 400 as POST /api/admin/data (and ERR_TOO_MANY_ROWS past 100,000 rows in all); 404 UPLOAD_NOT_FOUND (not the caller’s, or expired); 409 UPLOAD_COMMITTED, RECIPIENT_IN_SEVERAL_PARTS.',
        params: dataPartsParams,
        body: putDataPartsBody,
        response: {
          200: putDataPartsAnswer,
        },
      },
    },
    async (request) =>
      appendPart(
        ctx,
        authOf(request),
        request.params.uploadId,
        request.params.partNumber,
        await partRows(request.body.data),
        request.body.columnMapping,
      ),
  );

  api.post(
    '/api/admin/data/parts/:uploadId/commit',
    {
      config: { access },
      schema: {
        summary: 'Publish the parts of an upload as one campaign',
        description:
          'Body {parts: N, duplicateBehavior}: parts 1 to N must all have been received. Creates one campaign and debits one credit per recipient once, in one transaction, then signs and mails as POST /api/admin/data does. Recipients who already hold a valid certificate of the template: deny (default) refuses the commit with 409 ERR_DUPLICATE_RECIPIENTS {recipients, count, duplicates} and keeps the upload, so that it can be committed again with another choice; allow issues them another; skip leaves them out (not charged; `skipped` says how many; 409 ERR_NOTHING_TO_PUBLISH when nobody is left); replace and renew are refused (400 ERR_REPLACE_IN_PARTS: they are done in one publish). A retried commit (or the same Idempotency-Key) answers the same campaignId. 402 NOT_ENOUGH_CREDITS; 404 UPLOAD_NOT_FOUND; 409 UPLOAD_INCOMPLETE {missing, extra}, TEMPLATE_UNAVAILABLE; 422 IDEMPOTENCY_KEY_REUSED.',
        params: uploadParams,
        headers: partsCommitHeaders,
        body: partsCommitBody,
        response: {
          200: partsCommitAnswer,
        },
      },
    },
    async (request) => {
      const key = request.headers[IDEMPOTENCY_HEADER];
      return commitUpload(ctx, authOf(request), request.params.uploadId, {
        parts: request.body.parts,
        idempotencyKey: typeof key === 'string' && key !== '' ? key : null,
        duplicateBehavior: request.body.duplicateBehavior,
      });
    },
  );
}
