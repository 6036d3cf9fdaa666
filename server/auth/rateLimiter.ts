import {
  RateLimiterMemory,
  RateLimiterPostgres,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import { postgresPool } from '../db/postgresDriver';

/** The table RateLimiterPostgres counts in (migration 2026-11-26T0070_rate_limits creates it once). */
export const RATE_LIMIT_TABLE = 'rate_limits';

/**
 * A fixed-window counter per key: the first attempt opens a window of `windowMs`, and attempts beyond `limit` in
 * it are refused. On PostgreSQL the counts live in the database, so every server behind a load balancer counts
 * together (N servers do not allow N times the attempts); on SQLite (one server) they live in this process.
 */
export class RateLimiter {
  constructor(private readonly counter: RateLimiterAbstract) {}

  /** Counts one attempt; false once the key has used up its window. A failing store throws (the request fails). */
  async take(key: string): Promise<boolean> {
    try {
      await this.counter.consume(key, 1);
      return true;
    } catch (outcome) {
      if (outcome instanceof RateLimiterRes) return false;
      throw outcome;
    }
  }
}

/** Makes the limiters of the routes; `name` keeps each limiter's keys apart in the shared table. */
export interface RateLimits {
  limiter(name: string, limit: number, windowMs: number): RateLimiter;
  close(): Promise<void>;
}

/** In this process: SQLite's single server, and the unit tests. */
export function memoryRateLimits(): RateLimits {
  return {
    limiter: (name, limit, windowMs) =>
      new RateLimiter(new RateLimiterMemory({ keyPrefix: name, points: limit, duration: windowMs / 1000 })),
    close: async () => {},
  };
}

/**
 * In PostgreSQL, through a small pool of its own (two connections: a limiter's query is one upsert), so that a
 * burst of sign-ins never waits behind the application's queries for a connection.
 */
export function postgresRateLimits(databaseUrl: string, log: { warn(message: string): void }): RateLimits {
  const pool = postgresPool({ connectionString: databaseUrl, max: 2, connectionTimeoutMillis: 5000 });
  pool.on('error', (error) => log.warn(`PostgreSQL idle connection of the rate limits lost: ${error.message}`));
  return {
    limiter: (name, limit, windowMs) =>
      new RateLimiter(
        new RateLimiterPostgres({
          storeClient: pool,
          storeType: 'pool',
          tableName: RATE_LIMIT_TABLE,
          // created by a migration, run once by one server: two servers creating it at once can collide
          tableCreated: true,
          clearExpiredByTimeout: true,
          keyPrefix: name,
          points: limit,
          duration: windowMs / 1000,
        }),
      ),
    close: () => pool.end(),
  };
}
