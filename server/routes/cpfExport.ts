import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf } from '../auth/guard';
import type { AppContext } from '../context';
import { exportCpfFlux } from '../services/cpfExport/exportFlux';
import { fileAnswer } from './responseSchemas';

// the routes' own schemas, built once per process rather than for every app
const exportCpfQuery = z.object({
  templateId: z.coerce.number().int().positive(),
  campaignId: z.coerce.number().int().positive().optional(),
});

/** The cpf export of the reports (spec 002 section 7): the register's certification feed as an XML file. */
export async function cpfExportRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/export/cpf',
    {
      config: { access: { resource: 'reports', action: 'list' } },
      schema: {
        summary:
          "A registry template's (or one of its campaigns') valid certificates as the register's certification feed " +
          '(XML, flux-certifications v2.0.0); 422 CPF_DATA_ERRORS lists per certificate what the feed cannot take',
        querystring: exportCpfQuery,
        response: { 200: fileAnswer('application/xml', 'The certification feed (an attachment)') },
      },
    },
    async (request, reply) => {
      const file = await exportCpfFlux(ctx.db, authOf(request).issuer, request.query, {
        publicUrl: ctx.config.publicUrl,
      });
      return reply
        .header('content-type', 'application/xml; charset=utf-8')
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .send(file.body);
    },
  );
}
