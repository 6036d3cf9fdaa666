import swagger from '@fastify/swagger';
import { DailyActivityRecorder } from './services/activity/recorder';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import { registerGuard } from './auth/guard';
import { memoryRateLimits, postgresRateLimits } from './auth/rateLimiter';
import { SessionTokens } from './auth/sessionTokens';
import { fastifyTrustProxy, type Config } from './config';
import type { AppContext } from './context';
import { openDatabase } from './db/connection';
import { DatabaseHealth } from './db/databaseHealth';
import { migrateToLatest } from './db/migrate';
import { seedFirstRun } from './services/issuers/seedFirstRun';
import { AppError, isStorageFull, isStorageUnavailable, STORAGE_FULL, STORAGE_UNAVAILABLE } from './errors';
import { requestLanguage, translate } from './i18n';
import { registerProcessHooks } from './processSafetyNet';
import { collectRoutes } from './routeTable';
import { registerErrorResponses } from './routes/apiDocs';
import { registerRoutes } from './routes';
import { createJobQueue } from './services/jobs/jobs';
import { registerEmailJobs } from './services/emailing/sendEmails';
import { registerPublicationJobs } from './services/publication/followUp';
import type { LedgerChain } from './services/ledger/chain';
import { createMailer } from './services/mail/mailer';
import { registerMailJobs } from './services/mail/mailQueue';
import { registerExpiryJobs, startExpirySweeps } from './services/expiry/reminders';
import { createFileStore } from './services/files/fileStore';
import { registerWebhookJobs } from './services/webhooks/notify';
import { TEMPLATE_PREVIEW_PURPOSE, templatePreviews } from './services/templates/previewToken';
import { registerWebApp } from './webApp';
import { registerWebAppPolicy } from './security/webAppPolicy';
import { registerSlicedJsonParser } from './slicedJson';

export interface LaurelApp extends FastifyInstance {
  laurel: AppContext;
}

/** What a 503 for an unreachable database asks the client to wait before trying again (a restart takes seconds). */
export const DATABASE_RETRY_AFTER_SECONDS = 5;
/** The code of a request that failed because the server was closing under it (503, Retry-After). */
export const SERVER_STOPPING = 'SERVER_STOPPING';

/** Builds the whole server (database, migrations, first-run seed, routes) without listening. */
export async function buildApp(
  config: Config,
  options: {
    logger?: FastifyServerOptions['logger'];
    /** the EVM chain to anchor on instead of the one NFT_RPC_URL configures (tests: an in-process chain) */
    chain?: LedgerChain | null;
  } = {},
): Promise<LaurelApp> {
  const app = Fastify({
    logger: options.logger ?? { level: config.logLevel },
    // TRUST_PROXY: off by default, so X-Forwarded-For cannot choose the client address the rate limits count
    trustProxy: fastifyTrustProxy(config.trustProxy),
    bodyLimit: 10 * 1024 * 1024,
    // certificate keys (128 characters) are path parameters: /certificate/{key}
    routerOptions: { maxParamLength: 256 },
  });
  // first of all hooks: each request's fault scope (server/processSafetyNet.ts), and the 503s of a stopping process
  registerProcessHooks(app);
  collectRoutes(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerSlicedJsonParser(app);
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  const { db, dialect, close } = openDatabase(config, { warn: (message) => app.log.warn(message) });
  const databaseHealth = new DatabaseHealth(db as never, app.log, { probeTimeoutMs: config.databaseProbeTimeoutMs });
  await migrateToLatest(db);
  if (await seedFirstRun(db, config)) {
    app.log.info({ email: config.adminEmail }, 'first run: created the first issuer and its Administrator');
  }
  const tokens = await SessionTokens.create({
    db,
    configuredSecret: config.jwtSecret,
    tokenIssuer: config.publicUrl,
    ttlSeconds: config.sessionTtlSeconds,
  });
  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, db, log: app.log as never });
  // LAUREL_ROLE: a web process only enqueues; worker and all take jobs (server/services/jobs/jobs.ts)
  const jobs = createJobQueue(db, app.log, {
    pollMs: config.jobPollMs,
    work: config.role !== 'web',
    leaseSeconds: config.jobLeaseSeconds,
    stopGraceMs: config.jobStopGraceSeconds * 1000,
    // on PostgreSQL the queue is pg-boss (its schema pgboss in the same database)
    databaseUrl: config.databaseUrl,
  });
  const files = createFileStore(config);
  const limits = config.databaseUrl
    ? postgresRateLimits(config.databaseUrl, { warn: (message) => app.log.warn(message) })
    : memoryRateLimits();
  // NFT_RPC_URL: NFT certificates are anchored on that EVM chain too (server/services/ledger/evm/evmChain.ts)
  // viem (the EVM adapter's library, ~10 MB of heap) is loaded only by a server anchoring on a chain
  const chain =
    options.chain !== undefined
      ? options.chain
      : config.nft
        ? (await import('./services/ledger/evm/evmChain')).evmChainFromSettings(config.nft)
        : null;
  const previews = templatePreviews(tokens.derivedKey(TEMPLATE_PREVIEW_PURPOSE));
  const activity = new DailyActivityRecorder(db, config.publicUrl, app.log);
  const ctx: AppContext = {
    config,
    db,
    dialect,
    tokens,
    mailer,
    jobs,
    databaseHealth,
    files,
    limits,
    chain,
    previews,
    activity,
  };
  app.decorate('laurel', ctx);
  if (config.role === 'worker') {
    // a worker process runs the jobs and answers only its liveness and readiness
    app.addHook('onRequest', async (request, reply) => {
      const url = request.url.split('?')[0];
      if (url !== '/api/health' && url !== '/api/ready') {
        return reply.code(404).send({ code: 'NOT_FOUND', message: 'This process only runs background jobs' });
      }
    });
  }
  // Set when the app starts closing: a request still running then (past the drain's limit, or a test's app closed
  // under it) meets a database, a queue or a store being closed, and fails with whatever they raise
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onClose', async () => {
    closing = true;
    databaseHealth.stop();
    await jobs.stop();
    mailer.close();
    files.close();
    await limits.close();
    await chain?.close();
    await activity.settled();
    await close();
  });

  app.setErrorHandler((error, request, reply) => {
    if (error instanceof AppError) {
      return reply.code(error.statusCode).send({ code: error.code, message: error.message, ...error.details });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply.code(400).send({
        code: 'VALIDATION_ERROR',
        message: 'The request is not valid',
        issues: error.validation.map((v) => ({ path: v.instancePath, message: v.message })),
      });
    }
    const status = (error as { statusCode?: number }).statusCode ?? 500;
    if (status < 500) {
      return reply
        .code(status)
        .send({ code: (error as { code?: string }).code ?? 'BAD_REQUEST', message: (error as Error).message });
    }
    if (isStorageFull(error)) {
      // DATA_DIR's disk (files, or the SQLite database) is full: nothing was kept (files are written to a
      // temporary name first, the database rolled back), so the caller may try again once room is made
      request.log.error({ err: error }, 'storage full');
      return reply
        .code(507)
        .send({ code: STORAGE_FULL, message: translate(requestLanguage(request), 'serverErrors.storageFull') });
    }
    if (isStorageUnavailable(error)) {
      request.log.warn({ err: error }, 'object store unreachable');
      return reply
        .code(503)
        .header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
        .send({
          code: STORAGE_UNAVAILABLE,
          message: translate(requestLanguage(request), 'serverErrors.storageUnavailable'),
        });
    }
    if (databaseHealth.report(error)) {
      request.log.warn({ err: error }, 'database unreachable');
      // Retry-After: the answer is temporary (a restart, a failover); clients and load balancers wait and retry
      return reply
        .code(503)
        .header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
        .send({
          code: 'DATABASE_UNAVAILABLE',
          message: translate(requestLanguage(request), 'serverErrors.databaseUnavailable'),
        });
    }
    if (closing) {
      // not a fault of the request: the server is going away under it; the client tries again (another server, or
      // this one restarted). Seen as a 500 "driver has already been destroyed" when a test's app closed under it.
      request.log.warn({ err: error }, 'request failed while the server closes');
      return reply
        .code(503)
        .header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
        .send({
          code: SERVER_STOPPING,
          message: translate(requestLanguage(request), 'serverErrors.serverStopping'),
        });
    }
    request.log.error(error);
    return reply.code(500).send({ code: 'INTERNAL_ERROR', message: 'Something went wrong on our side' });
  });

  await app.register(swagger, {
    openapi: {
      info: { title: 'Laurel API', version: '0.1.0' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    transform: jsonSchemaTransform,
    // schemas with a .meta({ id }) (the shared ApiError…) become #/components/schemas entries
    transformObject: jsonSchemaTransformObject,
  });
  registerGuard(app, db, tokens);
  // a callback hook: an async one would make two promises for every answer (the public page counts them)
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'same-origin');
    reply.header('x-frame-options', 'DENY');
    // API answers carry personal data and tokens: never kept by a cache
    if (request.url.startsWith('/api/')) reply.header('cache-control', 'no-store');
    done(null, payload);
  });

  registerWebAppPolicy(app);
  registerErrorResponses(app);
  await registerRoutes(app, ctx);

  registerWebApp(app, config.webRoot);
  registerPublicationJobs(ctx);
  registerEmailJobs(ctx);
  registerMailJobs(ctx, app.log);
  registerWebhookJobs(ctx);
  registerExpiryJobs(ctx);
  await jobs.start();
  // the daily expiry sweep queues its next run itself; a polling worker queues the first (tests sweep by hand)
  if (jobs.working && config.jobPollMs > 0) await startExpirySweeps(ctx);
  return app as unknown as LaurelApp;
}
