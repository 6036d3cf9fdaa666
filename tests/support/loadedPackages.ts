// Run by tests/server/lazyModules.test.ts in a process of its own (compiled with the server's bundle): builds the app from the
// environment (DATA_DIR, DATABASE_URL…), answers a certificate's public page and /api/health, and prints the
// npm packages this process has loaded through CommonJS (require.cache, where Node also records the CommonJS
// packages that ES modules import), as JSON on its last line.
import { createRequire } from 'node:module';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';

const app = await buildApp(loadConfig(), { logger: false });
try {
  const page = await app.inject({ method: 'GET', url: `/certificate/${process.argv[2]}` });
  const health = await app.inject({ method: 'GET', url: '/api/health' });
  const require = createRequire(import.meta.url);
  const packages = new Set<string>();
  for (const file of Object.keys(require.cache)) {
    const match = /node_modules[\\/]((?:@[^\\/]+[\\/])?[^\\/]+)/.exec(file);
    if (match) packages.add(match[1].replace(/\\/g, '/'));
  }
  console.info(JSON.stringify({ page: page.statusCode, health: health.statusCode, packages: [...packages].sort() }));
} finally {
  await app.close();
}
