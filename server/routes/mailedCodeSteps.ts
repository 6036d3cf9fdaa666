import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BRAND_NAMES, chooseBrand } from '../../domain/brand';
import { CERTIFICATE_KEY_PATTERN } from '../../domain/certificates';
import type { Language } from '../../domain/language';
import type { AppContext } from '../context';
import { AppError } from '../errors';
import type { CodeProblem, CodeStartStep } from '../services/recipientCodes/codePage';
import { RECIPIENT_CODE_EXPIRED, RECIPIENT_CODE_WRONG } from '../services/recipientCodes/recipientCodes';
import { PAGE_POLICY_HEADER, renderNoticePage } from '../services/rendering/credentialPage';
import type { htmlAnswer } from './responseSchemas';

/**
 * The steps the recipient's pages share when they prove who the visitor is with a code mailed to the certificate's
 * address ("Add to a wallet" in walletDelivery.ts, "Request a correction" in corrections.ts): the page or its
 * "not found" notice, mailing a code, spending one, and their limits.
 *
 * Mailed codes: a certificate's address gets a few an hour (a visitor cannot flood its recipient), a client a few
 * more (one person, a few certificates); typing codes is limited per client, each code itself to a few wrong tries.
 * Each page counts apart (its limiters are named after it).
 */
export const CODE_RATE_PER_CERTIFICATE = { limit: 5, windowMs: 60 * 60_000 };
export const CODE_RATE_PER_CLIENT = { limit: 10, windowMs: 60 * 60_000 };
export const SPEND_RATE_PER_CLIENT = { limit: 30, windowMs: 15 * 60_000 };

export const codePageParams = z.object({ key: z.string().max(256) });
export const codePageQuery = z.object({ lang: z.string().max(20).optional() });
export const codeRequestBody = z.object({ lang: z.string().max(20).optional() }).nullish();

/** The description of a page's "mail me a code" route. */
export const CODE_REQUEST_DESCRIPTION = `A form post (lang). The answer shows the address masked (j***@example.org). At most ${CODE_RATE_PER_CERTIFICATE.limit} codes an hour per certificate and ${CODE_RATE_PER_CLIENT.limit} per client; a new code replaces the earlier one.`;

/** A code as typed: the spaces a reader may put between its digits do not count. */
export function typedCode(value: string | undefined): string {
  return (value ?? '').replace(/\s+/g, '');
}

/** A page found: it answers a step with a status. */
export interface CodePage<Step> {
  render: (status: number, state: Step) => FastifyReply | Promise<FastifyReply>;
  language: Language;
}

/**
 * The shared steps of one page. `area` names its limiters (`<area>-code-certificate`, `<area>-code-client`) and its
 * log lines; `spendLimiter` names the limiter of the step that spends a code.
 */
export function mailedCodeSteps<Shown extends { language: Language }, Step>(
  ctx: AppContext,
  options: {
    area: string;
    spendLimiter: string;
    policyHeader: string;
    /** The certificate as the page shows it, or null when the page has nothing to offer with this key. */
    find: (key: string, lang: string | undefined) => Promise<Shown | null>;
    render: (view: { key: string; brandName: string; shown: Shown; state: Step | CodeStartStep }) => string;
  },
) {
  const codesPerCertificate = ctx.limits.limiter(
    `${options.area}-code-certificate`,
    CODE_RATE_PER_CERTIFICATE.limit,
    CODE_RATE_PER_CERTIFICATE.windowMs,
  );
  const codesPerClient = ctx.limits.limiter(
    `${options.area}-code-client`,
    CODE_RATE_PER_CLIENT.limit,
    CODE_RATE_PER_CLIENT.windowMs,
  );
  const spendsPerClient = ctx.limits.limiter(
    options.spendLimiter,
    SPEND_RATE_PER_CLIENT.limit,
    SPEND_RATE_PER_CLIENT.windowMs,
  );

  const brandName = (request: FastifyRequest) => BRAND_NAMES[chooseBrand(request.hostname)];

  /** No cache: a step holds a masked address, typed values or a live offer. */
  function sendHtml(reply: FastifyReply, status: number, html: string, policy = options.policyHeader) {
    return reply
      .code(status)
      .header('content-type', 'text/html; charset=utf-8')
      .header('content-security-policy', policy)
      .header('cache-control', 'no-store')
      .send(html);
  }

  /** The certificate's page, or the "not found" notice already sent (null). */
  async function pageOf(
    request: FastifyRequest,
    reply: FastifyReply,
    key: string,
    lang: string | undefined,
  ): Promise<CodePage<Step | CodeStartStep> | null> {
    const shown = CERTIFICATE_KEY_PATTERN.test(key) ? await options.find(key, lang) : null;
    if (!shown) {
      await sendHtml(reply, 404, renderNoticePage('notFound', lang ?? 'en', brandName(request)), PAGE_POLICY_HEADER);
      return null;
    }
    return {
      render: (status, state) =>
        sendHtml(reply, status, options.render({ key, brandName: brandName(request), shown, state })),
      language: shown.language,
    };
  }

  /**
   * Mails a code (within the limits: 429 on the first step otherwise) and answers the step `sent` makes of where it
   * went; a mail server that did not take it answers the first step again (502).
   */
  async function requestCode(
    request: FastifyRequest,
    page: CodePage<Step | CodeStartStep>,
    key: string,
    send: () => Promise<{ sentTo: string; validMinutes: number }>,
    sent: (where: { sentTo: string; validMinutes: number }) => Step,
  ) {
    if (!(await codesPerClient.take(request.ip)) || !(await codesPerCertificate.take(key))) {
      return page.render(429, { step: 'start', error: 'tooMany' });
    }
    let where: { sentTo: string; validMinutes: number };
    try {
      where = await send();
    } catch (error) {
      request.log.warn({ err: error }, `${options.area} code not sent`);
      return page.render(502, { step: 'start', error: 'mailFailed' });
    }
    return page.render(200, sent(where));
  }

  /**
   * Spends a typed code through `attempt` (which answers the page itself), within the client's limit (429): a wrong
   * code (400, with the tries left) or a used or expired one (410) answers the step `again` makes of the mistake.
   */
  async function spendCode(
    request: FastifyRequest,
    page: CodePage<Step | CodeStartStep>,
    again: (problem: CodeProblem) => Step,
    attempt: () => Promise<FastifyReply>,
  ): Promise<FastifyReply> {
    if (!(await spendsPerClient.take(request.ip))) return page.render(429, again({ error: 'tooMany' }));
    try {
      return await attempt();
    } catch (error) {
      if (error instanceof AppError && error.code === RECIPIENT_CODE_WRONG) {
        const attemptsLeft = Number(error.details.attemptsLeft);
        return page.render(400, again({ error: 'wrong', attemptsLeft }));
      }
      if (error instanceof AppError && error.code === RECIPIENT_CODE_EXPIRED) {
        return page.render(410, again({ error: 'expired' }));
      }
      throw error;
    }
  }

  /**
   * The page's first two routes: GET /certificate/:key/<area> (the page, asking for a code) and POST
   * /certificate/:key/<area>/code (mails one with `send` and answers the step `sent` makes of where it went).
   */
  function pageAndCodeRoutes(
    app: FastifyInstance,
    routes: {
      pageSummary: string;
      codeSummary: string;
      responses: Record<200 | 404 | 429 | 502, ReturnType<typeof htmlAnswer>>;
      send: (key: string, language: Language) => Promise<{ sentTo: string; validMinutes: number }>;
      sent: (where: { sentTo: string; validMinutes: number }) => Step;
    },
  ): void {
    const api = app.withTypeProvider<ZodTypeProvider>();
    const { responses } = routes;
    api.get(
      `/certificate/:key/${options.area}`,
      {
        config: { auth: 'public' },
        schema: {
          summary: routes.pageSummary,
          params: codePageParams,
          querystring: codePageQuery,
          response: { 200: responses[200], 404: responses[404] },
        },
      },
      async (request, reply) => {
        const page = await pageOf(request, reply, request.params.key, request.query.lang);
        if (!page) return reply;
        return page.render(200, { step: 'start' });
      },
    );
    api.post(
      `/certificate/:key/${options.area}/code`,
      {
        config: { auth: 'public' },
        schema: {
          summary: routes.codeSummary,
          description: CODE_REQUEST_DESCRIPTION,
          params: codePageParams,
          body: codeRequestBody,
          response: { 200: responses[200], 404: responses[404], 429: responses[429], 502: responses[502] },
        },
      },
      async (request, reply) => {
        const { key } = request.params;
        const page = await pageOf(request, reply, key, request.body?.lang);
        if (!page) return reply;
        return requestCode(request, page, key, () => routes.send(key, page.language), routes.sent);
      },
    );
  }

  return { pageOf, spendCode, pageAndCodeRoutes };
}
