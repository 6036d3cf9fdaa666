import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BRAND_NAMES, chooseBrand } from '../../domain/brand';
import type { Language } from '../../domain/language';
import type { AppContext } from '../context';
import { findIssuer } from '../repositories/issuers';
import { findLivePortalSession } from '../repositories/billing';
import { serverLanguage, translate } from '../i18n';
import type { BillingProvider } from '../services/billing/billingProvider';
import { AppError } from '../errors';
import { escapeHtml } from '../../domain/rendering/html';

function money(minor: number, currency: string, language: Language): string {
  return new Intl.NumberFormat(language, { style: 'currency', currency }).format(minor / 100);
}

function day(iso: string, language: Language): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(iso));
}

const STYLE = `
*{box-sizing:border-box}body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;background:#f4f5f7;color:#1f2937}
.banner{background:#b45309;color:#fff;text-align:center;padding:10px 16px;font-weight:600;letter-spacing:.02em}
.banner span{display:inline-block;background:#fff;color:#b45309;border-radius:4px;padding:1px 8px;margin-right:10px;font-size:13px}
main{max-width:720px;margin:40px auto;padding:0 16px}
.card{background:#fff;border:1px solid #e5e7eb;border-radius:12px;padding:32px;box-shadow:0 1px 3px rgba(0,0,0,.06)}
h1{font-size:24px;margin:0 0 4px}h2{font-size:18px;margin:32px 0 12px}.muted{color:#6b7280}
.row{display:flex;justify-content:space-between;align-items:baseline;padding:12px 0;border-bottom:1px solid #f0f0f0}
.total{font-size:28px;font-weight:700}
.actions{display:flex;gap:12px;align-items:center;margin-top:28px;flex-wrap:wrap}
button,.button{font:inherit;font-weight:600;border-radius:8px;padding:12px 22px;border:0;cursor:pointer;text-decoration:none;display:inline-block}
.primary{background:#1f5c4a;color:#fff}.secondary{background:#fff;color:#1f5c4a;border:1px solid #1f5c4a}
.danger{background:#fff;color:#b91c1c;border:1px solid #b91c1c}
.notice{background:#fef3c7;border:1px solid #f59e0b;border-radius:8px;padding:12px 16px;margin:16px 0}
table{width:100%;border-collapse:collapse}th,td{text-align:left;padding:10px 8px;border-bottom:1px solid #f0f0f0}
th{font-size:13px;color:#6b7280;font-weight:600}td.num,th.num{text-align:right}
.brand{font-weight:700;color:#1f5c4a;margin-bottom:16px}
`;

// the routes' own schemas, built once per process rather than for every app
const idParams = z.object({ id: z.string().max(100) });

/**
 * The built-in billing provider's own pages (issue 18), server-rendered in the buyer's language under the web
 * app's Content-Security-Policy (no script; forms post to this origin): the test-mode checkout and the billing
 * portal. Both are reached by an unguessable id, as a payment provider's hosted pages are, and say plainly
 * that no money moves.
 */
export async function billingPageRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  provider: BillingProvider,
): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const product = BRAND_NAMES[chooseBrand(new URL(ctx.config.publicUrl).hostname)];

  const page = (reply: FastifyReply, language: Language, title: string, body: string, status = 200) => {
    const t = (key: string, vars?: Record<string, string>) => translate(language, key, vars);
    reply
      .code(status)
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(
        `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)} · ${escapeHtml(product)}</title><style>${STYLE}</style></head><body>` +
          `<div class="banner" role="status"><span>${escapeHtml(t('billing.test_mode'))}</span>${escapeHtml(t('billing.test_mode_notice'))}</div>` +
          `<main><div class="brand">${escapeHtml(product)}</div><div class="card">${body}</div></main></body></html>`,
      );
  };

  const packName = (language: Language, plan: string, limit: number) =>
    `${translate(language, `plans.${plan}`)} ${new Intl.NumberFormat(language).format(limit)}`;

  const productOf = async (productId: string) => (await provider.listProducts()).find((p) => p.id === productId);

  api.get('/billing/checkout/:id', { schema: { hide: true, params: idParams } }, async (request, reply) => {
    const checkout = await provider.findCheckout(request.params.id);
    if (!checkout) {
      const language = serverLanguage(undefined);
      return page(
        reply,
        language,
        translate(language, 'billing.checkout.title'),
        `<h1>${escapeHtml(translate(language, 'billing.checkout.not_found'))}</h1>`,
        404,
      );
    }
    const language = serverLanguage(checkout.language);
    const t = (key: string, vars?: Record<string, string>) => escapeHtml(translate(language, key, vars));
    const pack = await productOf(checkout.productId);
    const name = pack ? packName(language, pack.plan, pack.limit) : checkout.productId;
    const amount = money(checkout.amount, checkout.currency, language);
    const credits = new Intl.NumberFormat(language).format(checkout.credits);
    let state = '';
    if (checkout.status === 'complete') {
      state = `<p class="notice">${t('billing.checkout.paid')}</p><div class="actions"><a class="button primary" href="${escapeHtml(checkout.successUrl)}">${t('billing.checkout.continue')}</a></div>`;
    } else if (checkout.status === 'expired') {
      state = `<p class="notice">${t('billing.checkout.expired')}</p><div class="actions"><a class="button secondary" href="${escapeHtml(checkout.cancelUrl)}">${t('billing.checkout.back')}</a></div>`;
    } else {
      state = `<form method="post" action="/billing/checkout/${encodeURIComponent(checkout.id)}/pay" class="actions">
<button type="submit" class="primary">${t('billing.checkout.pay', { amount })}</button>
<a class="button secondary" href="${escapeHtml(checkout.cancelUrl)}">${t('billing.checkout.cancel')}</a></form>`;
    }
    return page(
      reply,
      language,
      translate(language, 'billing.checkout.title'),
      `<h1>${t('billing.checkout.heading', { pack: name })}</h1>
<p class="muted">${t('billing.checkout.for', { issuer: checkout.issuerName })}</p>
<div class="row"><span>${t('billing.checkout.pack')}</span><strong>${escapeHtml(name)}</strong></div>
<div class="row"><span>${t('billing.checkout.credits')}</span><strong>${escapeHtml(credits)}</strong></div>
<div class="row"><span>${t('billing.checkout.total')}</span><span class="total">${escapeHtml(amount)}</span></div>
<p class="muted">${t('billing.checkout.card_notice')}</p>${state}`,
    );
  });

  api.post('/billing/checkout/:id/pay', { schema: { hide: true, params: idParams } }, async (request, reply) => {
    try {
      const checkout = await provider.completeCheckout(request.params.id);
      return reply.redirect(checkout.successUrl, 303);
    } catch (error) {
      if (error instanceof AppError && error.statusCode < 500) {
        return reply.redirect(`/billing/checkout/${encodeURIComponent(request.params.id)}`, 303);
      }
      throw error;
    }
  });

  const portalSession = async (id: string) => {
    const session = await findLivePortalSession(ctx.db, id);
    const issuer = session ? await findIssuer(ctx.db, session.issuer_id) : undefined;
    return session && issuer ? { session, issuer } : null;
  };

  api.get('/billing/portal/:id', { schema: { hide: true, params: idParams } }, async (request, reply) => {
    const found = await portalSession(request.params.id);
    if (!found) {
      const language = serverLanguage(undefined);
      return page(
        reply,
        language,
        translate(language, 'billing.portal.title'),
        `<h1>${escapeHtml(translate(language, 'billing.portal.expired'))}</h1>`,
        404,
      );
    }
    const { session, issuer } = found;
    const language = serverLanguage(session.language);
    const t = (key: string, vars?: Record<string, string>) => escapeHtml(translate(language, key, vars));
    const account = await provider.readAccount(issuer);
    const products = await provider.listProducts();
    const nameOf = (id: string) => {
      const p = products.find((candidate) => candidate.id === id);
      return p ? packName(language, p.plan, p.limit) : id;
    };
    const action = (path: string) => `/billing/portal/${encodeURIComponent(session.id)}/${path}`;
    let plan = `<div class="row"><span>${t('billing.portal.plan')}</span><strong>${t(`plans.${account.plan.contract}`)}</strong></div>
<div class="row"><span>${t('billing.portal.pack')}</span><strong>${account.plan.product ? escapeHtml(nameOf(account.plan.product)) : t('billing.portal.no_pack')}</strong></div>`;
    if (account.plan.product) {
      if (account.plan.cancel_at) {
        plan += `<p class="notice">${t('billing.portal.cancel_pending', { date: day(account.plan.cancel_at, language) })}</p>
<form method="post" action="${action('resume')}" class="actions"><button type="submit" class="primary">${t('billing.portal.resume')}</button></form>`;
      } else {
        plan += `<p class="muted">${t('billing.portal.period_end', { date: day(`${account.anniversary}T00:00:00Z`, language) })}</p>
<form method="post" action="${action('cancel')}" class="actions"><button type="submit" class="danger">${t('billing.portal.cancel')}</button></form>`;
      }
    }
    const invoices = await provider.listInvoices(issuer.id);
    const rows = invoices
      .map(
        (invoice) =>
          `<tr><td>${escapeHtml(day(invoice.created_at, language))}</td><td>${escapeHtml(invoice.number)}</td><td>${t(`billing.portal.kind_${invoice.kind}`, { pack: nameOf(invoice.product) })}</td><td class="num">${escapeHtml(money(invoice.amount, invoice.currency, language))}</td><td>${t(`billing.portal.status_${invoice.status}`)}</td></tr>`,
      )
      .join('');
    const table = invoices.length
      ? `<table><thead><tr><th>${t('billing.portal.date')}</th><th>${t('billing.portal.number')}</th><th>${t('billing.portal.description')}</th><th class="num">${t('billing.portal.amount')}</th><th>${t('billing.portal.status')}</th></tr></thead><tbody>${rows}</tbody></table>`
      : `<p class="muted">${t('billing.portal.no_invoices')}</p>`;
    return page(
      reply,
      language,
      translate(language, 'billing.portal.title'),
      `<h1>${t('billing.portal.title')}</h1><p class="muted">${escapeHtml(issuer.name)}</p>${plan}
<h2>${t('billing.portal.invoices')}</h2>${table}
<div class="actions"><a class="button secondary" href="${escapeHtml(session.return_url)}">${t('billing.portal.back', { product })}</a></div>`,
    );
  });

  for (const [path, run] of [
    ['cancel', (issuerId: number) => provider.cancelAtPeriodEnd(issuerId)],
    ['resume', (issuerId: number) => provider.resume(issuerId)],
  ] as const) {
    api.post(`/billing/portal/:id/${path}`, { schema: { hide: true, params: idParams } }, async (request, reply) => {
      const found = await portalSession(request.params.id);
      if (!found) return reply.redirect(`/billing/portal/${encodeURIComponent(request.params.id)}`, 303);
      try {
        await run(found.issuer.id);
      } catch (error) {
        if (!(error instanceof AppError) || error.statusCode >= 500) throw error;
      }
      return reply.redirect(`/billing/portal/${encodeURIComponent(found.session.id)}`, 303);
    });
  }
}
