import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BRAND_NAMES, chooseBrand } from '../../domain/brand';
import { CERTIFICATE_KEY_PATTERN } from '../../domain/certificates';
import { RECIPIENT_CODE_MAX_ATTEMPTS, RECIPIENT_CODE_TTL_SECONDS } from '../../domain/recipientCodes';
import type { AppContext } from '../context';
import { AppError } from '../errors';
import { PAGE_POLICY_HEADER, renderNoticePage } from '../services/rendering/credentialPage';
import { RECIPIENT_CODE_EXPIRED, RECIPIENT_CODE_WRONG } from '../services/recipientCodes/recipientCodes';
import { redeemWalletCode, sendWalletCode } from '../services/walletDelivery/walletDelivery';
import { walletPageCertificate } from '../services/walletDelivery/walletPageCertificate';
import {
  renderWalletPage,
  WALLET_PAGE_POLICY_HEADER,
  type WalletPageStep,
} from '../services/walletDelivery/walletPage';
import { htmlAnswer } from './responseSchemas';

/**
 * Mailed codes: a certificate's address gets a few an hour (a visitor cannot flood its recipient), a client a few
 * more (one person, a few certificates); typing codes is limited per client, each code itself to a few wrong tries.
 */
const CODE_RATE_PER_CERTIFICATE = { limit: 5, windowMs: 60 * 60_000 };
const CODE_RATE_PER_CLIENT = { limit: 10, windowMs: 60 * 60_000 };
const REDEEM_RATE_PER_CLIENT = { limit: 30, windowMs: 15 * 60_000 };

const params = z.object({ key: z.string().max(256) });
const pageQuery = z.object({ lang: z.string().max(20).optional() });
const codeBody = z.object({ lang: z.string().max(20).optional() }).nullish();
const offerBody = z.object({ code: z.string().max(40).optional(), lang: z.string().max(20).optional() }).nullish();

const pageResponses = {
  200: htmlAnswer('The page at this step'),
  400: htmlAnswer('A wrong code: the page asks again, with the tries left'),
  404: htmlAnswer('No certificate that can go into a wallet with this key'),
  410: htmlAnswer('A code used, expired or tried too often: the page asks for a new one'),
  429: htmlAnswer('Too many requests'),
  502: htmlAnswer('The mail server did not take the code'),
};

function brandName(request: FastifyRequest): string {
  return BRAND_NAMES[chooseBrand(request.hostname)];
}

/** No cache: a step holds a masked address or a live offer. */
function sendHtml(reply: FastifyReply, status: number, html: string, policy = WALLET_PAGE_POLICY_HEADER) {
  return reply
    .code(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('content-security-policy', policy)
    .header('cache-control', 'no-store')
    .send(html);
}

/**
 * "Add to a wallet" from a certificate's public page (issue 30, "only the recipient claims"): the visitor has a code
 * mailed to the certificate's address (never shown), types it, and gets a fresh one-time offer (QR code, OpenID and
 * LCW links, transaction code). Server-rendered pages whose steps are plain forms: no script runs.
 */
export async function walletDeliveryRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const codesPerCertificate = ctx.limits.limiter(
    'wallet-code-certificate',
    CODE_RATE_PER_CERTIFICATE.limit,
    CODE_RATE_PER_CERTIFICATE.windowMs,
  );
  const codesPerClient = ctx.limits.limiter(
    'wallet-code-client',
    CODE_RATE_PER_CLIENT.limit,
    CODE_RATE_PER_CLIENT.windowMs,
  );
  const redeemsPerClient = ctx.limits.limiter(
    'wallet-redeem-client',
    REDEEM_RATE_PER_CLIENT.limit,
    REDEEM_RATE_PER_CLIENT.windowMs,
  );

  /** The certificate's page data, or the "not found" notice already sent. */
  async function pageOf(request: FastifyRequest, reply: FastifyReply, key: string, lang: string | undefined) {
    const shown = CERTIFICATE_KEY_PATTERN.test(key) ? await walletPageCertificate(ctx, key, lang) : null;
    if (!shown) {
      await sendHtml(reply, 404, renderNoticePage('notFound', lang ?? 'en', brandName(request)), PAGE_POLICY_HEADER);
      return null;
    }
    return {
      render: (status: number, state: WalletPageStep) =>
        sendHtml(
          reply,
          status,
          renderWalletPage({ key, language: shown.language, title: shown.title, brandName: brandName(request), state }),
        ),
      language: shown.language,
    };
  }

  api.get(
    '/certificate/:key/wallet',
    {
      config: { auth: 'public' },
      schema: {
        summary: 'A certificate\'s "Add to a wallet" page (HTML): asks for a code mailed to its address',
        params,
        querystring: pageQuery,
        response: { 200: pageResponses[200], 404: pageResponses[404] },
      },
    },
    async (request, reply) => {
      const page = await pageOf(request, reply, request.params.key, request.query.lang);
      if (!page) return reply;
      return page.render(200, { step: 'start' });
    },
  );

  api.post(
    '/certificate/:key/wallet/code',
    {
      config: { auth: 'public' },
      schema: {
        summary: "Mails a one-time code to the certificate's address; answers the page that asks for it (HTML)",
        description: `A form post (lang). The answer shows the address masked (j***@example.org). At most ${CODE_RATE_PER_CERTIFICATE.limit} codes an hour per certificate and ${CODE_RATE_PER_CLIENT.limit} per client; a new code replaces the earlier one.`,
        params,
        body: codeBody,
        response: {
          200: pageResponses[200],
          404: pageResponses[404],
          429: pageResponses[429],
          502: pageResponses[502],
        },
      },
    },
    async (request, reply) => {
      const { key } = request.params;
      const page = await pageOf(request, reply, key, request.body?.lang);
      if (!page) return reply;
      if (!(await codesPerClient.take(request.ip)) || !(await codesPerCertificate.take(key))) {
        return page.render(429, { step: 'start', error: 'tooMany' });
      }
      try {
        const sent = await sendWalletCode(ctx, key, page.language);
        return page.render(200, { step: 'code', sentTo: sent.sentTo, validMinutes: sent.validMinutes });
      } catch (error) {
        request.log.warn({ err: error }, 'wallet code not sent');
        return page.render(502, { step: 'start', error: 'mailFailed' });
      }
    },
  );

  api.post(
    '/certificate/:key/wallet/offer',
    {
      config: { auth: 'public' },
      schema: {
        summary: 'Takes the mailed code and answers a fresh one-time wallet offer of the certificate (HTML)',
        description: `A form post (code, lang). The code works once, for ${RECIPIENT_CODE_TTL_SECONDS / 60} minutes, and stops after ${RECIPIENT_CODE_MAX_ATTEMPTS} wrong tries (410). At most ${REDEEM_RATE_PER_CLIENT.limit} tries per client in 15 minutes.`,
        params,
        body: offerBody,
        response: {
          200: pageResponses[200],
          400: pageResponses[400],
          404: pageResponses[404],
          410: pageResponses[410],
          429: pageResponses[429],
        },
      },
    },
    async (request, reply) => {
      const { key } = request.params;
      const page = await pageOf(request, reply, key, request.body?.lang);
      if (!page) return reply;
      if (!(await redeemsPerClient.take(request.ip))) return page.render(429, { step: 'code', error: 'tooMany' });
      const code = (request.body?.code ?? '').replace(/\s+/g, '');
      try {
        const offer = await redeemWalletCode(ctx, key, code);
        return page.render(200, { step: 'offer', offer });
      } catch (error) {
        if (error instanceof AppError && error.code === RECIPIENT_CODE_WRONG) {
          const attemptsLeft = Number(error.details.attemptsLeft);
          return page.render(400, { step: 'code', error: 'wrong', attemptsLeft });
        }
        if (error instanceof AppError && error.code === RECIPIENT_CODE_EXPIRED) {
          return page.render(410, { step: 'code', error: 'expired' });
        }
        throw error;
      }
    },
  );
}
