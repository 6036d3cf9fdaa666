import type { FastifyInstance } from 'fastify';

/**
 * The Content-Security-Policy of the web app (issue 17, point 7). The session token lives in localStorage, so
 * what matters is that no script but the app's own files can ever run: scripts only from this origin (the built
 * app has no inline script), no plugins, no <base> rewriting, forms post only here, and no page may frame the app.
 * Styles allow 'unsafe-inline' because MUI's emotion writes <style> elements at run time (and React writes style
 * attributes); a style cannot run code, and a nonce would need every index.html rendered per request
 * (docs/decisions.md). Images may be data: and blob: URLs (logos previewed before upload, the designer's
 * exports); the spreadsheet Web Worker is a file of this origin; the publication preview is a sandboxed srcdoc
 * frame and inherits this policy.
 */
export const WEB_APP_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self' blob:",
  "frame-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * Every HTML answer that does not set its own policy (the public certificate pages do) gets the web app's: the
 * app shell at / and every client route, and the static legal pages.
 */
export function registerWebAppPolicy(app: FastifyInstance): void {
  // a callback hook, as in server/app.ts: no promise made for every answer
  app.addHook('onSend', (_request, reply, payload, done) => {
    const type = String(reply.getHeader('content-type') ?? '');
    if (type.startsWith('text/html') && !reply.hasHeader('content-security-policy')) {
      reply.header('content-security-policy', WEB_APP_POLICY);
    }
    done(null, payload);
  });
}
