import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CREDIT_OPERATION_KINDS,
  CREDIT_OPERATION_SORTS,
  creditOperationKind,
  type CreditOperationRecord,
} from '../../domain/creditOperations';
import { authOf } from '../auth/guard';
import type { AppContext } from '../context';
import { notFound } from '../errors';
import { findCreditOperation, listCreditOperations } from '../repositories/creditOperations';
import { idFilter, ids, pageOf, restListQuery, sendContentRange } from './restConventions';

const RESOURCE = 'credit-operations';

const DEFAULT_SORT = { field: 'operation_date', order: 'DESC' } as const;

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

const kindSchema = z.enum(CREDIT_OPERATION_KINDS);

const creditOperationSchema = z.object({
  id: z.number().int(),
  operation_date: z.string(),
  credits: z.number().int(),
  reason: z.string(),
  kind: kindSchema,
  campaign_id: z.number().int().nullable(),
});

const filterSchema = z
  .object({
    id: idFilter.optional(),
    kind: kindSchema.optional(),
    operation_date_gte: isoDate.optional(),
    operation_date_lte: isoDate.optional(),
  })
  .strict();

function record(row: { id: number; operation_date: string; credits: number; reason: string }): CreditOperationRecord {
  return { ...row, ...creditOperationKind(row.credits, row.reason) };
}

// the routes' own schemas, built once per process rather than for every app
const creditOperationsAnswer = z.array(creditOperationSchema);
const creditOperationParams = z.object({ id: z.coerce.number().int().positive() });

/**
 * The issuer's credit log (spec 000 section 2.14) on REST conventions, read-only: GET /api/credit-operations
 * with `Content-Range`, and GET /api/credit-operations/:id. Every signed-in user of the issuer reads it; rows of
 * other issuers are never listed and answer 404 by id. docs/extending.md walks through this module.
 */
export async function creditOperationRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    `/api/${RESOURCE}`,
    {
      config: { access: { resource: RESOURCE, action: 'list' } },
      schema: {
        summary: "The issuer's credit operations, newest first (REST conventions, total in Content-Range)",
        description:
          'Query as ra-data-simple-rest sends it: sort=["operation_date","DESC"] (operation_date, credits, id), range=[0,24] (at most 500 rows), filter={"kind":"publication","operation_date_gte":"2026-01-01","operation_date_lte":"2026-12-31","id":[1,2]}. kind is addition (credits > 0), publication (a debit for campaign_id) or expiration.',
        querystring: restListQuery(CREDIT_OPERATION_SORTS, filterSchema),
        response: { 200: creditOperationsAnswer },
      },
    },
    async (request, reply) => {
      const { sort, range, filter = {} } = request.query;
      const page = pageOf(range);
      const { rows, total } = await listCreditOperations(ctx.db, authOf(request).issuer.id, {
        filter: {
          ids: ids(filter.id),
          kind: filter.kind,
          since: filter.operation_date_gte,
          until: filter.operation_date_lte,
        },
        sort: sort ? { field: sort[0] as (typeof CREDIT_OPERATION_SORTS)[number], order: sort[1] } : DEFAULT_SORT,
        ...page,
      });
      sendContentRange(reply, RESOURCE, { offset: page.offset, count: rows.length }, total);
      return rows.map(record);
    },
  );

  api.get(
    `/api/${RESOURCE}/:id`,
    {
      config: { access: { resource: RESOURCE, action: 'show' } },
      schema: {
        summary: 'One credit operation of the issuer',
        params: creditOperationParams,
        response: { 200: creditOperationSchema },
      },
    },
    async (request) => {
      const row = await findCreditOperation(ctx.db, authOf(request).issuer.id, request.params.id);
      if (!row) throw notFound('CREDIT_OPERATION_NOT_FOUND', 'No such credit operation');
      return record(row);
    },
  );
}
