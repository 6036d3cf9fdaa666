import type { FastifyInstance, FastifyReply } from 'fastify';

/**
 * The public protocol addresses that wallets and verifiers running in a browser (a web wallet, a verifier page on
 * another site) call across origins. Their answers carry `Access-Control-Allow-Origin: *` (set by their routes),
 * and these OPTIONS routes answer the browser's preflight for the requests that need one (a JSON body, an
 * Authorization or DPoP header). They take bearer tokens and one-time codes, never cookies, so any origin may call
 * them. The back office (/api) answers no preflight: it is same-origin only.
 */
export const CROSS_ORIGIN_PROTOCOL_PATHS = [
  '/oid4vci/issuers/:issuerId/*',
  '/vcapi/issuers/:issuerId/exchanges/:code',
  '/vcapi/issuers/:issuerId/exchanges/:code/direct',
  '/credentials/verify',
  '/presentations/verify',
] as const;

/** How long a browser may keep a preflight's answer (a day). */
const PREFLIGHT_MAX_AGE_SECONDS = 86_400;

export function allowAnyOrigin(reply: FastifyReply): FastifyReply {
  return reply.header('access-control-allow-origin', '*');
}

export async function protocolCorsRoutes(app: FastifyInstance): Promise<void> {
  for (const url of CROSS_ORIGIN_PROTOCOL_PATHS) {
    app.options(url, { config: { auth: 'public' }, schema: { hide: true } }, async (_request, reply) =>
      allowAnyOrigin(reply)
        .code(204)
        .header('access-control-allow-methods', 'GET, POST, OPTIONS')
        .header('access-control-allow-headers', 'authorization, content-type, dpop')
        .header('access-control-max-age', String(PREFLIGHT_MAX_AGE_SECONDS))
        .send(),
    );
  }
}
