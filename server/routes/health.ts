import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../context';

/**
 * GET /api/health: 200 { ok: true, database: 'up' } when the database answers a probe, 503
 * { ok: false, database: 'down', since } while it cannot be reached (a restart, a failover). Load balancers and
 * the operator read it; the process itself stays up and recovers on its own (server/db/databaseHealth.ts).
 */
export async function healthRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { databaseHealth } = ctx;
  app.get(
    '/api/health',
    {
      config: { auth: 'public' },
      schema: {
        summary: 'Whether the server and its database answer',
        response: {
          200: z.object({ ok: z.literal(true), database: z.literal('up') }),
          503: z.object({ ok: z.literal(false), database: z.literal('down'), since: z.string().nullable() }),
        },
      },
    },
    async (_request, reply) => {
      const up = await databaseHealth.check();
      if (up) return { ok: true, database: 'up' };
      return reply
        .code(503)
        .send({ ok: false, database: 'down', since: databaseHealth.downSince?.toISOString() ?? null });
    },
  );
}
