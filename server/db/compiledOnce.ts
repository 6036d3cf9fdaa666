import type { Compilable, CompiledQuery, Kysely } from 'kysely';
import { sliceOver, yieldNow } from '../eventLoop';
import { directReader } from './directReads';

/**
 * A read on a hot path (the public certificate page), built and compiled by Kysely once per database with sample
 * values; each call sends the same SQL with its own values. Building and compiling the two queries of a page was
 * ~8 % of its CPU at 50 connections (issue 16 point 5). The sample values must be distinct: the compiled query must
 * carry exactly them, in the order of `args`, or the first call throws. On SQLite the read skips Kysely's executor
 * (server/db/directReads.ts).
 */
export function compiledOnce<DB, Args extends readonly (string | number)[], Row>(
  build: (db: Kysely<DB>, ...args: Args) => Compilable<Row>,
  sample: Args,
): (db: Kysely<DB>, ...args: Args) => Promise<Row[]> {
  const compiled = new WeakMap<Kysely<DB>, CompiledQuery<Row>>();
  return async (db, ...args) => {
    let query = compiled.get(db);
    if (!query) {
      query = build(db, ...sample).compile();
      const sameOrder =
        query.parameters.length === sample.length && sample.every((value, i) => query?.parameters[i] === value);
      if (!sameOrder) throw new Error(`compiledOnce: the query's parameters are not the sample in order: ${query.sql}`);
      compiled.set(db, query);
    }
    const direct = directReader(db);
    if (direct) {
      // SQLite's root object: the read-only connection answers at once (server/db/directReads.ts)
      if (sliceOver()) await yieldNow();
      return direct.read({ ...query, parameters: args }) as Row[];
    }
    const { rows } = await db.executeQuery<Row>({ ...query, parameters: args });
    return rows;
  };
}
