import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IMAGE_NAME_MAX_LENGTH } from '../../domain/badgeImage/model';
import type { Action } from '../../domain/permissions';
import { authOf } from '../auth/guard';
import type { AppContext } from '../context';
import {
  createLibraryImage,
  deleteLibraryImage,
  getLibraryImage,
  LIBRARY_SORTS,
  listLibraryPage,
  updateLibraryImage,
} from '../services/badgeLibrary/library';
import { badgeModelAnswer } from './responseSchemas';
import { idFilter, ids, pageOf, restListQuery, sendContentRange } from './restConventions';

const RESOURCE = 'badge-images';

const DEFAULT_SORT = { field: 'createdAt', order: 'DESC' } as const;

const summarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

const imageSchema = summarySchema.extend({ model: badgeModelAnswer });

const filterSchema = z
  .object({
    id: idFilter.optional(),
    q: z.string().max(IMAGE_NAME_MAX_LENGTH).optional(),
  })
  .strict();

/** What create and update send: other fields of the record (id, dates) are ignored, as react-admin sends them back. */
const bodySchema = z.object({
  name: z.string().max(1000).describe(`the image's name: not blank, at most ${IMAGE_NAME_MAX_LENGTH} characters`),
  model: z
    .unknown()
    .describe('a badge model (domain/badgeImage/model.ts), validated as POST /api/badge_lib/model does'),
});

const idParams = z.object({ id: z.coerce.number().int().positive() });

// the routes' own schemas, built once per process rather than for every app
const badgeImageSummariesAnswer = z.array(summarySchema);

/**
 * The badge image library (spec 002 sections 2.5 and 7) on REST conventions, mapped by ra-data-simple-rest (issue
 * 13): GET/POST /api/badge-images, GET/PUT/DELETE /api/badge-images/:id. The same rows, rules and service functions
 * as the spec's badge_lib calls (badgeLibrary.ts), which stay for the spec's API clients; thumbnails, the 480x480
 * render, icons and fonts stay there too. Everyone reads the library, users who can publish change it, and an issuer
 * only ever reaches its own images (another issuer's id answers 404).
 */
export async function badgeImageRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const config = (action: Action) => ({ access: { resource: RESOURCE, action } }) as const;

  api.get(
    `/api/${RESOURCE}`,
    {
      config: config('list'),
      schema: {
        summary: "A page of the issuer's badge images, names and dates (REST conventions, total in Content-Range)",
        description:
          'Query as ra-data-simple-rest sends it: sort=["createdAt","DESC"] (createdAt, updatedAt, name, id; names in ' +
          'a case- and accent-insensitive order), range=[0,23] (at most 500), filter={"q":"weld","id":[1,2]} (q: the ' +
          'name contains the text in any case). The issuer gets the default library the first time it is read.',
        querystring: restListQuery(LIBRARY_SORTS, filterSchema),
        response: { 200: badgeImageSummariesAnswer },
      },
    },
    async (request, reply) => {
      const { sort, range, filter = {} } = request.query;
      const page = pageOf(range);
      const { rows, total } = await listLibraryPage(ctx.db, authOf(request).issuer.id, {
        q: filter.q,
        ids: ids(filter.id),
        sort: sort ? { field: sort[0] as (typeof LIBRARY_SORTS)[number], order: sort[1] } : DEFAULT_SORT,
        ...page,
      });
      sendContentRange(reply, RESOURCE, { offset: page.offset, count: rows.length }, total);
      return rows;
    },
  );

  api.get(
    `/api/${RESOURCE}/:id`,
    {
      config: config('show'),
      schema: {
        summary: 'One of the issuer’s badge images with its model',
        params: idParams,
        response: { 200: imageSchema },
      },
    },
    async (request) => getLibraryImage(ctx.db, authOf(request).issuer.id, request.params.id),
  );

  api.post(
    `/api/${RESOURCE}`,
    {
      config: config('create'),
      schema: {
        summary: 'Create a badge image (name and model validated; its thumbnail drawn) and answer it',
        body: bodySchema,
        response: { 201: imageSchema },
      },
    },
    async (request, reply) => {
      const image = await createLibraryImage(ctx.db, authOf(request).issuer.id, request.body);
      return reply.code(201).send(image);
    },
  );

  api.put(
    `/api/${RESOURCE}/:id`,
    {
      config: config('edit'),
      schema: {
        summary: 'Replace a badge image’s name and model (validated; thumbnail redrawn) and answer it',
        params: idParams,
        body: bodySchema,
        response: { 200: imageSchema },
      },
    },
    async (request) => updateLibraryImage(ctx.db, authOf(request).issuer.id, request.params.id, request.body),
  );

  api.delete(
    `/api/${RESOURCE}/:id`,
    {
      config: config('delete'),
      schema: {
        summary: 'Delete a badge image; answers what it was',
        params: idParams,
        response: { 200: summarySchema },
      },
    },
    async (request) => deleteLibraryImage(ctx.db, authOf(request).issuer.id, request.params.id),
  );
}
