import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CERTIFICATE_TYPES,
  PATHWAY_LEVELS,
  TEMPLATE_MODES,
  TEMPLATE_SORT_FIELDS,
  type TemplateSortField,
} from '../../domain/templateList';
import { DEFAULT_LANGUAGE, SUPPORTED_LANGUAGES } from '../../domain/language';
import { NAME_MAX_LENGTH } from '../../domain/names';
import { authOf } from '../auth/guard';
import type { AppContext } from '../context';
import { listTemplatePage, templateFacets } from '../services/templates/listPage';
import { templateSummaryAnswer } from './responseSchemas';
import { idFilter, ids, pageOf, restListQuery, sendContentRange } from './restConventions';

const RESOURCE = 'templates';
const DEFAULT_SORT = { field: 'dateCreation', order: 'DESC' } as const;

const statusSchema = z.union([z.literal(1), z.literal(2), z.literal(3)]);

const filterSchema = z
  .object({
    id: idFilter.optional(),
    q: z.string().max(200).optional(),
    status: statusSchema.optional(),
    typeStatus: z
      .object({
        certificate: statusSchema.optional(),
        'micro-certification': statusSchema.optional(),
        cpf: statusSchema.optional(),
      })
      .strict()
      .optional(),
    types: z.array(z.enum(CERTIFICATE_TYPES)).max(CERTIFICATE_TYPES.length).optional(),
    modes: z.array(z.enum(TEMPLATE_MODES)).max(TEMPLATE_MODES.length).optional(),
    levels: z.array(z.enum(PATHWAY_LEVELS)).max(PATHWAY_LEVELS.length).optional(),
    tags: z.array(z.string().min(1).max(NAME_MAX_LENGTH)).max(50).optional(),
  })
  .strict();

/** A template of the list, with the token that opens its page and thumbnail before they are public (a day or two). */
const templateListAnswer = templateSummaryAnswer.extend({ previewToken: z.string() });

const facetsAnswer = z.object({
  count: z.number().int(),
  types: z.array(z.enum(CERTIFICATE_TYPES)),
  modes: z.array(z.enum(TEMPLATE_MODES)),
  pathwayParents: z.boolean(),
  tags: z.array(z.string()),
});

// the routes' own schemas, built once per process rather than for every app
const templateListQuery = restListQuery(TEMPLATE_SORT_FIELDS, filterSchema).extend({
  language: z.enum(SUPPORTED_LANGUAGES).optional(),
});
const templateListPageAnswer = z.array(templateListAnswer);

/**
 * The templates page's list on REST conventions (issue 13): GET /api/templates pages, sorts and filters the
 * caller's templates on the server, total in `Content-Range`; GET /api/templates/facets tells what the filter
 * drawer offers. The spec's GET /api/admin/templates (the whole list) stays as it is for API clients. Same rights
 * as that call (every signed-in user of the issuer, API keys included); only the caller's issuer is ever read.
 */
export async function templateListRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const access = { access: { resource: 'templates' as const, action: 'list' as const } };

  api.get(
    `/api/${RESOURCE}`,
    {
      config: access,
      schema: {
        summary: "A page of the issuer's templates, filtered and sorted (REST conventions, total in Content-Range)",
        description:
          'Query as ra-data-simple-rest sends it: sort=["dateCreation","DESC"] (dateCreation, label, lastCampaignDate, certificationCounter, id; templates never used come last by lastCampaignDate either way), range=[0,23] (at most 500 rows), filter={"q":"data","status":1,"typeStatus":{"cpf":3},"types":["micro-certification"],"modes":["NFT"],"levels":["parent"],"tags":["STEM"],"id":[1,2]}. q searches every language of the label, the id and the notes; status 1 active, 2 inactive, 3 all (absent: all), typeStatus overrides it for one certificate type (certificate, micro-certification, cpf); types, modes and levels keep a template matching any chosen value; tags keep a template carrying every named active tag. language (en, fr, es) is the language labels sort in. Each template carries previewToken: /template/{issuerId}&{id}?preview={previewToken} (and its thumbnail.svg) shows it before it is public; the token is the same all day and valid until the end of the next UTC day.',
        querystring: templateListQuery,
        response: { 200: templateListPageAnswer },
      },
    },
    async (request, reply) => {
      const { sort, range, filter = {}, language = DEFAULT_LANGUAGE } = request.query;
      const page = pageOf(range);
      const issuerId = authOf(request).issuer.id;
      const { rows, total } = await listTemplatePage(ctx.db, issuerId, {
        filter: { ...filter, id: ids(filter.id) },
        sort: sort ? { field: sort[0] as TemplateSortField, order: sort[1] } : DEFAULT_SORT,
        language,
        ...page,
      });
      sendContentRange(reply, RESOURCE, { offset: page.offset, count: rows.length }, total);
      // only the caller's issuer's templates are listed, so only they get a token
      return rows.map((row) => ({ ...row, previewToken: ctx.previews.make(issuerId, row.id) }));
    },
  );

  api.get(
    `/api/${RESOURCE}/facets`,
    {
      config: access,
      schema: {
        summary: "What the templates page's filter drawer offers: the issuer's template count, types, modes, tags",
        response: { 200: facetsAnswer },
      },
    },
    async (request) => templateFacets(ctx.db, authOf(request).issuer.id),
  );
}
