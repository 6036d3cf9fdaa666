import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEB_APP_POLICY } from '../../server/security/webAppPolicy';
import { createTestApp, TEST_DATABASES, type TestApp } from './testApp';

/** The web app's Content-Security-Policy header (the browser test tests/e2e/csp.spec.ts runs the app under it). */
describe.each(TEST_DATABASES)('the web app policy on %s', (database) => {
  let t: TestApp;
  const webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'laurel-webroot-'));
  beforeAll(async () => {
    fs.writeFileSync(
      path.join(webRoot, 'index.html'),
      '<!doctype html><html><head><script type="module" src="/assets/app.js"></script></head><body></body></html>',
    );
    fs.mkdirSync(path.join(webRoot, 'assets'));
    fs.writeFileSync(path.join(webRoot, 'assets', 'app.js'), 'console.log(1)');
    t = await createTestApp(database, { WEB_ROOT: webRoot });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(webRoot, { recursive: true, force: true });
  });

  it('is strict: own scripts only, no plugins, never framed', () => {
    expect(WEB_APP_POLICY).toContain("script-src 'self'");
    expect(WEB_APP_POLICY).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
    expect(WEB_APP_POLICY).toContain("object-src 'none'");
    expect(WEB_APP_POLICY).toContain("frame-ancestors 'none'");
    expect(WEB_APP_POLICY).toContain("base-uri 'none'");
  });

  it('comes with the app shell on every client route', async () => {
    for (const url of ['/', '/login', '/templates/12/edit']) {
      const answer = await t.app.inject({ method: 'GET', url });
      expect(answer.statusCode, url).toBe(200);
      expect(answer.headers['content-type']).toMatch(/^text\/html/);
      expect(answer.headers['content-security-policy']).toBe(WEB_APP_POLICY);
      expect(answer.headers['x-frame-options']).toBe('DENY');
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it('leaves the public pages their own policy, and JSON none', async () => {
    const page = await t.app.inject({ method: 'GET', url: `/certificate/${'a'.repeat(128)}` });
    expect(page.headers['content-security-policy']).toBeDefined();
    expect(page.headers['content-security-policy']).not.toBe(WEB_APP_POLICY);
    const api = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(api.headers['content-security-policy']).toBeUndefined();
  });
});
