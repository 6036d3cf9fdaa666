import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CERTIFICATE_KEY_PATTERN, ENABLED_STATUSES } from '../../domain/certificates';
import { authOf } from '../auth/guard';
import type { AppContext } from '../context';
import { badRequest } from '../errors';
import { findCertificateByKey } from '../repositories/certificates';
import { localFileStore } from '../services/files/fileStore';
import { certificatePdf, certificatesZip } from '../services/pdf/certificateDocument';

/** The most certificates one PDF export bundles. */
export const PDF_EXPORT_MAX = 200;

/** PDF of a certificate (public, like its page) and the reports' PDF export of selected lines (spec 002). */
export async function pdfRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const files = localFileStore(path.join(ctx.config.dataDir, 'files'));
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

  api.post(
    '/api/admin/pdf',
    {
      config: { access: { resource: 'certificates', action: 'show' } },
      schema: {
        summary: 'The PDFs of the selected active certificates, in one .zip',
        body: z.object({ keys: z.array(z.string().regex(CERTIFICATE_KEY_PATTERN)).min(1).max(PDF_EXPORT_MAX) }),
      },
    },
    async (request, reply) => {
      const issuerId = authOf(request).issuer.id;
      const certificates = await ctx.db
        .selectFrom('certificates')
        .selectAll()
        .where('issuer_id', '=', issuerId)
        .where('key', 'in', request.body.keys)
        .where('status_id', 'in', ENABLED_STATUSES)
        .execute();
      if (certificates.length === 0) throw badRequest('NO_ACTIVE_CERTIFICATE', 'None of these certificates is active');
      const zip = await certificatesZip(ctx.db, files, ctx.config.publicUrl, certificates);
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', `attachment; filename="${day}_certificates.zip"`)
        .send(zip);
    },
  );
}
