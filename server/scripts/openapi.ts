import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../app';
import { loadConfig } from '../config';

/** The OpenAPI document of every route, generated from the route schemas. */
export async function openApiDocument(): Promise<string> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'laurel-openapi-'));
  const app = await buildApp(
    loadConfig({ DATA_DIR: dataDir, WEB_ROOT: 'none', PUBLIC_URL: 'https://laurel.example' }),
    {
      logger: false,
    },
  );
  try {
    await app.ready();
    return `${JSON.stringify(app.swagger(), null, 2)}\n`;
  } finally {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export const OPENAPI_PATH = 'docs/api/openapi.json';

if (process.argv[1]?.endsWith('openapi.ts')) {
  fs.writeFileSync(OPENAPI_PATH, await openApiDocument());
  console.info(`wrote ${OPENAPI_PATH}`);
}
