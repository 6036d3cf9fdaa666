import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf } from '../auth/guard';
import type { AppContext } from '../context';
import { saveReferenceTables, templateTables } from '../services/templates/referenceTables';
import { referenceTablesBody } from './templateSchemas';
import { templateTablesAnswer } from './responseSchemas';

// the routes' own schemas, built once per process rather than for every app
const templateTablesQuery = z.object({ templateId: z.coerce.number().int().positive() });

/** The reference table screen's calls (spec 001 sections 2, 5 and 7). */
export async function referenceTableRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/template/tables',
    {
      config: { access: { resource: 'reftables', action: 'show' } },
      schema: {
        summary: 'The template definition read: label, template (its ref_ tables), storage.network, and the edit right',
        querystring: templateTablesQuery,
        response: { 200: templateTablesAnswer },
      },
    },
    async (request) => templateTables(ctx.db, authOf(request), request.query.templateId),
  );

  api.put(
    '/api/template/tables',
    {
      config: { access: { resource: 'reftables', action: 'edit' } },
      schema: {
        summary: "Replace a template's ref_ tables with the entries sent; broken references are refused",
        body: referenceTablesBody,
        response: { 200: templateTablesAnswer },
      },
    },
    async (request) => saveReferenceTables(ctx.db, authOf(request), request.body.templateId, request.body.tables),
  );
}
