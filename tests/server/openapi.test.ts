import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_TYPES_PATH, apiTypes, OPENAPI_PATH, openApiDocument } from '../../server/scripts/openapi';
import { WEB_APP_POLICY } from '../../server/security/webAppPolicy';
import { createTestApp, TEST_DATABASES, type TestApp } from './testApp';

/**
 * Operations that do not yet declare their 2xx answer schema (issue 13, one contract between the two sides): the
 * list may only shrink. A new route without `schema.response` fails here; an operation that gains its schema
 * must leave the list (the test says so), until it is empty.
 */
const WITHOUT_SUCCESS_SCHEMA: string[] = [
  'GET /api/admin/templates',
  'GET /api/admin/template',
  'GET /api/issuer/{issuer}/template/{id}/meta',
  'GET /api/issuer/{issuer}/template/{id}/json',
  'GET /api/issuer/{issuer}/template/{id}/data',
  'POST /api/issuer/{issuer}/template',
  'PUT /api/issuer/{issuer}/template/{id}',
  'DELETE /api/issuer/{issuer}/template/{id}',
  'PUT /api/issuer/{issuer}/template/{id}/enable',
  'PUT /api/issuer/{issuer}/template/{id}/notes',
  'PUT /api/issuer/{issuer}/template/{id}/pathway',
  'POST /api/template/mc',
  'POST /api/template/rncp',
  'GET /api/template/image/{issuerId}/{file}',
  'GET /api/template/tables',
  'PUT /api/template/tables',
  'POST /api/issuer/verification',
  'GET /ob/issuers/{issuerId}/did.json',
  'GET /ob/issuers/{issuerId}/status/{purpose}',
  'GET /ob/credentials/{key}',
  'GET /certificate/{key}/credential.json',
  'GET /certificate/{key}/badge.png',
  'GET /certificate/{key}/badge.svg',
  'GET /ob/achievements/{templateId}/{language}',
  'GET /ob/v2/assertions/{key}',
  'GET /ob/v2/badges/{templateId}/{language}',
  'GET /ob/v2/issuers/{issuerId}',
  'GET /certificate/{key}',
  'GET /template/{ref}',
  'GET /template/{ref}/thumbnail.svg',
  'POST /api/admin/preview',
  'POST /api/admin/data',
  'GET /api/admin/data',
  'POST /api/admin/campaigns',
  'GET /api/issuer/{id}/credits',
  'POST /api/admin/data_post',
  'GET /api/admin/report',
  'PUT /api/admin/campaign/notes',
  'DELETE /api/admin/keys',
  'PUT /api/admin/keys',
  'PUT /api/admin/email',
  'GET /api/admin/emailing',
  'POST /api/admin/emails',
  'POST /api/admin/emailTest',
  'GET /certificate/{key}/certificate.pdf',
  'GET /api/document/{key}',
  'POST /api/admin/pdf',
  'GET /api/document/ready/{token}',
  'GET /api/document/download/{token}',
  'GET /api/export/cpf',
  'GET /api/badge_lib/list',
  'POST /api/badge_lib/details',
  'POST /api/badge_lib/model',
  'DELETE /api/badge_lib/model',
  'POST /api/badge_lib/render',
  'GET /api/badge_lib/icons',
  'GET /api/badge_lib/fonts',
  'GET /api/badge_lib/fonts/{file}',
];

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
    const stillMissing: string[] = [];
    const withoutErrors: string[] = [];
    for (const [path, operations] of Object.entries(paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const name = `${method.toUpperCase()} ${path}`;
        const responses = operation.responses ?? {};
        const success = Object.entries(responses).filter(([code]) => code.startsWith('2') || code.startsWith('3'));
        if (!success.some(([, answer]) => answer.content && Object.keys(answer.content).length > 0)) {
          stillMissing.push(name);
          if (!WITHOUT_SUCCESS_SCHEMA.includes(name)) missing.push(name);
        }
        if (!Object.keys(responses).some((code) => code.startsWith('4'))) withoutErrors.push(name);
      }
    }
    expect(missing, 'operations without a 2xx response schema').toEqual([]);
    expect(
      WITHOUT_SUCCESS_SCHEMA.filter((name) => !stillMissing.includes(name)),
      'operations that now have their schema: remove them from WITHOUT_SUCCESS_SCHEMA',
    ).toEqual([]);
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
