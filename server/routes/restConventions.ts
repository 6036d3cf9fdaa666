import type { FastifyReply } from 'fastify';
import { z } from 'zod';

/**
 * The list query of ra-data-simple-rest (the web app's mapping of REST-convention resources):
 * `sort=["field","ASC"]`, `range=[0,24]` (first and last index, inclusive), `filter={"field":value}`, each a
 * JSON string. A resource's route module passes the fields it can sort on and the schema of its filter.
 */
export function restListQuery<S extends string, F extends z.ZodType>(sortFields: readonly [S, ...S[]], filter: F) {
  // built once per process for a module's (constant) fields and filter, not again for every app the tests build
  const built = listQueries.get(sortFields)?.get(filter);
  if (built) return built as ReturnType<typeof listQuery<S, F>>;
  const made = listQuery(sortFields, filter);
  listQueries.set(sortFields, (listQueries.get(sortFields) ?? new WeakMap()).set(filter, made));
  return made;
}

const listQueries = new WeakMap<object, WeakMap<z.ZodType, z.ZodType>>();

function listQuery<S extends string, F extends z.ZodType>(sortFields: readonly [S, ...S[]], filter: F) {
  return z.object({
    sort: jsonParam(z.tuple([z.enum(sortFields), z.enum(['ASC', 'DESC'])])).optional(),
    range: jsonParam(
      z
        .tuple([z.number().int().min(0), z.number().int().min(0)])
        .refine(([first, last]) => last >= first && last - first < MAX_PAGE, {
          message: `range: at most ${MAX_PAGE} rows, last index not before the first`,
        }),
    ).optional(),
    filter: jsonParam(filter).optional(),
  });
}

/** The most rows one list call answers. */
export const MAX_PAGE = 500;

function jsonParam<T extends z.ZodType>(schema: T) {
  return z
    .string()
    .max(2000)
    .transform((text, ctx) => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'not JSON' });
        return z.NEVER;
      }
    })
    .pipe(schema);
}

/** The page a range asks for as offset and limit; without a range, the first page. */
export function pageOf(range: [number, number] | undefined, defaultPage = 25): { offset: number; limit: number } {
  if (!range) return { offset: 0, limit: defaultPage };
  return { offset: range[0], limit: range[1] - range[0] + 1 };
}

/**
 * The total for react-admin's pagination: `Content-Range: <resource> <first>-<last>/<total>`, as
 * ra-data-simple-rest reads it (same origin, so no CORS header is needed to expose it).
 */
export function sendContentRange(
  reply: FastifyReply,
  resource: string,
  page: { offset: number; count: number },
  total: number,
): void {
  const last = page.count === 0 ? page.offset : page.offset + page.count - 1;
  reply.header('content-range', `${resource} ${page.offset}-${last}/${total}`);
}

/** An id in a filter: one or several (react-admin's getMany sends `filter={"id":[1,2]}`). */
export const idFilter = z.union([z.number().int().positive(), z.array(z.number().int().positive()).max(MAX_PAGE)]);

export function ids(value: number | number[] | undefined): number[] | undefined {
  return value === undefined ? undefined : Array.isArray(value) ? value : [value];
}
