import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { tagAnswer } from './responseSchemas';
import { authOf } from '../auth/guard';
import type { AppContext } from '../context';
import { listTags } from '../services/templates/tags';

// the routes' own schemas, built once per process rather than for every app
const issuerTagsAnswer = z.array(tagAnswer);

/**
 * Template tags (spec 000 section 2.10, spec 001 section 2): Administrators and Managers only. They are
 * changed through PUT /api/issuer/config, the issuer configuration call (server/routes/issuerProfile.ts).
 */
export async function tagRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/issuer/tags',
    {
      config: { access: { resource: 'template-tags', action: 'list' } },
      schema: {
        summary: "The issuer's tags",
        response: {
          200: issuerTagsAnswer,
        },
      },
    },
    async (request) => listTags(ctx.db, authOf(request).issuer.id),
  );
}
