import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { OPENAPI_PATH, openApiDocument } from '../../server/scripts/openapi';

describe('docs/api/openapi.json', () => {
  it('is the document the route schemas generate (run npm run docs:api after changing a route)', async () => {
    const generated = await openApiDocument();
    expect(JSON.parse(fs.readFileSync(OPENAPI_PATH, 'utf8'))).toEqual(JSON.parse(generated));
    expect(Object.keys(JSON.parse(generated).paths)).toContain('/api/admin/login');
  });
});
