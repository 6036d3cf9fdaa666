import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { authOf } from '../auth/guard';
import type { AppContext } from '../context';
import { listTags, replaceTags } from '../services/templates/tags';
import { tagsConfigBody } from './templateSchemas';

/** Template tags (spec 000 section 2.10, spec 001 section 2): Administrators and Managers only. */
export async function tagRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/issuer/tags',
    { config: { access: { resource: 'template-tags', action: 'list' } }, schema: { summary: "The issuer's tags" } },
    async (request) => listTags(ctx.db, authOf(request).issuer.id),
  );

  api.put(
    '/api/issuer/config',
    {
      config: { access: { resource: 'template-tags', action: 'edit' } },
      schema: {
        summary: "Replace the issuer's tags with the list sent (tags only, for now)",
        body: tagsConfigBody,
      },
    },
    async (request) => replaceTags(ctx.db, authOf(request).issuer.id, request.body.tags),
  );
}
