import { randomBytes } from 'node:crypto';
import { ENABLED_STATUSES } from '../../../domain/certificates';
import type { AppContext } from '../../context';
import { AppError, badRequest, notFound } from '../../errors';
import { documentCertificates, documentKeys } from '../../repositories/documents';
import type { FileStore } from '../files/fileStore';
import type { JobQueue } from '../jobs/jobs';
import { certificatePdf, certificatesZip } from './certificateDocument';

/**
 * The document service of spec 002 section 7: a request answers a token at once; the background worker
 * renders the PDF (or the zip of a selection) into the file store; the web app polls the ready call, then
 * downloads. The token (256 random bits) is the download's only credential, so the browser can simply go
 * to its address.
 */
export const DOCUMENT_JOB = 'document.render';
/** Documents of one issuer being rendered at once before a request answers 429. */
export const MAX_PENDING_DOCUMENTS = 5;

export type DocumentKind = 'pdf' | 'zip';

interface DocumentJob {
  token: string;
  issuerId: number;
  keys: string[];
  kind: DocumentKind;
  /** ISO-8601, the application's clock: the link works for DOCUMENT_LINK_TTL_SECONDS from it */
  requestedAt?: string;
}

const TOKEN = /^[0-9a-f]{64}$/;

export function documentKey(token: string, kind: DocumentKind): string {
  return `documents/${token}.${kind}`;
}

export function isDocumentToken(token: string): boolean {
  return TOKEN.test(token);
}

async function pendingDocuments(jobs: JobQueue, issuerId: number): Promise<number> {
  return (await jobs.find({ type: DOCUMENT_JOB, payload: { issuerId }, states: ['queued', 'running'] })).length;
}

/** The request of a document token (its rendering job's payload and time), whatever the job's state, or null. */
export async function findDocumentRequest(
  jobs: JobQueue,
  token: string,
): Promise<{ issuerId: number; keys: string[]; kind: DocumentKind; requestedAt: string } | null> {
  const [job] = await jobs.find({ type: DOCUMENT_JOB, payload: { token } });
  if (!job) return null;
  const request = job.payload as DocumentJob;
  return { ...request, requestedAt: request.requestedAt ?? job.createdAt };
}

/** Queues the rendering of one certificate's PDF (not deleted) or of a selection's zip (active ones only). */
export async function requestDocument(
  ctx: AppContext,
  issuerId: number,
  keys: readonly string[],
  kind: DocumentKind,
): Promise<{ token: string; ready: false }> {
  const statuses = kind === 'pdf' ? null : ENABLED_STATUSES;
  const found = await documentKeys(ctx.db, issuerId, keys, statuses);
  if (found.length === 0) {
    throw kind === 'pdf'
      ? notFound('CERTIFICATE_NOT_FOUND', 'No such certificate')
      : badRequest('NO_ACTIVE_CERTIFICATE', 'None of these certificates is active');
  }
  if ((await pendingDocuments(ctx.jobs, issuerId)) >= MAX_PENDING_DOCUMENTS) {
    throw new AppError(429, 'TOO_MANY_REQUESTS', 'Too many documents are being prepared: try again in a moment');
  }
  const token = randomBytes(32).toString('hex');
  const job: DocumentJob = { token, issuerId, keys: found, kind, requestedAt: new Date().toISOString() };
  await ctx.jobs.enqueue(ctx.db, DOCUMENT_JOB, job, { maxAttempts: 2 });
  ctx.jobs.wake();
  return { token, ready: false };
}

export function registerDocumentJobs(ctx: AppContext, files: FileStore): void {
  ctx.jobs.register(DOCUMENT_JOB, async (payload) => {
    const job = payload as DocumentJob;
    const certificates = await documentCertificates(ctx.db, job.issuerId, job.keys);
    const bytes =
      job.kind === 'pdf'
        ? await certificatePdf(ctx.db, files, ctx.config.publicUrl, certificates[0])
        : await certificatesZip(ctx.db, files, ctx.config.publicUrl, certificates);
    if (!bytes) throw new Error('the certificate has no document');
    await files.put(documentKey(job.token, job.kind), bytes);
  });
}
