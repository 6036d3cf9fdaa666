import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** Vite names what it builds under assets/ by content hash: such a file never changes under its name. */
const HASHED_ASSETS = `${path.sep}assets${path.sep}`;

/**
 * The built web app at /, with every unknown non-API path answered by index.html (client-side routes).
 * Files are served from their brotli or gzip twin written at build time (vite.config.ts), hashed assets are
 * cached for good, everything else is revalidated.
 */
export function registerWebApp(app: FastifyInstance, webRoot: string | null): void {
  const index = webRoot ? path.join(webRoot, 'index.html') : null;
  const hasWebApp = index !== null && fs.existsSync(index);
  if (hasWebApp && webRoot) {
    void app.register(fastifyStatic, {
      root: webRoot,
      index: false,
      wildcard: false,
      preCompressed: true,
      cacheControl: false,
      setHeaders(res, filePath) {
        res.header(
          'cache-control',
          filePath.includes(HASHED_ASSETS) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith('/api/') || request.method !== 'GET' || !hasWebApp) {
      return reply.code(404).send({ code: 'NOT_FOUND', message: 'Not found' });
    }
    return reply
      .header('cache-control', 'no-cache')
      .type('text/html')
      .send(fs.createReadStream(index as string));
  });
}
