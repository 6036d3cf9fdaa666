import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_TYPES_PATH, apiTypes, OPENAPI_PATH, openApiDocument } from '../../server/scripts/openapi';
import { WEB_APP_POLICY } from '../../server/security/webAppPolicy';
import { createTestApp, TEST_DATABASES, type TestApp } from './testApp';

type Operation = { responses?: Record<string, { content?: Record<string, unknown> }> };

describe('the API contract', () => {
  let generated: string;
  beforeAll(async () => {
    generated = await openApiDocument();
  });

  it('docs/api/openapi.json is the document the route schemas generate (run npm run docs:api after changing a route)', () => {
    expect(JSON.parse(fs.readFileSync(OPENAPI_PATH, 'utf8'))).toEqual(JSON.parse(generated));
    expect(Object.keys(JSON.parse(generated).paths)).toContain('/api/admin/login');
  });

  it('src/dataProvider/api.generated.ts is the web app types of that document (run npm run docs:api)', async () => {
    expect(fs.readFileSync(API_TYPES_PATH, 'utf8')).toBe(await apiTypes(generated));
  });

  it('every operation describes its success answer and the shared error shape', () => {
    const paths = JSON.parse(generated).paths as Record<string, Record<string, Operation>>;
    const missing: string[] = [];
    const withoutErrors: string[] = [];
    for (const [path, operations] of Object.entries(paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const name = `${method.toUpperCase()} ${path}`;
        const responses = operation.responses ?? {};
        const success = Object.entries(responses).filter(([code]) => code.startsWith('2') || code.startsWith('3'));
        if (!success.some(([, answer]) => answer.content && Object.keys(answer.content).length > 0)) missing.push(name);
        if (!Object.keys(responses).some((code) => code.startsWith('4'))) withoutErrors.push(name);
      }
    }
    // a route without `schema.response` for its success answer fails here (issue 13: one contract between the two sides)
    expect(missing, 'operations without a 2xx response schema').toEqual([]);
    expect(withoutErrors, 'operations without an error response').toEqual([]);
    expect(JSON.parse(generated).components.schemas.ApiError.required).toEqual(['code', 'message']);
  });
});

describe.each(TEST_DATABASES)('the API reference served on %s', (database) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(database);
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers GET /api/openapi.json without signing in: the committed document', async () => {
    const answer = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^application\/json/);
    const served = answer.json() as { openapi: string; paths: Record<string, unknown> };
    expect(served.openapi).toMatch(/^3\./);
    expect(served).toEqual(JSON.parse(JSON.stringify(t.app.swagger())));
    expect(Object.keys(served.paths)).toContain('/api/admin/login');
    expect(Object.keys(served.paths).some((p) => p.startsWith('/api/docs') || p === '/api/openapi.json')).toBe(false);
  });

  it('serves the reference page at /api/docs under the web app policy, with its own script files only', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['content-security-policy']).toBe(WEB_APP_POLICY);
    expect(page.body).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    const scripts = [...page.body.matchAll(/<script[^>]*src="([^"]+)"/g)].map((m) => m[1] as string);
    expect(scripts.length).toBeGreaterThan(0);
    for (const src of scripts) {
      const url = new URL(src, 'http://laurel.test/api/docs').pathname;
      const script = await t.app.inject({ method: 'GET', url });
      expect(script.statusCode, url).toBe(200);
      expect(script.headers['content-type'], url).toMatch(/javascript/);
    }
  });

  it('answers errors with the shared shape through the response schemas', async () => {
    const answer = await t.app.inject({ method: 'GET', url: '/api/credit-operations/1' });
    expect(answer.statusCode).toBe(401);
    expect(answer.json()).toMatchObject({ code: expect.any(String), message: expect.any(String) });
  });
});
