import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Language } from '../../domain/language';
import { RECIPIENT_CODE_MAX_ATTEMPTS, RECIPIENT_CODE_TTL_SECONDS } from '../../domain/recipientCodes';
import type { AppContext } from '../context';
import { redeemWalletCode, sendWalletCode } from '../services/walletDelivery/walletDelivery';
import { walletPageCertificate } from '../services/walletDelivery/walletPageCertificate';
import {
  renderWalletPage,
  WALLET_PAGE_POLICY_HEADER,
  type WalletPageStep,
} from '../services/walletDelivery/walletPage';
import { codePageParams, mailedCodeSteps, SPEND_RATE_PER_CLIENT, typedCode } from './mailedCodeSteps';
import { htmlAnswer } from './responseSchemas';

const offerBody = z.object({ code: z.string().max(40).optional(), lang: z.string().max(20).optional() }).nullish();

const pageResponses = {
  200: htmlAnswer('The page at this step'),
  400: htmlAnswer('A wrong code: the page asks again, with the tries left'),
  404: htmlAnswer('No certificate that can go into a wallet with this key'),
  410: htmlAnswer('A code used, expired or tried too often: the page asks for a new one'),
  429: htmlAnswer('Too many requests'),
  502: htmlAnswer('The mail server did not take the code'),
};

/**
 * "Add to a wallet" from a certificate's public page (issue 30, "only the recipient claims"): the visitor has a code
 * mailed to the certificate's address (never shown), types it, and gets a fresh one-time offer (QR code, OpenID and
 * LCW links, transaction code). Server-rendered pages whose steps are plain forms: no script runs.
 */
export async function walletDeliveryRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const steps = mailedCodeSteps<{ language: Language; title: string }, WalletPageStep>(ctx, {
    area: 'wallet',
    spendLimiter: 'wallet-redeem-client',
    policyHeader: WALLET_PAGE_POLICY_HEADER,
    find: (key, lang) => walletPageCertificate(ctx, key, lang),
    render: ({ key, brandName, shown, state }) =>
      renderWalletPage({ key, language: shown.language, title: shown.title, brandName, state }),
  });

  steps.pageAndCodeRoutes(app, {
    pageSummary: 'A certificate\'s "Add to a wallet" page (HTML): asks for a code mailed to its address',
    codeSummary: "Mails a one-time code to the certificate's address; answers the page that asks for it (HTML)",
    responses: pageResponses,
    send: (key, language) => sendWalletCode(ctx, key, language),
    sent: (where) => ({ step: 'code', ...where }),
  });

  api.post(
    '/certificate/:key/wallet/offer',
    {
      config: { auth: 'public' },
      schema: {
        summary: 'Takes the mailed code and answers a fresh one-time wallet offer of the certificate (HTML)',
        description: `A form post (code, lang). The code works once, for ${RECIPIENT_CODE_TTL_SECONDS / 60} minutes, and stops after ${RECIPIENT_CODE_MAX_ATTEMPTS} wrong tries (410). At most ${SPEND_RATE_PER_CLIENT.limit} tries per client in 15 minutes.`,
        params: codePageParams,
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
      const page = await steps.pageOf(request, reply, key, request.body?.lang);
      if (!page) return reply;
      const code = typedCode(request.body?.code);
      return steps.spendCode(
        request,
        page,
        (problem) => ({ step: 'code', ...problem }),
        async () => page.render(200, { step: 'offer', offer: await redeemWalletCode(ctx, key, code) }),
      );
    },
  );
}
