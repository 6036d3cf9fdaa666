import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CERTIFICATE_KEY_PATTERN, CERTIFICATE_STATUS, ENABLED_STATUSES } from '../../domain/certificates';
import { authOf } from '../auth/guard';
import type { AppContext } from '../context';
import { findCertificateByKey } from '../repositories/certificates';
import { countInStatuses } from '../repositories/documents';
import { certificatePdf } from '../services/pdf/certificateDocument';
import {
  documentKey,
  findDocumentRequest,
  isDocumentToken,
  registerDocumentJobs,
  requestDocument,
  type DocumentKind,
} from '../services/pdf/documents';
import { documentReadyAnswer, documentTokenAnswer, errorAnswers, fileAnswer, filesAnswer } from './responseSchemas';

/** How long the download link of a prepared PDF or archive works after it was asked for. */
export const DOCUMENT_LINK_TTL_SECONDS = 15 * 60;

const NOT_DELETED_STATUSES = Object.values(CERTIFICATE_STATUS).filter(
  (status) => status !== CERTIFICATE_STATUS.deleted,
);

type DocumentState =
  { state: 'unknown' | 'pending' | 'expired' | 'withdrawn' } | { state: 'ready'; kind: DocumentKind; bytes: Buffer };

/** The most certificates one PDF export bundles. */
export const PDF_EXPORT_MAX = 200;

const certificateKey = z.string().regex(CERTIFICATE_KEY_PATTERN, '128 letters or digits');

// the routes' own schemas, built once per process rather than for every app
const tokenParams = z.object({ token: z.string().max(64) });
const certificatePdfParams = z.object({ key: z.string() });
const certificatePdfQuery = z.object({ download: z.enum(['0', '1']).optional() });
const documentParams = z.object({ key: certificateKey });
const documentQuery = z.object({ env: z.string().max(20).optional(), lang: z.string().max(10).optional() });
const pdfBody = z.object({ keys: z.array(certificateKey).min(1).max(PDF_EXPORT_MAX) });

/**
 * PDFs (spec 002 section 7, "PDF download"): the certificate's own PDF at a public address beside its page,
 * and the reports' document service (request → token, ready polling, download) for one row or a selection.
 */
export async function pdfRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const files = ctx.files;
  registerDocumentJobs(ctx, files);
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/certificate/:key/certificate.pdf',
    {
      config: { auth: 'public' },
      schema: {
        summary: "A certificate's printable PDF (its state stamped when it is not valid; none once deleted)",
        params: certificatePdfParams,
        querystring: certificatePdfQuery,
        response: {
          200: fileAnswer('application/pdf', 'The PDF (inline, or attachment with download=1)'),
          ...errorAnswers,
        },
      },
    },
    async (request, reply) => {
      const { key } = request.params;
      const certificate = CERTIFICATE_KEY_PATTERN.test(key) ? await findCertificateByKey(ctx.db, key) : undefined;
      const pdf = certificate ? await certificatePdf(ctx.db, files, ctx.config.publicUrl, certificate) : null;
      if (!pdf) return reply.code(404).send({ code: 'NOT_FOUND', message: 'No such certificate' });
      // the recipient's (or anyone's) reading of the PDF, a person's once a day (issue 31)
      ctx.activity.record(request, key, 'pdf');
      const disposition = request.query.download === '1' ? 'attachment' : 'inline';
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `${disposition}; filename="certificate-${key.slice(0, 8)}.pdf"`)
        .header('cache-control', 'no-cache')
        .send(Buffer.from(pdf));
    },
  );

  api.get(
    '/api/document/:key',
    {
      config: { access: { resource: 'certificates', action: 'show' } },
      schema: {
        summary: "Ask for a certificate's PDF: answers a token to poll; 429 while too many are being prepared",
        params: documentParams,
        querystring: documentQuery,
        response: { 200: documentTokenAnswer },
      },
    },
    async (request) => requestDocument(ctx, authOf(request).issuer.id, [request.params.key], 'pdf'),
  );

  api.post(
    '/api/admin/pdf',
    {
      config: { access: { resource: 'certificates', action: 'show' } },
      schema: {
        summary: 'Ask for the PDFs of the selected active certificates in one .zip: answers a token to poll',
        body: pdfBody,
        response: { 200: documentTokenAnswer },
      },
    },
    async (request) => requestDocument(ctx, authOf(request).issuer.id, request.body.keys, 'zip'),
  );
  /**
   * A document's state from its request (the job that rendered it): the token is the link's only credential, so
   * it works for DOCUMENT_LINK_TTL_SECONDS after the request, and only while every certificate in it is still
   * one the request could name (not deleted; active, for a selection's zip).
   */
  const findDocument = async (token: string): Promise<DocumentState> => {
    if (!isDocumentToken(token)) return { state: 'unknown' };
    const request = await findDocumentRequest(ctx.jobs, token);
    if (!request) return { state: 'unknown' };
    if (Date.parse(request.requestedAt) + DOCUMENT_LINK_TTL_SECONDS * 1000 < Date.now()) {
      await files.delete(documentKey(token, request.kind));
      return { state: 'expired' };
    }
    const visible = await countInStatuses(
      ctx.db,
      request.issuerId,
      request.keys,
      request.kind === 'pdf' ? NOT_DELETED_STATUSES : [...ENABLED_STATUSES],
    );
    if (visible < request.keys.length) return { state: 'withdrawn' };
    const bytes = await files.get(documentKey(token, request.kind));
    return bytes ? { state: 'ready', kind: request.kind, bytes } : { state: 'pending' };
  };
  const refusal = (state: 'expired' | 'withdrawn') =>
    state === 'expired'
      ? { code: 'DOCUMENT_EXPIRED', message: 'This download link has expired: ask for the document again' }
      : { code: 'DOCUMENT_WITHDRAWN', message: 'A certificate in this document was deleted or disabled since' };

  api.get(
    '/api/document/ready/:token',
    {
      config: { auth: 'public' },
      schema: {
        summary: 'Whether the document of this token is ready',
        params: tokenParams,
        response: { 200: documentReadyAnswer, ...errorAnswers },
      },
    },
    async (request, reply) => {
      const document = await findDocument(request.params.token);
      if (document.state === 'expired' || document.state === 'withdrawn') {
        return reply.code(410).send(refusal(document.state));
      }
      return document.state === 'ready'
        ? { ready: true as const, url: `/api/document/download/${request.params.token}` }
        : { ready: false as const };
    },
  );

  api.get(
    '/api/document/download/:token',
    {
      config: { auth: 'public' },
      schema: {
        summary:
          'The document of this token, once ready; 410 once the link expired or a certificate in it was withdrawn',
        params: tokenParams,
        response: {
          200: filesAnswer(['application/pdf', 'application/zip'], "One certificate's PDF, or a selection's .zip"),
          ...errorAnswers,
        },
      },
    },
    async (request, reply) => {
      const document = await findDocument(request.params.token);
      if (document.state === 'expired' || document.state === 'withdrawn') {
        return reply.code(410).send(refusal(document.state));
      }
      if (document.state !== 'ready') {
        return reply.code(404).send({ code: 'NOT_READY', message: 'This document is not ready' });
      }
      const day = new Date().toISOString().slice(0, 10);
      const name = document.kind === 'pdf' ? `${day}_certificate.pdf` : `${day}_certificates.zip`;
      return reply
        .header('content-type', document.kind === 'pdf' ? 'application/pdf' : 'application/zip')
        .header('content-disposition', `attachment; filename="${name}"`)
        .send(document.bytes);
    },
  );
}
