import { createRequire } from 'node:module';
import type pg from 'pg';
import type PgBoss from 'pg-boss';
import { markDriverError, rethrowAsDriverError } from './driverErrors';

const require = createRequire(import.meta.url);
let driver: typeof pg | null = null;
let boss: typeof PgBoss | null = null;

/**
 * node-postgres, loaded when a PostgreSQL URL is first opened: a server on SQLite never holds it (issue 16
 * point 5: ≈ 15 MB of a server's memory). Synchronous, as openDatabase is.
 */
export function postgresDriver(): typeof pg {
  driver ??= require('pg') as typeof pg;
  return driver;
}

/** pg-boss (which loads node-postgres), loaded when the PostgreSQL job queue is made, never on SQLite. */
export function pgBossClass(): typeof PgBoss {
  boss ??= require('pg-boss') as typeof PgBoss;
  return boss;
}

let marked: { Pool: typeof pg.Pool; Client: typeof pg.Client } | null = null;

/**
 * node-postgres's Pool and Client, with every error they raise marked as the database's (server/db/driverErrors.ts):
 * a failed connect (refused, timed out, the pool's own "timeout exceeded when trying to connect") and a failed
 * query, in both the promise form (Kysely) and the callback form (Pool.query: the rate limits, pg-boss).
 */
function markedDriver(): { Pool: typeof pg.Pool; Client: typeof pg.Client } {
  if (marked) return marked;
  const { Pool, Client } = postgresDriver();
  const connectClient = Client.prototype.connect;
  const query = Client.prototype.query;
  const connectPool = Pool.prototype.connect;

  class MarkedClient extends Client {}
  MarkedClient.prototype.connect = function (this: pg.Client, callback?: (error: Error | null) => void) {
    if (typeof callback === 'function') {
      return connectClient.call(this, (error: Error | null) => callback(markDriverError(error)));
    }
    return (connectClient as () => Promise<unknown>).call(this).catch(rethrowAsDriverError);
  } as typeof connectClient;
  MarkedClient.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const last = args.length - 1;
    const callback = args[last];
    if (typeof callback === 'function') {
      args[last] = (error: Error | null, result: unknown) => (callback as Callback)(markDriverError(error), result);
      return (query as Variadic).apply(this, args);
    }
    const result = (query as Variadic).apply(this, args);
    return result instanceof Promise ? result.catch(rethrowAsDriverError) : result;
  } as typeof query;

  class MarkedPool extends Pool {
    constructor(config: pg.PoolConfig = {}) {
      super({ ...config, Client: MarkedClient });
    }
  }
  MarkedPool.prototype.connect = function (this: pg.Pool, callback?: PoolCallback) {
    if (typeof callback === 'function') {
      return connectPool.call(this, (error, client, done) => callback(markDriverError(error), client, done));
    }
    return (connectPool as () => Promise<unknown>).call(this).catch(rethrowAsDriverError);
  } as typeof connectPool;

  marked = { Pool: MarkedPool, Client: MarkedClient };
  return marked;
}

type Callback = (error: Error | null, result: unknown) => void;
type Variadic = (...args: unknown[]) => unknown;
type PoolCallback = (
  error: Error | undefined,
  client: pg.PoolClient | undefined,
  done: (release?: unknown) => void,
) => void;

/** A node-postgres pool whose errors are marked as the database's: use it for every pool of the server. */
export function postgresPool(config: pg.PoolConfig): pg.Pool {
  return new (markedDriver().Pool)(config);
}

/** The Client class of postgresPool, for a pool made by a library (pg-boss's `Client` option). */
export function postgresClientClass(): typeof pg.Client {
  return markedDriver().Client;
}
