import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CERTIFICATE_KEY_PATTERN } from '../../domain/certificates';
import { authOf } from '../auth/guard';
import type { AppContext } from '../context';
import { findCertificateByKey } from '../repositories/certificates';
import { localFileStore } from '../services/files/fileStore';
import { certificatePdf } from '../services/pdf/certificateDocument';
import {
  documentKey,
  isDocumentToken,
  registerDocumentJobs,
  requestDocument,
  type DocumentKind,
} from '../services/pdf/documents';

/** The most certificates one PDF export bundles. */
export const PDF_EXPORT_MAX = 200;

const certificateKey = z.string().regex(CERTIFICATE_KEY_PATTERN, '128 letters or digits');

/**
 * PDFs (spec 002 section 7, "PDF download"): the certificate's own PDF at a public address beside its page,
 * and the reports' document service (request → token, ready polling, download) for one row or a selection.
 */
export async function pdfRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const files = localFileStore(path.join(ctx.config.dataDir, 'files'));
  registerDocumentJobs(ctx, files);
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/certificate/:key/certificate.pdf',
    {
      config: { auth: 'public' },
      schema: {
        summary: "A certificate's printable PDF (its state stamped when it is not valid; none once deleted)",
        params: z.object({ key: z.string() }),
        querystring: z.object({ download: z.enum(['0', '1']).optional() }),
      },
    },
    async (request, reply) => {
      const { key } = request.params;
      const certificate = CERTIFICATE_KEY_PATTERN.test(key) ? await findCertificateByKey(ctx.db, key) : undefined;
      const pdf = certificate ? await certificatePdf(ctx.db, files, ctx.config.publicUrl, certificate) : null;
      if (!pdf) return reply.code(404).send({ code: 'NOT_FOUND', message: 'No such certificate' });
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
        params: z.object({ key: certificateKey }),
        querystring: z.object({ env: z.string().max(20).optional(), lang: z.string().max(10).optional() }),
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
        body: z.object({ keys: z.array(certificateKey).min(1).max(PDF_EXPORT_MAX) }),
      },
    },
    async (request) => requestDocument(ctx, authOf(request).issuer.id, request.body.keys, 'zip'),
  );

  const tokenParams = z.object({ token: z.string().max(64) });
  const findDocument = async (token: string) => {
    if (!isDocumentToken(token)) return null;
    for (const kind of ['pdf', 'zip'] as DocumentKind[]) {
      const bytes = await files.get(documentKey(token, kind));
      if (bytes) return { kind, bytes };
    }
    return null;
  };

  api.get(
    '/api/document/ready/:token',
    {
      config: { auth: 'public' },
      schema: { summary: 'Whether the document of this token is ready', params: tokenParams },
    },
    async (request) => {
      const document = await findDocument(request.params.token);
      return {
        ready: document !== null,
        ...(document ? { url: `/api/document/download/${request.params.token}` } : {}),
      };
    },
  );

  api.get(
    '/api/document/download/:token',
    {
      config: { auth: 'public' },
      schema: { summary: 'The document of this token, once ready', params: tokenParams },
    },
    async (request, reply) => {
      const document = await findDocument(request.params.token);
      if (!document) return reply.code(404).send({ code: 'NOT_READY', message: 'This document is not ready' });
      const day = new Date().toISOString().slice(0, 10);
      const name = document.kind === 'pdf' ? `${day}_certificate.pdf` : `${day}_certificates.zip`;
      return reply
        .header('content-type', document.kind === 'pdf' ? 'application/pdf' : 'application/zip')
        .header('content-disposition', `attachment; filename="${name}"`)
        .send(document.bytes);
    },
  );
}
