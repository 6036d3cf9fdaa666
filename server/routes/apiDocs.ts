import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { z } from 'zod';

/**
 * The shape of every error answer (server/app.ts's error handler, the guard, the not-found handler): a stable
 * `code` and an English `message`, sometimes with details (`issues` of a validation error, `issuers` of
 * CHOOSE_ISSUER…). Loose, so details are kept as they are.
 */
export const apiErrorSchema = z
  .looseObject({ code: z.string(), message: z.string() })
  .meta({ id: 'ApiError', description: 'An error: a stable code, an English message and optional details' });

/**
 * Every route that declares schemas also declares the shared error shape for 4xx and 5xx answers (unless it
 * declares a more precise one), so the OpenAPI document and the generated web-app types describe errors once.
 * Registered before the routes (an onRoute hook only sees routes added after it).
 */
export function registerErrorResponses(app: FastifyInstance): void {
  app.addHook('onRoute', (route: RouteOptions) => {
    const schema = route.schema as (RouteOptions['schema'] & { hide?: boolean; response?: object }) | undefined;
    if (!schema || schema.hide) return;
    const response = { ...(schema.response ?? {}) } as Record<string, unknown>;
    for (const range of ['4xx', '5xx']) {
      if (!(range in response)) {
        response[range] = apiErrorSchema;
      }
    }
    schema.response = response;
  });
}

/**
 * The API's contract, readable without signing in (integrators with an API key read it): the OpenAPI document at
 * GET /api/openapi.json and a reference page at GET /api/docs (Swagger UI, its own script files only, so it runs
 * under the web app's Content-Security-Policy: server/security/webAppPolicy.ts).
 */
export async function apiDocsRoutes(app: FastifyInstance): Promise<void> {
  app.get('/api/openapi.json', { config: { auth: 'public' }, schema: { hide: true } }, async (_request, reply) =>
    reply.type('application/json; charset=utf-8').send(JSON.stringify(app.swagger())),
  );
  await app.register(async (docs) => {
    docs.addHook('onRoute', (route: RouteOptions) => {
      route.config = { ...(route.config as object), auth: 'public' } as RouteOptions['config'];
    });
    await docs.register(swaggerUi, {
      routePrefix: '/api/docs',
      uiConfig: { deepLinking: true, docExpansion: 'list' },
      validatorUrl: false,
      staticCSP: false,
    });
  });
}
