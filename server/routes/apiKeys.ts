import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { API_KEY_LEVELS, type ApiKeyRow } from '../../domain/apiKeys';
import type { ProfileId } from '../../domain/roles';
import { hashApiKey, newApiKey } from '../auth/apiKeys';
import { sessionOf } from '../auth/guard';
import type { AppContext } from '../context';
import { AppError } from '../errors';
import { insertApiKey, listApiKeys, revokeApiKey } from '../repositories/apiKeys';

const levels = API_KEY_LEVELS.map((l) => l.level as number);

// the routes' own schemas, built once per process rather than for every app
const apikeyBody = z.object({
  level: z
    .number()
    .int()
    .refine((value) => levels.includes(value), 'unknown level'),
});
const apikeyAnswer201 = z.object({ id: z.number(), token: z.string() });
const apikeysAnswer = z.array(
  z.object({
    id: z.number(),
    level: z.number(),
    createdAt: z.string(),
    createdBy: z.string().nullable(),
    lastUsedAt: z.string().nullable(),
    revokedAt: z.string().nullable(),
  }),
);
const apikeyQuery = z.object({ id: z.coerce.number().int() });
const apikeyAnswer = z.object({ id: z.number() });

/**
 * API keys (spec 000 sections 2.9 and 7): generated, listed and revoked by an Administrator in person;
 * the key itself is shown once and only its hash is kept.
 */
export async function apiKeyRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const config = (action: 'list' | 'create' | 'delete') => ({ access: { resource: 'api-keys' as const, action } });

  api.post(
    '/api/admin/apikey',
    {
      config: config('create'),
      schema: {
        summary: 'Generate an API key with the rights of a level (1 technical/admin, 6 manager, 2 publisher, 3 reader)',
        body: apikeyBody,
        description: 'The key (token) is in this answer once and never again.',
        response: { 201: apikeyAnswer201 },
      },
    },
    async (request, reply) => {
      const { issuer, user } = sessionOf(request);
      const key = await newApiKey(ctx.tokens, issuer.id);
      const id = await insertApiKey(ctx.db, {
        issuerId: issuer.id,
        level: request.body.level,
        keyHash: hashApiKey(key),
        createdBy: user.id,
      });
      return reply.code(201).send({ id, token: key });
    },
  );

  api.get(
    '/api/admin/apikeys',
    {
      config: config('list'),
      schema: {
        summary: "The issuer's API keys (never the keys themselves)",
        response: {
          200: apikeysAnswer,
        },
      },
    },
    async (request) => {
      const rows = await listApiKeys(ctx.db, sessionOf(request).issuer.id);
      return rows.map((row): ApiKeyRow => ({
        id: row.id,
        level: row.level as ProfileId,
        createdAt: row.created_at,
        createdBy: row.created_by,
        lastUsedAt: row.last_used_at,
        revokedAt: row.revoked_at,
      }));
    },
  );

  api.delete(
    '/api/admin/apikey',
    {
      config: config('delete'),
      schema: {
        summary: 'Revoke an API key',
        querystring: apikeyQuery,
        response: { 200: apikeyAnswer },
      },
    },
    async (request) => {
      if (!(await revokeApiKey(ctx.db, sessionOf(request).issuer.id, request.query.id))) {
        throw new AppError(404, 'NOT_FOUND', 'No such active key in your organisation');
      }
      return { id: request.query.id };
    },
  );
}
