import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context';
import { AppError } from '../errors';
import { claimCertificate, nftCertificateView, revealCertificate, tokenMetadata } from '../services/ledger/claims';
import { jsonDocument } from './responseSchemas';

/** Public writes: a recipient claims or reveals now and then; a script trying signatures is stopped. */
const CLAIM_RATE = { perClient: 20, windowMs: 60_000 };

const keyParams = z.object({ key: z.string().regex(/^[A-Za-z0-9]{1,128}$/) });

const nftView = z.object({
  state: z.enum(['minting', 'claimable', 'claimed', 'revealed', 'unavailable']),
  issuerId: z.number(),
  tokenId: z.number().nullable(),
  proofUrl: z.string().nullable(),
  metadataUrl: z.string().nullable(),
  claim: z
    .object({
      wallet: z.string(),
      message: z.string(),
      signature: z.string(),
      claimedAt: z.string(),
      revealedAt: z.string().nullable(),
      transaction: z.string().nullable(),
    })
    .nullable(),
  onChain: z.boolean(),
});

// the routes' own schemas, built once per process rather than for every app
const certificatesClaimBody = z.object({ wallet: z.string().max(100), signature: z.string().max(200) });
const certificatesRevealBody = z.object({ signature: z.string().max(200) });
const nftParams = z.object({
  issuerId: z.coerce.number().int().min(1).max(999_999_999),
  file: z.string().regex(/^\d{1,9}\.json$/),
});

/**
 * Claiming an NFT certificate into a wallet and revealing it (issue 20), from the certificate's public page: the
 * recipient is whoever holds the certificate's link, and proves the wallet by signing (EIP-191). Also the token's
 * ERC-721 metadata, which points to the public credential only once revealed.
 */
export async function nftClaimRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const limiter = ctx.limits.limiter('nft-claim-client', CLAIM_RATE.perClient, CLAIM_RATE.windowMs);
  const limit = async (ip: string) => {
    if (!(await limiter.take(ip))) {
      throw new AppError(429, 'TOO_MANY_REQUESTS', 'Too many claims from this address: wait a minute');
    }
  };

  api.get(
    '/api/public/certificates/:key/nft',
    {
      config: { auth: 'public' },
      schema: {
        summary: "An NFT certificate's state: minting, claimable, claimed or revealed, its token and its claim",
        params: keyParams,
        response: { 200: nftView },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-cache');
      return nftCertificateView(ctx, request.params.key);
    },
  );

  api.post(
    '/api/public/certificates/:key/claim',
    {
      config: { auth: 'public' },
      schema: {
        summary: 'Claims a validated NFT certificate into a wallet (status 1 → 13)',
        description:
          'signature: the EIP-191 personal_sign signature, by the wallet, of "Claim my certificate as an NFT\\nCertificate: {key}\\nWallet: {checksummed wallet}". Refusals: NOT_AN_NFT, CERTIFICATE_DELETED, CERTIFICATE_DISABLED, CERTIFICATE_EXPIRED, NFT_NOT_ANCHORED, ALREADY_CLAIMED, INVALID_WALLET, INVALID_SIGNATURE, MINT_FAILED (the chain refused: nothing claimed), TOO_MANY_REQUESTS',
        params: keyParams,
        body: certificatesClaimBody,
        response: { 200: nftView },
      },
    },
    async (request) => {
      await limit(request.ip);
      return claimCertificate(ctx, request.params.key, request.body);
    },
  );

  api.post(
    '/api/public/certificates/:key/reveal',
    {
      config: { auth: 'public' },
      schema: {
        summary: "Reveals a claimed NFT certificate (13 → 14): its token's metadata then points to the credential",
        description:
          'signature: the EIP-191 signature, by the wallet of the claim, of "Reveal my NFT certificate\\nCertificate: {key}\\nWallet: {wallet}". Refusals: NOT_CLAIMED, ALREADY_REVEALED, INVALID_SIGNATURE and those of the claim',
        params: keyParams,
        body: certificatesRevealBody,
        response: { 200: nftView },
      },
    },
    async (request) => {
      await limit(request.ip);
      return revealCertificate(ctx, request.params.key, request.body);
    },
  );

  api.get(
    '/nft/:issuerId/:file',
    {
      config: { auth: 'public' },
      schema: {
        summary: "A token's ERC-721 metadata JSON ({tokenId}.json, the leaf index in the issuer's log)",
        description:
          'Before the owner reveals it, a placeholder without personal data; once revealed, the name, description, badge image and public page of the credential',
        params: nftParams,
        response: {
          200: { description: 'The metadata', content: { 'application/json': { schema: jsonDocument } } },
          404: { description: 'No such token', content: { 'application/json': { schema: jsonDocument } } },
        },
      },
    },
    async (request, reply) => {
      const tokenId = Number(request.params.file.slice(0, -'.json'.length));
      const metadata = await tokenMetadata(ctx, request.params.issuerId, tokenId);
      if (!metadata) return reply.code(404).send({ error: 'NOT_FOUND', message: 'There is no such token' });
      return reply.header('cache-control', 'no-cache').send(metadata as unknown as Record<string, unknown>);
    },
  );
}
