import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../server/db/connection';

/** SQLite only: PostgreSQL has no write-ahead log of the server's to look after. */
describe('the SQLite write-ahead log is copied back off the main thread', () => {
  let handle: DatabaseHandle | null = null;
  let dataDir = '';

  afterEach(async () => {
    await handle?.close();
    handle = null;
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const walFile = () => path.join(dataDir, 'laurel.db-wal');
  const walBytes = () => fs.statSync(walFile()).size;
  /** The log header's checkpoint sequence number (bytes 12–15, big-endian): one more each time the log starts over. */
  const checkpointSequence = () => fs.readFileSync(walFile()).readUInt32BE(12);

  /** About 6 MB of rows in one transaction, as a large publish writes them. */
  async function writeSixMegabytes(db: DatabaseHandle['db'], round: number) {
    await db.transaction().execute(async (trx) => {
      for (let i = 0; i < 60; i += 1)
        await sql`insert into filler (round, body) values (${round}, ${'x'.repeat(100_000)})`.execute(trx);
    });
  }

  it('commits without an automatic checkpoint, and a later large write reuses the log instead of growing it', async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'laurel-wal-'));
    handle = openDatabase({ databaseUrl: null, dataDir });
    const { db } = handle;
    const [setting] = (await sql<{ wal_autocheckpoint: number }>`pragma wal_autocheckpoint`.execute(db)).rows;
    expect(setting.wal_autocheckpoint).toBe(0);
    await sql`create table filler (id integer primary key, round integer, body text)`.execute(db);

    await writeSixMegabytes(db, 1);
    const afterFirst = walBytes();
    expect(afterFirst).toBeGreaterThan(6_000_000);

    // the watcher looks every second; once its thread has copied the log back, the next write starts the log
    // over, which moves the checkpoint sequence number of the log's header on
    const startedAt = checkpointSequence();
    await expect
      .poll(
        async () => {
          await sql`insert into filler (round, body) values (0, 'probe')`.execute(db);
          return checkpointSequence();
        },
        { timeout: 10_000, interval: 300 },
      )
      .not.toBe(startedAt);
    await writeSixMegabytes(db, 2);
    // without the checkpoint the second write would have been appended: twice the first size
    expect(walBytes()).toBeLessThan(afterFirst * 1.2);
    const [count] = (await sql<{ n: number }>`select count(*) as n from filler where round > 0`.execute(db)).rows;
    expect(count.n).toBe(120);
  });
});
