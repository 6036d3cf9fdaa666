import { AsyncLocalStorage, AsyncResource } from 'node:async_hooks';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * The process's safety net (issue 27; policy in docs/decisions.md): `unhandledRejection` and `uncaughtException`
 * are logged with the request or background job they came from, and counted (GET /api/ready answers the counts).
 *
 * - An unhandled rejection is a bug (a promise nobody awaited), but it leaves nothing half-done: the code that made
 *   the promise has moved on, and the rejection is all that is lost. It is logged and counted; the process goes on.
 * - An uncaught exception unwound a stack in the middle of whatever it was doing (a callback, an event handler), so
 *   nobody knows what it left half-changed; and an out-of-memory failure means the next allocation may fail
 *   anywhere. Both leave the process unsafe: it stops gracefully (readiness 503 at once, no new requests, those
 *   in flight finish, the running job is released) and exits non-zero, for its supervisor to start a fresh one.
 */

/** What was running when a fault happened: a request (its session once the guard knows it) or a background job. */
export type FaultScope =
  | { request: Pick<FastifyRequest, 'id' | 'method' | 'url'> & { auth?: ScopeAuth | null } }
  | { job: { id: string | number; type: string } };

/** The part of the guard's request.auth a fault's record names: the issuer, and the user of a session. */
interface ScopeAuth {
  kind: 'session' | 'apikey';
  issuer: { id: number };
  user?: { id: number };
}

export type FaultKind = 'unhandledRejection' | 'uncaughtException';

/** carry on: logged and counted; stop: the process is unsafe and stops gracefully with a non-zero status */
export type FaultPolicy = 'carry-on' | 'stop';

/** Out of memory: V8 or Node could not allocate (a buffer, a string, a worker's heap); the next allocation may fail. */
function isOutOfMemory(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (code === 'ERR_MEMORY_ALLOCATION_FAILED' || code === 'ERR_WORKER_OUT_OF_MEMORY') return true;
  return error instanceof RangeError && /allocation failed|out of memory/i.test(error.message);
}

/** Whether the process may go on after this fault (the policy above). */
export function faultPolicy(kind: FaultKind, error: unknown): FaultPolicy {
  if (kind === 'uncaughtException') return 'stop';
  return isOutOfMemory(error) ? 'stop' : 'carry-on';
}

/** The fields a fault's log line carries about where it happened (none when it came from outside any scope). */
export function describeScope(scope: FaultScope | undefined): Record<string, string | number | null> {
  if (!scope) return {};
  if ('job' in scope) return { jobId: String(scope.job.id), jobType: scope.job.type };
  const { request } = scope;
  return {
    requestId: request.id,
    method: request.method,
    url: request.url,
    issuerId: request.auth?.issuer.id ?? null,
    userId: request.auth?.user?.id ?? null,
  };
}

/** The log record of a fault: its kind, what the process does about it, where it happened, and the error itself. */
export function faultRecord(
  kind: FaultKind,
  error: unknown,
  scope: FaultScope | undefined,
): { fault: FaultKind; policy: FaultPolicy; err: unknown } & Record<string, unknown> {
  return { fault: kind, policy: faultPolicy(kind, error), ...describeScope(scope), err: error };
}

/** The scope of the code running now: set per request (registerProcessHooks) and per job (runInJobScope). */
const scopes = new AsyncLocalStorage<FaultScope>();

export function currentFaultScope(): FaultScope | undefined {
  return scopes.getStore();
}

/** Runs a background job's handler within its scope, so that a fault it leaves behind names the job. */
export function runInJobScope<T>(job: { id: string | number; type: string }, run: () => Promise<T>): Promise<T> {
  return scopes.run({ job }, run);
}

/** The faults this process met since it started (GET /api/ready). */
export interface FaultCounts {
  unhandledRejections: number;
  uncaughtExceptions: number;
}

const counts: FaultCounts = { unhandledRejections: 0, uncaughtExceptions: 0 };

export function faultCounts(): FaultCounts {
  return { ...counts };
}

/** Set once this process began to stop (a signal, or a fault that left it unsafe): readiness answers 503. */
let stopping = false;
/** the requests this process is answering, which a stop lets finish */
const inFlight = new Set<FastifyRequest>();
let drained: (() => void) | null = null;

export function processStopping(): boolean {
  return stopping;
}

/**
 * The first step of a graceful stop: readiness answers 503 and new requests 503 with a Retry-After (a balancer or
 * client goes elsewhere or tries again), while the listener stays open. Resolves once the requests in flight have
 * been answered, or after `limitMs`.
 */
export function drainRequests(limitMs: number): Promise<void> {
  stopping = true;
  if (inFlight.size === 0) return Promise.resolve();
  return new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, limitMs);
    timer.unref();
    drained = () => {
      clearTimeout(timer);
      resolve();
    };
  });
}

function settled(request: FastifyRequest): void {
  inFlight.delete(request);
  if (inFlight.size === 0 && drained) {
    drained();
    drained = null;
  }
}

const requestResources = new WeakMap<FastifyRequest, AsyncResource>();
/** the answers that stay open while this process stops: the balancer's probes */
const PROBES = new Set(['/api/ready', '/api/health']);

/**
 * First of all hooks: gives each request its fault scope and counts it in flight; once the process is stopping,
 * answers new requests 503 with a Retry-After (the probes still answer). The scope holds the request itself, so the
 * guard's request.auth (issuer, user) is read when a fault is logged. A body is parsed in stream events outside the
 * request's async context: preValidation enters it again, as @fastify/request-context does.
 */
export function registerProcessHooks(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    if (stopping && !PROBES.has(request.url.split('?')[0])) {
      void reply
        .code(503)
        .header('retry-after', '5')
        .header('connection', 'close')
        .send({ code: 'SHUTTING_DOWN', message: 'This server is restarting; try again shortly' });
      return;
    }
    inFlight.add(request);
    scopes.run({ request }, () => {
      const resource = new AsyncResource('laurel-request');
      requestResources.set(request, resource);
      resource.runInAsyncScope(done);
    });
  });
  app.addHook('preValidation', (request, _reply, done) => {
    const resource = requestResources.get(request);
    if (resource) resource.runInAsyncScope(done);
    else done();
  });
  app.addHook('onResponse', (request, _reply, done) => {
    settled(request);
    done();
  });
  app.addHook('onRequestAbort', (request, done) => {
    settled(request);
    done();
  });
}

export interface SafetyNetOptions {
  log: { error(object: object, message: string): void; fatal(object: object, message: string): void };
  /** the graceful stop (the SIGTERM path, with a non-zero status), at each fault that leaves the process unsafe */
  stop(): void;
}

/**
 * Counts and logs a fault, and starts the graceful stop when it leaves the process unsafe. The process's listeners
 * call it; a test may too (it is what the listeners do, without a real fault in the test runner's process).
 */
export function handleFault(kind: FaultKind, error: unknown, options: SafetyNetOptions): void {
  if (kind === 'uncaughtException') counts.uncaughtExceptions++;
  else counts.unhandledRejections++;
  const record = faultRecord(kind, error, currentFaultScope());
  if (record.policy === 'carry-on') {
    options.log.error(record, `${kind}: logged and counted, the process goes on`);
    return;
  }
  options.log.fatal(record, `${kind}: the process is unsafe and stops`);
  options.stop();
}

/** Installs the net on this process (server/serverProcess.ts, every role). */
export function installProcessSafetyNet(options: SafetyNetOptions): void {
  process.on('unhandledRejection', (reason) => handleFault('unhandledRejection', reason, options));
  process.on('uncaughtException', (error) => handleFault('uncaughtException', error, options));
}
