import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { compiledServerFile } from './compiledServer';
import { signInAdmin } from './signIn';
import { createBadgeTemplate, publishRows, recipientRows } from './publicationFixtures';
import { createTestApp, TEST_DATABASES, type TestApp } from './testApp';

/**
 * Issue 16 point 5: a server answering public pages holds no more than it needs. The libraries only some routes
 * use (signing and verifying, PDFs, archives, images, S3, SMTP, and PostgreSQL's driver on SQLite) are loaded by
 * those routes, not at start: a process that starts and answers a certificate page has none of them.
 */
const HEAVY = [
  'jsonld',
  'rdf-canonize',
  'pdf-lib',
  '@pdf-lib/fontkit',
  'jszip',
  '@resvg/resvg-js',
  '@aws-sdk/client-s3',
  'nodemailer',
];

const ROOT = path.resolve(import.meta.dirname, '..', '..');

describe.each(TEST_DATABASES)('the libraries a server on %s loads', (database) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(database);
  });
  afterEach(async () => {
    await t.close();
  });

  it('at start and for a certificate page are not the signing, PDF, archive, image, S3 or SMTP ones', async () => {
    const { headers } = await signInAdmin(t.app);
    const templateId = await createBadgeTemplate(t.app, headers);
    const published = await publishRows(t.app, headers, templateId, recipientRows(1));
    expect(published.statusCode, published.body).toBe(200);
    await t.app.laurel.jobs.runUntilIdle();
    const { key } = await t.app.laurel.db.selectFrom('certificates').select('key').executeTakeFirstOrThrow();

    // another process on the same database, as a freshly started server: the bundle `npm start` runs (built once
    // for the run with this probe as an extra entry, tests/server/compiledServerSetup.ts), where the routes' lazy
    // `await import(…)` are chunks of their own, loaded as under tsx, and the packages stay in node_modules
    const { stdout } = await promisify(execFile)(process.execPath, [compiledServerFile('loadedPackages'), key], {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH ?? '',
        DATA_DIR: t.config.dataDir,
        ...(t.config.databaseUrl ? { DATABASE_URL: t.config.databaseUrl } : {}),
        PUBLIC_URL: 'http://laurel.test',
        WEB_ROOT: 'none',
        LOG_LEVEL: 'silent',
        JOB_POLL_MS: '0',
      },
      timeout: 60_000,
    });
    const loaded = JSON.parse(stdout.trim().split('\n').at(-1) as string) as {
      page: number;
      health: number;
      packages: string[];
    };
    expect(loaded.page).toBe(200);
    expect(loaded.health).toBe(200);
    // the check sees CommonJS packages: these are loaded at start by anything that uses them
    expect(loaded.packages).toEqual(expect.arrayContaining(['better-sqlite3', 'fastify']));
    expect(
      loaded.packages.filter((name) => HEAVY.includes(name)),
      'import these where a route first needs them (await import(…) inside the function)',
    ).toEqual([]);
    expect(
      loaded.packages.includes('pg'),
      'on SQLite node-postgres (and pg-boss, which loads it) must not be imported at start: server/db/postgresDriver.ts',
    ).toBe(database === 'postgres');
  }, 120_000);
});
