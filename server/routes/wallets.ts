import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CERTIFICATE_KEY_INPUT } from '../../domain/credentialVerification';
import { authOf } from '../auth/guard';
import type { AppContext } from '../context';
import { translate, serverLanguage } from '../i18n';
import { certificatePageUrl } from '../services/credentials/identifiers';
import { StatusLists } from '../services/credentials/statusLists';
import { CredentialVerifier } from '../services/credentials/verifier';
import { findCertificateKey } from '../repositories/walletOffers';
import { walletOfferLinks } from '../services/wallets/links';
import { ANY_WALLET, createWalletOffer } from '../services/wallets/offers';
import { Oid4vciError, Oid4vciIssuer } from '../services/wallets/oid4vci';
import { VcApiExchanger, VcApiProblem } from '../services/wallets/vcapi';

const positiveId = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
/**
 * the public wallet endpoints (OID4VCI, the VC-API exchange, the interaction URL), per client, like POST
 * /api/verify: one budget for all of them (a wallet makes two to six requests per credential)
 */
const WALLET_RATE = { perClient: 120, windowMs: 60_000 };

const walletOfferAnswer = z.object({
  id: z.number(),
  protocol: z.literal(ANY_WALLET).describe('one offer serves any wallet: the first protocol to take it wins'),
  offerUri: z.string().describe('openid-credential-offer://?credential_offer_uri=… (OID4VCI wallets)'),
  credentialOfferUri: z.string().describe('the credential offer document the offer URI points at'),
  exchangeUrl: z.string().describe('the VC-API exchange (the Learner Credential Wallet)'),
  lcwUri: z.string().describe('https://lcw.app/request?request=… (the Learner Credential Wallet, two-step exchange)'),
  lcwOneStepUri: z
    .string()
    .describe('https://lcw.app/request.html?…&vc_request_url=… (older Learner Credential Wallet builds, one step)'),
  interactionUrl: z.string().describe('lists both protocols to a wallet (Accept: application/json): the QR code'),
  txCode: z
    .string()
    .nullable()
    .describe('the transaction code to send the recipient by another channel (OID4VCI asks for it)'),
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

// the routes' own schemas, built once per process rather than for every app
const certificatesWalletOffersParams = z.object({ key: z.string().regex(CERTIFICATE_KEY_INPUT) });
const certificatesWalletOffersBody = z.object({ txCode: z.boolean().default(true) }).nullish();

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
  const vcapi = new VcApiExchanger({
    db,
    publicUrl: config.publicUrl,
    credentialsKey: config.credentialsKey,
    verifier: new CredentialVerifier({
      db,
      publicUrl: config.publicUrl,
      statusLists: new StatusLists(db, config.credentialsKey, config.publicUrl),
    }),
  });
  const api = app.withTypeProvider<ZodTypeProvider>();
  const limiter = ctx.limits.limiter('wallet-client', WALLET_RATE.perClient, WALLET_RATE.windowMs);

  api.post(
    '/api/certificates/:key/wallet-offers',
    {
      config: { access: { resource: 'publication', action: 'publish' } },
      schema: {
        summary: "Makes a one-time offer of the certificate's credential to any wallet (OID4VCI or VC-API exchange)",
        description:
          'The offer expires after WALLET_OFFER_TTL_SECONDS (7 days by default) and is taken once, by the first wallet to claim it through either protocol. With txCode (the default), an OID4VCI wallet must also give the transaction code answered here, to be sent to the recipient by another channel (the VC-API exchange has no such step).',
        params: certificatesWalletOffersParams,
        body: certificatesWalletOffersBody,
        response: { 201: walletOfferAnswer },
      },
    },
    async (request, reply) => {
      const auth = authOf(request);
      const offer = await createWalletOffer(db, {
        issuerId: auth.issuer.id,
        certificateKey: request.params.key,
        ttlSeconds: config.walletOfferTtlSeconds,
        withTxCode: request.body?.txCode ?? true,
        userId: auth.kind === 'session' ? auth.user.id : null,
      });
      return reply.code(201).send({
        id: offer.id,
        protocol: offer.protocol,
        ...walletOfferLinks(config.publicUrl, auth.issuer.id, offer.code),
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

  /** Runs a public VC-API handler: rate-limited, refusals as RFC 9457 problems. */
  const sendProblem = (reply: FastifyReply, problem: VcApiProblem) =>
    reply
      .code(problem.status)
      .header('content-type', 'application/problem+json; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('access-control-allow-origin', '*')
      .send(JSON.stringify(problem.body));
  const exchangeParams = (request: FastifyRequest) => {
    const params = request.params as { issuerId?: unknown; code?: unknown };
    const issuerId = positiveId.safeParse(params.issuerId);
    return issuerId.success && typeof params.code === 'string' ? { issuerId: issuerId.data, code: params.code } : null;
  };
  const unknownOffer = () =>
    new VcApiProblem(404, 'not_found', 'No such wallet offer', 'The address is not one of an offer of this service');
  const invalidOffer = () =>
    new VcApiProblem(404, 'invalid_grant', 'This wallet offer was used or has expired', 'Ask for a new offer');
  const vcApiProtocol =
    (handler: (request: FastifyRequest, issuerId: number, code: string) => Promise<object>) =>
    async (request: FastifyRequest, reply: FastifyReply) => {
      if (!(await limiter.take(request.ip))) {
        return sendProblem(reply, new VcApiProblem(429, 'slow_down', 'Too many requests', 'Wait a minute'));
      }
      const params = exchangeParams(request);
      if (!params) return sendProblem(reply, unknownOffer());
      try {
        return sendProtocolJson(reply, await handler(request, params.issuerId, params.code));
      } catch (error) {
        if (!(error instanceof VcApiProblem)) throw error;
        if (error.status === 401) reply.header('www-authenticate', `Bearer error="${error.code}"`);
        return sendProblem(reply, error);
      }
    };
  const EXCHANGE = '/vcapi/issuers/:issuerId/exchanges/:code';
  api.post(
    EXCHANGE,
    hidden,
    vcApiProtocol((request, issuerId, code) => vcapi.exchange(issuerId, code, request.body ?? {})),
  );
  api.post(
    `${EXCHANGE}/direct`,
    hidden,
    vcApiProtocol((request, issuerId, code) =>
      vcapi.direct(issuerId, code, request.body ?? {}, request.headers.authorization),
    ),
  );

  // the interaction URL (the QR code): its protocols to a wallet (Accept: application/json), and to a browser (a
  // phone's camera opening it) the certificate's public page
  api.get('/wallet/interactions/:issuerId/:code', hidden, async (request, reply) => {
    const accept = request.headers.accept ?? '';
    if (/application\/json/.test(accept) && !/text\/html/.test(accept)) {
      return vcApiProtocol(async (_request, issuerId, code) => {
        const protocols = await vcapi.interaction(issuerId, code);
        if (!protocols) throw invalidOffer();
        return protocols;
      })(request, reply);
    }
    if (!(await limiter.take(request.ip))) return reply.code(429).send();
    const params = exchangeParams(request);
    const certificateId = params ? await vcapi.offerCertificate(params.issuerId, params.code) : null;
    const key = certificateId === null ? undefined : await findCertificateKey(db, certificateId);
    if (!key) return sendProblem(reply, invalidOffer());
    return reply.header('cache-control', 'no-store').redirect(certificatePageUrl(config.publicUrl, key), 303);
  });
}
