import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type LaurelApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { openDatabase } from '../../server/db/connection';
import { DatabaseHealth, isDatabaseUnavailable } from '../../server/db/databaseHealth';
import { postgresPool } from '../../server/db/postgresDriver';
import { freePort, startPgCluster, type PgCluster } from '../support/pgCluster';
import { signInAdmin } from './signIn';
import { badgePayload, postForm, svgLogo } from './templateFixtures';
import { createTestApp, TEST_DATABASES, type TestApp } from './testApp';

/**
 * Issue 27: "the database is unavailable" (503 DATABASE_UNAVAILABLE, and the health state turned down) only for
 * errors a database driver raised. Every other client of the server (SMTP, S3, webhooks, an EVM node) fails with
 * the same socket codes, and used to be answered as the database being down.
 */

/** The error of a real TCP connect to a loopback port nobody listens on. */
async function refusedConnect(): Promise<Error> {
  const port = await freePort();
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.on('error', resolve);
  });
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('the call did not fail');
}

describe('which errors mean the database is unavailable', () => {
  it('not a refused connection of another client, though it has the code a refused database has', async () => {
    const error = await refusedConnect();
    expect((error as { code?: string }).code).toBe('ECONNREFUSED');
    expect(isDatabaseUnavailable(error)).toBe(false);
    // nor anything that only looks like a database's error
    expect(isDatabaseUnavailable(Object.assign(new Error('terminating connection'), { code: '57P01' }))).toBe(false);
    expect(isDatabaseUnavailable(Object.assign(new Error('database is locked'), { code: 'SQLITE_BUSY' }))).toBe(false);
  });

  it('a refused connection of our PostgreSQL pool, through Kysely and through Pool.query (the rate limits)', async () => {
    const port = await freePort();
    const pool = postgresPool({ connectionString: `postgres://postgres@127.0.0.1:${port}/postgres` });
    const db = new Kysely<unknown>({ dialect: new PostgresDialect({ pool }) });
    try {
      const throughKysely = await rejection(sql`select 1`.execute(db));
      expect((throughKysely as { code?: string }).code).toBe('ECONNREFUSED');
      expect(isDatabaseUnavailable(throughKysely)).toBe(true);
      const throughPoolQuery = await rejection(pool.query('select 1'));
      expect(isDatabaseUnavailable(throughPoolQuery)).toBe(true);
    } finally {
      await db.destroy();
    }
  });

  it('SQLite locked by another process past its busy timeout, not a constraint it enforced', () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'laurel-sqlite-busy-'));
    const file = path.join(folder, 'laurel.db');
    const holder = new SQLite(file);
    const other = new SQLite(file);
    try {
      holder.exec('create table t (id integer primary key)');
      other.pragma('busy_timeout = 0');
      holder.exec('begin exclusive');
      let busy: unknown = null;
      try {
        other.prepare('insert into t (id) values (1)').run();
      } catch (error) {
        busy = error;
      }
      expect((busy as { code?: string }).code).toBe('SQLITE_BUSY');
      expect(isDatabaseUnavailable(busy)).toBe(true);
      holder.exec('rollback');

      other.prepare('insert into t (id) values (1)').run();
      let constraint: unknown = null;
      try {
        other.prepare('insert into t (id) values (1)').run();
      } catch (error) {
        constraint = error;
      }
      expect((constraint as { code?: string }).code).toMatch(/^SQLITE_CONSTRAINT/);
      expect(isDatabaseUnavailable(constraint)).toBe(false);
    } finally {
      holder.close();
      other.close();
      fs.rmSync(folder, { recursive: true, force: true });
    }
  });
});

/**
 * S3 pointed at a port nobody listens on: the upload of a logo fails with ECONNREFUSED from the S3 client. That is
 * not the database: no DATABASE_UNAVAILABLE answer, and the health check still says the database is up.
 */
describe.each(TEST_DATABASES)('an unreachable S3 bucket on %s', (database) => {
  let t: TestApp;
  beforeAll(async () => {
    const port = await freePort();
    t = await createTestApp(database, {
      S3_URL: `http://127.0.0.1:${port}`,
      S3_BUCKET: 'laurel',
      S3_ACCESS_KEY_ID: 'test',
      S3_SECRET_ACCESS_KEY: 'test',
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('is answered 503 as the file storage, not the database, with Retry-After, and leaves the database up', async () => {
    const { headers } = await signInAdmin(t.app);
    const before = await t.app.laurel.db.selectFrom('templates').select('id').execute();
    const created = await postForm(t.app, { ...headers, 'accept-language': 'fr' }, badgePayload(), [svgLogo()]);
    expect(created.statusCode, created.body).toBe(503);
    expect(created.json()).toEqual({
      code: 'ERR_STORAGE_UNAVAILABLE',
      message: "Le stockage des fichiers est injoignable : rien n'a été enregistré. Réessayez dans quelques instants.",
    });
    expect(Number(created.headers['retry-after'])).toBeGreaterThan(0);
    // nothing half-made: no template without its logo
    expect(await t.app.laurel.db.selectFrom('templates').select('id').execute()).toEqual(before);
    expect(t.app.laurel.databaseHealth.isDown).toBe(false);
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.json()).toEqual({ ok: true, database: 'up' });
  });
});

/** A real PostgreSQL stopped under a running app: its errors are the database's, answered 503 with Retry-After. */
describe('a stopped PostgreSQL', () => {
  let cluster: PgCluster;
  let app: LaurelApp;
  let headers: Record<string, string>;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'laurel-pg-stopped-'));

  beforeAll(async () => {
    cluster = await startPgCluster();
    app = await buildApp(
      loadConfig({
        DATA_DIR: dataDir,
        DATABASE_URL: cluster.url,
        PUBLIC_URL: 'http://laurel.test',
        WEB_ROOT: 'none',
        LOG_LEVEL: 'silent',
        JOB_POLL_MS: '0',
      }),
      { logger: false },
    );
    headers = (await signInAdmin(app)).headers;
  }, 90_000);

  afterAll(async () => {
    await app?.close();
    cluster?.destroy();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('is the database being unavailable, through a query of ours and through an API call', async () => {
    // a connection of the pool is open when the cluster stops: it is cut (57P01 or "Connection terminated")
    const templates = await app.inject({ method: 'GET', url: '/api/admin/templates', headers });
    expect(templates.statusCode, templates.body).toBe(200);
    cluster.stop('fast');
    try {
      const direct = openDatabase({ databaseUrl: cluster.url, dataDir }, { warn: () => {} });
      try {
        expect(isDatabaseUnavailable(await rejection(sql`select 1`.execute(direct.db)))).toBe(true);
      } finally {
        await direct.close();
      }
      const answer = await app.inject({ method: 'GET', url: '/api/admin/templates', headers });
      expect(answer.statusCode, answer.body).toBe(503);
      expect(answer.json<{ code: string }>().code).toBe('DATABASE_UNAVAILABLE');
      expect(answer.headers['retry-after']).toBeDefined();
      expect(app.laurel.databaseHealth.isDown).toBe(true);
    } finally {
      cluster.start();
    }
    const health = await app.inject({ method: 'GET', url: '/api/health' });
    expect(health.json()).toEqual({ ok: true, database: 'up' });
  }, 60_000);

  it('is probed with back-off while stopped: the outage and the recovery logged once each, no rejection unhandled', async () => {
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    const direct = openDatabase({ databaseUrl: cluster.url, dataDir }, { warn: () => {} });
    const lines: string[] = [];
    const log = {
      warn: (line: string) => lines.push(`warn: ${line}`),
      info: (line: string) => lines.push(`info: ${line}`),
    };
    const health = new DatabaseHealth(direct.db as never, log, { minDelayMs: 5, maxDelayMs: 20 });
    try {
      cluster.stop('fast');
      try {
        expect(health.report(await rejection(sql`select 1`.execute(direct.db)))).toBe(true);
        // a few dozen probes are refused meanwhile (5, 10, then every 20 ms)
        await sleep(600);
        expect(health.isDown).toBe(true);
        expect(lines).toHaveLength(1);
        expect(lines[0]).toMatch(/^warn: database unreachable/);
      } finally {
        cluster.start();
      }
      const deadline = Date.now() + 30_000;
      while (health.isDown && Date.now() < deadline) await sleep(20);
      expect(health.isDown).toBe(false);
      expect(lines).toHaveLength(2);
      expect(lines[1]).toMatch(/^info: database reachable again/);
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
      health.stop();
      await direct.close();
    }
  }, 60_000);
});
