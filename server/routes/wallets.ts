import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CERTIFICATE_KEY_INPUT } from '../../domain/credentialVerification';
import { authOf } from '../auth/guard';
import type { AppContext } from '../context';
import { translate, serverLanguage } from '../i18n';
import { createWalletOffer } from '../services/wallets/offers';
import { Oid4vciError, Oid4vciIssuer } from '../services/wallets/oid4vci';

const positiveId = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
/**
 * the public OID4VCI endpoints, per client, like POST /api/verify: one budget for all of them (a wallet makes about
 * six requests per credential)
 */
const WALLET_RATE = { perClient: 120, windowMs: 60_000 };

const walletOfferAnswer = z.object({
  id: z.number(),
  protocol: z.literal('oid4vci'),
  offerUri: z.string().describe('openid-credential-offer://?credential_offer_uri=… (the QR code and the link)'),
  credentialOfferUri: z.string().describe('the credential offer document the offer URI points at'),
  txCode: z.string().nullable().describe('the transaction code to send the recipient by another channel'),
  expiresAt: z.string(),
});

/** Protocol answers are not cached and may be read from any origin (wallets in browsers). */
function sendProtocolJson(reply: FastifyReply, body: object, status = 200) {
  return reply
    .code(status)
    .header('content-type', 'application/json; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('access-control-allow-origin', '*')
    .send(JSON.stringify(body));
}

/**
 * Wallets (issue 30), OID4VCI part: the back-office route that makes an offer of a certificate, and the public
 * OpenID for Verifiable Credential Issuance 1.0 endpoints of each issuer (pre-authorized code flow):
 * `<PUBLIC_URL>/oid4vci/issuers/<id>` is the credential issuer and its authorization server. The protocol
 * endpoints answer in the protocol's error shape (`{ error, error_description }`), and are described in
 * docs/wallets.md rather than in the API reference.
 */
export async function walletRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { db, config } = ctx;
  const oid4vci = new Oid4vciIssuer({
    db,
    publicUrl: config.publicUrl,
    credentialsKey: config.credentialsKey,
    translate: (locale, key) => translate(serverLanguage(locale), key),
  });
  const api = app.withTypeProvider<ZodTypeProvider>();
  const limiter = ctx.limits.limiter('wallet-client', WALLET_RATE.perClient, WALLET_RATE.windowMs);

  api.post(
    '/api/certificates/:key/wallet-offers',
    {
      config: { access: { resource: 'publication', action: 'publish' } },
      schema: {
        summary: "Makes a one-time offer of the certificate's credential to a wallet (OID4VCI, pre-authorized code)",
        description:
          'The offer expires after WALLET_OFFER_TTL_SECONDS (7 days by default) and is taken once. With txCode (the default), the wallet must also give the transaction code answered here, to be sent to the recipient by another channel.',
        params: z.object({ key: z.string().regex(CERTIFICATE_KEY_INPUT) }),
        body: z.object({ txCode: z.boolean().default(true) }).nullish(),
        response: { 201: walletOfferAnswer },
      },
    },
    async (request, reply) => {
      const auth = authOf(request);
      const offer = await createWalletOffer(db, {
        issuerId: auth.issuer.id,
        certificateKey: request.params.key,
        protocol: 'oid4vci',
        ttlSeconds: config.walletOfferTtlSeconds,
        withTxCode: request.body?.txCode ?? true,
        userId: auth.kind === 'session' ? auth.user.id : null,
      });
      return reply.code(201).send({
        id: offer.id,
        protocol: 'oid4vci' as const,
        offerUri: oid4vci.offerUri(auth.issuer.id, offer.code),
        credentialOfferUri: oid4vci.offerUrl(auth.issuer.id, offer.code),
        txCode: offer.txCode,
        expiresAt: offer.expiresAt,
      });
    },
  );

  /** Runs a public protocol handler: rate-limited, protocol errors in their own shape. */
  const protocol =
    (handler: (request: FastifyRequest, issuerId: number) => Promise<object | null>) =>
    async (request: FastifyRequest, reply: FastifyReply) => {
      if (!(await limiter.take(request.ip))) {
        return sendProtocolJson(
          reply,
          { error: 'slow_down', error_description: 'Too many requests: wait a minute' },
          429,
        );
      }
      const issuerId = positiveId.safeParse((request.params as { issuerId?: unknown }).issuerId);
      const notFound = { error: 'not_found', error_description: 'No such credential issuer or offer' };
      if (!issuerId.success) return sendProtocolJson(reply, notFound, 404);
      try {
        const body = await handler(request, issuerId.data);
        return body ? sendProtocolJson(reply, body) : sendProtocolJson(reply, notFound, 404);
      } catch (error) {
        if (!(error instanceof Oid4vciError)) throw error;
        if (error.status === 401) reply.header('www-authenticate', `Bearer error="${error.error}"`);
        return sendProtocolJson(reply, error.body, error.status);
      }
    };
  const hidden = { config: { auth: 'public' as const }, schema: { hide: true } };
  const ISSUER = '/oid4vci/issuers/:issuerId';

  const issuerMetadata = protocol((_request, issuerId) => oid4vci.issuerMetadata(issuerId));
  const serverMetadata = protocol((_request, issuerId) => oid4vci.authorizationServerMetadata(issuerId));
  // OID4VCI 1.0 and RFC 8414 insert the well-known segment before the identifier's path; drafts appended it
  api.get(`/.well-known/openid-credential-issuer${ISSUER}`, hidden, issuerMetadata);
  api.get(`${ISSUER}/.well-known/openid-credential-issuer`, hidden, issuerMetadata);
  api.get(`/.well-known/oauth-authorization-server${ISSUER}`, hidden, serverMetadata);
  api.get(`${ISSUER}/.well-known/oauth-authorization-server`, hidden, serverMetadata);

  api.get(
    `${ISSUER}/offers/:code`,
    hidden,
    protocol((request, issuerId) => oid4vci.offerDocument(issuerId, (request.params as { code: string }).code)),
  );
  api.post(
    `${ISSUER}/token`,
    hidden,
    protocol((request, issuerId) => oid4vci.token(issuerId, (request.body ?? {}) as Record<string, unknown>)),
  );
  api.post(
    `${ISSUER}/nonce`,
    hidden,
    protocol(async (_request, issuerId) => oid4vci.nonce(issuerId)),
  );
  api.post(
    `${ISSUER}/credential`,
    hidden,
    protocol(async (request, issuerId) => {
      const { answer } = await oid4vci.credential(issuerId, request.headers.authorization, request.body);
      return answer;
    }),
  );
}
