import { CompiledQuery, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compiledOnce } from '../../server/db/compiledOnce';
import { committedVersion } from '../../server/repositories/certificates';
import { directReader } from '../../server/db/directReads';
import type { Database } from '../../server/db/schema';
import { createTestApp, TEST_DATABASES, type TestApp } from './testApp';

const issuerName = compiledOnce(
  (db: Kysely<Database>, id: number) => db.selectFrom('issuers').select(['id', 'name']).where('id', '=', id),
  [1],
);

/** The public page's hot reads (server/db/compiledOnce.ts): on SQLite they skip Kysely's executor. */
describe.each(TEST_DATABASES)('reads compiled once, on %s', (database) => {
  let t: TestApp;
  let db: Kysely<Database>;
  let issuer: { id: number; name: string };

  beforeAll(async () => {
    t = await createTestApp(database);
    db = t.app.laurel.db;
    issuer = await db.selectFrom('issuers').select(['id', 'name']).orderBy('id').executeTakeFirstOrThrow();
  });
  afterAll(() => t.close());

  it('answers what the executor answers, straight from the read-only connection on SQLite only', async () => {
    expect(await issuerName(db, issuer.id)).toEqual([issuer]);
    expect(await issuerName(db, issuer.id + 1000)).toEqual([]);
    expect(directReader(db) !== undefined).toBe(database === 'sqlite');
  });

  it("sees a transaction's own writes inside it, and only the committed state outside it", async () => {
    await db.transaction().execute(async (trx) => {
      await trx.updateTable('issuers').set({ name: 'Renamed inside' }).where('id', '=', issuer.id).execute();
      // a transaction is another object: no direct reader, its reads go through its own connection
      expect(directReader(trx)).toBeUndefined();
      expect(await issuerName(trx, issuer.id)).toEqual([{ id: issuer.id, name: 'Renamed inside' }]);
      expect(await issuerName(db, issuer.id)).toEqual([issuer]);
    });
    expect(await issuerName(db, issuer.id)).toEqual([{ id: issuer.id, name: 'Renamed inside' }]);
    await db.updateTable('issuers').set({ name: issuer.name }).where('id', '=', issuer.id).execute();
  });

  it.runIf(database === 'sqlite')('refuses anything but a read on the read-only connection', () => {
    const direct = directReader(db);
    const write = db.updateTable('issuers').set({ name: 'x' }).where('id', '=', issuer.id).compile();
    expect(() => direct?.read(write)).toThrow(/not a read/);
    expect(() => direct?.read(CompiledQuery.raw('delete from issuers'))).toThrow(/not a read/);
  });

  it('gives a committed version that moves with every commit, and only then (none on PostgreSQL)', async () => {
    const before = committedVersion(db);
    if (database === 'postgres') {
      expect(before).toBeUndefined();
      return;
    }
    await db.selectFrom('issuers').select('id').execute();
    expect(committedVersion(db)).toBe(before);
    await db.updateTable('issuers').set({ name: 'Renamed' }).where('id', '=', issuer.id).execute();
    const afterWrite = committedVersion(db);
    expect(afterWrite).not.toBe(before);
    // a transaction moves it at its commit, not before
    await db.transaction().execute(async (trx) => {
      await trx.updateTable('issuers').set({ name: issuer.name }).where('id', '=', issuer.id).execute();
      expect(committedVersion(db)).toBe(afterWrite);
    });
    expect(committedVersion(db)).not.toBe(afterWrite);
  });
});
