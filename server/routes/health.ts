import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../context';
import { faultCounts, processStopping } from '../processSafetyNet';

// the answers' schemas, built once per process rather than for every app
const healthUp = z.object({ ok: z.literal(true), database: z.literal('up') });
const healthDown = z.object({ ok: z.literal(false), database: z.literal('down'), since: z.string().nullable() });
const upDown = z.enum(['up', 'down']);
const readiness = z.object({
  ok: z.boolean(),
  database: upDown,
  queue: upDown,
  /** web, worker or all (LAUREL_ROLE) */
  role: z.enum(['web', 'worker', 'all']),
  /** whether this process runs the background jobs */
  jobs: z.boolean(),
  /** whether this process is stopping (a signal, or a fault that left it unsafe): it takes no new requests */
  stopping: z.boolean(),
  /** the rejections nobody handled and the exceptions nobody caught since this process started */
  faults: z.object({ unhandledRejections: z.number().int(), uncaughtExceptions: z.number().int() }),
});

/**
 * GET /api/health (liveness): 200 { ok: true, database: 'up' } when the database answers a probe, 503
 * { ok: false, database: 'down', since } while it cannot be reached (a restart, a failover). Load balancers and
 * the operator read it; the process itself stays up and recovers on its own (server/db/databaseHealth.ts).
 *
 * GET /api/ready (readiness): whether this process should be given work — the database answers and the job
 * queue hands out work; 503 while either is down and once a graceful shutdown began (SIGTERM, or a fault that left
 * the process unsafe), so that a load balancer stops sending requests before the process ends. It also counts the
 * faults the process met (server/processSafetyNet.ts). Both answer on every role (LAUREL_ROLE).
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
          200: healthUp,
          503: healthDown,
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

  app.get(
    '/api/ready',
    {
      config: { auth: 'public' },
      schema: {
        summary: 'Whether this process is ready for work: its database and its job queue answer',
        response: { 200: readiness, 503: readiness },
      },
    },
    async (_request, reply) => {
      const stopping = processStopping();
      const database = await databaseHealth.check();
      const queue = database && (await ctx.jobs.ready());
      const body = {
        ok: database && queue && !stopping,
        database: database ? ('up' as const) : ('down' as const),
        queue: queue ? ('up' as const) : ('down' as const),
        role: ctx.config.role,
        jobs: ctx.jobs.working,
        stopping,
        faults: faultCounts(),
      };
      return reply.code(body.ok ? 200 : 503).send(body);
    },
  );
}
