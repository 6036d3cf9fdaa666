import type { FastifyInstance, HTTPMethods } from 'fastify';

/** One route the server answers: its method and its URL pattern as Fastify holds it (`/api/issuer/:id/all`). */
export interface RouteEntry {
  method: string;
  url: string;
}

const tables = new WeakMap<FastifyInstance, RouteEntry[]>();

/**
 * Records every route registered on `app` from now on (an onRoute hook, inherited by every plugin registered
 * after it), so that tests can enumerate the whole route table: tests/server/routeMatrix.test.ts covers each
 * route with the isolation and rights matrices (issue 17 point 14). HEAD routes Fastify adds beside GET ones are
 * left out: they answer as their GET does.
 */
export function collectRoutes(app: FastifyInstance): void {
  const routes: RouteEntry[] = [];
  tables.set(app, routes);
  app.addHook('onRoute', (route) => {
    const methods: HTTPMethods[] = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) if (method !== 'HEAD') routes.push({ method, url: route.url ?? route.path });
  });
}

/** The routes `collectRoutes` saw on `app`, each once. */
export function routeTable(app: FastifyInstance): RouteEntry[] {
  const seen = new Map<string, RouteEntry>();
  for (const route of tables.get(app) ?? []) seen.set(`${route.method} ${route.url}`, route);
  return [...seen.values()];
}
