import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { startLaurel } from '../support/laurelProcess';
import { compiledServerFile } from './compiledServer';
import { createPostgresDatabase, TEST_DATABASES } from './testApp';

/**
 * `npm start` runs the JavaScript that `npm run build` bundles (server/scripts/buildServer.mjs), not tsx: here the
 * bundle the server test run builds once (tests/server/compiledServerSetup.ts) with the same script.
 */
const compiled = { main: compiledServerFile('main') };

describe.each(TEST_DATABASES)('the compiled server on %s', (database) => {
  it('starts from the bundle, answers /api/health and its first sign-in, and ends cleanly on SIGTERM', async () => {
    expect(fs.readFileSync(compiled.main, 'utf8')).not.toMatch(/from ["']tsx/);
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'laurel-compiled-data-'));
    const pg = database === 'postgres' ? await createPostgresDatabase() : null;
    const server = await startLaurel(compiled.main, {
      DATA_DIR: dataDir,
      ...(pg ? { DATABASE_URL: pg.url } : {}),
    });
    try {
      const health = await fetch(`${server.url}/api/health`);
      expect(health.status).toBe(200);
      expect(await health.json()).toMatchObject({ ok: true, database: 'up' });
      // the first sign-in writes its link in the outbox (read from the locale files beside the sources)
      const login = await fetch(`${server.url}/api/admin/login?email=admin%40example.org`, { method: 'POST' });
      expect(login.status, await login.text()).toBe(200);
      await server.stop('SIGTERM');
      expect(server.child.exitCode).toBe(0);
    } finally {
      await server.stop('SIGKILL');
      await pg?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
