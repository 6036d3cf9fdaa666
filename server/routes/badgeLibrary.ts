import { readFile } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BUNDLED_FONTS } from '../../domain/badgeImage/fonts';
import { EXPORT_SIZE, IMAGE_NAME_MAX_LENGTH } from '../../domain/badgeImage/model';
import { modelErrorCode, validateModel } from '../../domain/badgeImage/validate';
import type { Action } from '../../domain/permissions';
import { authOf } from '../auth/guard';
import type { AppContext } from '../context';
import { badRequest, notFound } from '../errors';
import { iconCatalogue } from '../services/badgeLibrary/icons';
import { deleteLibraryImages, libraryDetails, listLibrary, saveLibraryImage } from '../services/badgeLibrary/library';
import { fontFile, renderPng } from '../services/badgeLibrary/thumbnails';
import {
  fileAnswer,
  fontManifestAnswer,
  iconCatalogueAnswer,
  idAnswer,
  libraryDetailsAnswer,
  libraryListAnswer,
} from './responseSchemas';

const DETAILS_LIMIT = 200;
const ids = z.array(z.number().int().positive()).max(1000);

// the routes' own schemas, built once per process rather than for every app
const badgeLibListQuery = z.object({ models: z.enum(['true', 'false']).optional() });
const badgeLibDetailsBody = z.object({ ids, limit: z.number().int().min(1).max(DETAILS_LIMIT).default(DETAILS_LIMIT) });
const badgeLibModelBody = z.object({
  id: z.union([z.number().int().positive(), z.literal(''), z.null()]).optional(),
  name: z.string().max(1000).describe(`not blank, at most ${IMAGE_NAME_MAX_LENGTH} characters once trimmed`),
  model: z.unknown(),
});
const deleteBadgeLibModelBody = z.object({ ids: ids.min(1) });
const badgeLibModelAnswer = z.object({ deleted: z.number() });
const badgeLibRenderBody = z.object({
  model: z.unknown(),
  size: z.number().int().min(16).max(1024).default(EXPORT_SIZE),
});
const badgeLibRenderAnswer = z.object({ png: z.string().describe('a PNG data URL') });
const badgeLibFontsParams = z.object({ file: z.string().max(100) });

/**
 * The badge image library (spec 002 sections 2.5 and 7): everyone reads it, users who can publish change it, and
 * an issuer only ever reaches its own images. The icon catalogue and the font manifest serve the designer.
 */
export async function badgeLibraryRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const config = (action: Action) => ({ access: { resource: 'badge-images' as const, action } });

  api.get(
    '/api/badge_lib/list',
    {
      config: config('list'),
      schema: {
        summary:
          "The issuer's badge images: a map from id to name and model (`models=false`: name and dates only, what the " +
          'library page needs to lay out its tiles)',
        querystring: badgeLibListQuery,
        response: { 200: libraryListAnswer },
      },
    },
    async (request) => listLibrary(ctx.db, authOf(request).issuer.id, request.query.models !== 'false'),
  );

  api.post(
    '/api/badge_lib/details',
    {
      config: config('show'),
      schema: {
        summary: 'Name, model and PNG thumbnail of some of the issuer’s badge images',
        body: badgeLibDetailsBody,
        response: { 200: libraryDetailsAnswer },
      },
    },
    async (request) => libraryDetails(ctx.db, authOf(request).issuer.id, request.body.ids, request.body.limit),
  );

  api.post(
    '/api/badge_lib/model',
    {
      config: config('edit'),
      schema: {
        summary:
          'Save a badge image (an empty id creates one and answers its id); the name and model are validated as ' +
          'the REST resource /api/badge-images does (the same service)',
        body: badgeLibModelBody,
        response: { 200: idAnswer },
      },
    },
    async (request) => {
      const { id, name, model } = request.body;
      const savedId = await saveLibraryImage(ctx.db, authOf(request).issuer.id, {
        id: typeof id === 'number' ? id : null,
        name,
        model,
      });
      return { id: savedId };
    },
  );

  api.delete(
    '/api/badge_lib/model',
    {
      config: config('delete'),
      schema: {
        summary: 'Delete some of the issuer’s badge images',
        body: deleteBadgeLibModelBody,
        response: { 200: badgeLibModelAnswer },
      },
    },
    async (request) => ({ deleted: await deleteLibraryImages(ctx.db, authOf(request).issuer.id, request.body.ids) }),
  );

  api.post(
    '/api/badge_lib/render',
    {
      config: config('show'),
      schema: {
        summary: 'A model rendered to a PNG (480x480 by default): the image "Add image to badge" hands to the editor',
        body: badgeLibRenderBody,
        response: { 200: badgeLibRenderAnswer },
      },
    },
    async (request) => {
      const check = validateModel(request.body.model);
      if (!check.ok)
        throw badRequest(modelErrorCode(check.errors), 'The badge model is not valid', { errors: check.errors });
      return { png: `data:image/png;base64,${renderPng(check.model, request.body.size).toString('base64')}` };
    },
  );

  api.get(
    '/api/badge_lib/icons',
    {
      config: config('list'),
      schema: {
        summary: 'The icon catalogue: heroicons (outline, solid) and lucide',
        response: { 200: iconCatalogueAnswer },
      },
    },
    async (_request, reply) => reply.header('cache-control', 'private, max-age=86400').send(iconCatalogue()),
  );

  api.get(
    '/api/badge_lib/fonts',
    {
      config: { auth: 'public' },
      schema: { summary: 'The manifest of the fonts bundled for badge texts', response: { 200: fontManifestAnswer } },
    },
    async () =>
      BUNDLED_FONTS.map((family) => ({
        family: family.family,
        faces: family.faces.map((f) => ({ ...f, url: `/api/badge_lib/fonts/${f.file}` })),
      })),
  );

  api.get(
    '/api/badge_lib/fonts/:file',
    {
      config: { auth: 'public' },
      schema: {
        summary: 'A bundled font file',
        params: badgeLibFontsParams,
        response: { 200: fileAnswer('font/ttf', 'The TrueType font file') },
      },
    },
    async (request, reply) => {
      const file = fontFile(request.params.file);
      if (!file) throw notFound('NOT_FOUND', 'No such font');
      return reply
        .type('font/ttf')
        .header('cache-control', 'public, max-age=604800, immutable')
        .send(await readFile(file));
    },
  );
}
