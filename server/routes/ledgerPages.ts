import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BRAND_NAMES, chooseBrand } from '../../domain/brand';
import type { AppContext } from '../context';
import { chainAnchorOf } from '../services/ledger/evm/chainAnchoring';
import { renderLedgerPage } from '../services/ledger/ledgerPage';
import { batchProof } from '../services/ledger/transparencyLog';
import { PAGE_POLICY_HEADER, renderNoticePage } from '../services/rendering/credentialPage';
import { htmlAnswer, jsonDocument } from './responseSchemas';

/** A JSON answer built here and sent whole. */
function jsonAnswer(description: string) {
  return { description, content: { 'application/json': { schema: jsonDocument } } };
}

const params = z.object({
  issuerId: z.coerce.number().int().min(1).max(999_999_999),
  treeSize: z.coerce.number().int().min(1).max(999_999_999),
});
const query = z.object({
  leaf: z.coerce.number().int().min(0).max(999_999_999).optional(),
  lang: z.string().max(20).optional(),
});

function brandName(request: FastifyRequest): string {
  return BRAND_NAMES[chooseBrand(request.hostname)];
}

/**
 * The public pages of the transparency log (issue 20): a batch's signed tree head with a leaf's inclusion proof,
 * as HTML (a certificate's "transaction" link) and as JSON (what a verifier script reads). Public by design: a
 * proof is checked by anyone. A head is immutable once written, hence the long cache.
 */
export async function ledgerPageRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/ledger/:issuerId/:treeSize',
    {
      config: { auth: 'public' },
      schema: {
        summary: "A batch of an issuer's transparency log (HTML): its signed tree head and a leaf's inclusion proof",
        description: 'leaf: the index of a certificate in the log, whose audit path is shown; lang: en, fr or es',
        params,
        querystring: query,
        response: { 200: htmlAnswer('The batch page'), 404: htmlAnswer('No such head') },
      },
    },
    async (request, reply) => {
      const { issuerId, treeSize } = request.params;
      const language = request.query.lang ?? 'en';
      const proof = await batchProof(ctx.db, issuerId, treeSize, request.query.leaf ?? null);
      const html = proof
        ? renderLedgerPage(
            proof,
            language,
            `/ledger/${issuerId}/${treeSize}/proof.json${request.query.leaf === undefined ? '' : `?leaf=${request.query.leaf}`}`,
            brandName(request),
          )
        : renderNoticePage('notFound', language, brandName(request));
      return reply
        .code(proof ? 200 : 404)
        .header('content-type', 'text/html; charset=utf-8')
        .header('content-security-policy', PAGE_POLICY_HEADER)
        .header('cache-control', proof ? 'public, max-age=300' : 'no-cache')
        .send(html);
    },
  );

  api.get(
    '/ledger/:issuerId/:treeSize/proof.json',
    {
      config: { auth: 'public' },
      schema: {
        summary: "A batch of an issuer's transparency log (JSON): signed tree head, consistency and inclusion proofs",
        description:
          'Hashes are hexadecimal SHA-256 (RFC 6962); head.signature is Ed25519 over head.statement (base64url), by the key head.keyId of the issuer DID document. With an EVM chain (NFT_RPC_URL), chain: { chainId, contract, txHash, anchoredRoot }, anchoredRoot being the root the contract holds for this issuer and size, read from the chain through the configured RPC when asked (kept a minute), null while not anchored; unreadable: true when the RPC node did not answer (anchoredRoot unknown)',
        params,
        querystring: query,
        response: { 200: jsonAnswer('The head and proofs'), 404: jsonAnswer('No such head') },
      },
    },
    async (request, reply) => {
      const { issuerId, treeSize } = request.params;
      const proof = await batchProof(ctx.db, issuerId, treeSize, request.query.leaf ?? null);
      if (!proof) return reply.code(404).send({ error: 'NOT_FOUND', message: 'There is no such tree head' });
      const chain = await chainAnchorOf(ctx, issuerId, treeSize, request.log);
      if (!chain) {
        return reply.header('cache-control', 'public, max-age=300').send(proof as unknown as Record<string, unknown>);
      }
      // the chain's answer changes while the anchor is pending: cached only once the root is there
      return reply
        .header('cache-control', chain.anchoredRoot ? 'public, max-age=60' : 'no-cache')
        .send({ ...proof, chain } as unknown as Record<string, unknown>);
    },
  );
}
