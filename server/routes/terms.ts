import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sessionOf } from '../auth/guard';
import type { AppContext } from '../context';
import { badRequest } from '../errors';
import { setAcceptances } from '../repositories/users';

const acceptance = z.object({ terms: z.boolean().optional(), gprd: z.boolean().optional() }).strict();
const acceptances = z.object({ okCGU: z.boolean(), okNotice: z.boolean() });
const access = { access: { resource: 'terms' as const, action: 'edit' as const } };

// the routes' own schemas, built once per process rather than for every app
const gprdBody = z.object({ gprd: z.boolean() }).strict();

/**
 * The signed-in user's acceptance of the terms of service and of the data-protection notice (spec 000
 * section 7: PUT /admin/terms and /admin/gprd, acceptance booleans, each optional). Only people accept terms:
 * an API key is refused.
 */
export async function termsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { db } = ctx;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.put(
    '/api/admin/terms',
    {
      config: access,
      schema: {
        summary: 'Record the acceptance of the terms and/or the data-protection notice',
        body: acceptance,
        response: { 200: acceptances },
      },
    },
    async (request) => {
      const { terms, gprd } = request.body;
      if (terms === undefined && gprd === undefined) throw badRequest('NOTHING_TO_RECORD', 'Give terms or gprd');
      return setAcceptances(db, sessionOf(request).user.id, { terms, gprd });
    },
  );

  api.put(
    '/api/admin/gprd',
    {
      config: access,
      schema: {
        summary: 'Record the acceptance of the data-protection notice',
        body: gprdBody,
        response: { 200: acceptances },
      },
    },
    async (request) => setAcceptances(db, sessionOf(request).user.id, { gprd: request.body.gprd }),
  );
}
