import type { Kysely } from 'kysely';

/**
 * The counters of the sign-in, contact and document limits when several servers share one PostgreSQL
 * (server/auth/rateLimiter.ts, rate-limiter-flexible's RateLimiterPostgres): key = limiter name and key, points
 * used in the window, window end in epoch milliseconds. Created here, once, rather than by the library at each
 * start, where two servers starting together can collide. SQLite keeps its counters in memory (one server), so
 * the table stays empty there. `key` is text: a limiter name plus an e-mail address can pass 255 characters.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('rate_limits')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('points', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expire', 'bigint')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('rate_limits').execute();
}
