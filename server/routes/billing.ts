import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SUPPORTED_LANGUAGES } from '../../domain/language';
import { PLAN_ORDER } from '../../domain/plans';
import { authOf, sessionOf } from '../auth/guard';
import type { AppContext } from '../context';
import { AppError } from '../errors';
import { LocalBillingProvider } from '../services/billing/localBilling';
import type { BillingProvider } from '../services/billing/billingProvider';
import { issuerNotFound } from '../services/issuerProfile';
import { onboardAccount } from '../services/onboarding';
import { accountSchema } from './account';

const tier = z.object({ up_to: z.number().int().nullable(), unit_amount: z.number().int() });
const currencyOption = z.object({ unit_amount: z.number().int().nullable(), tiers: z.array(tier).nullable() });
/** The Self-service product of spec 000 section 3; amounts in minor units. */
export const productSchema = z.object({
  id: z.string(),
  plan: z.enum(PLAN_ORDER),
  unit: z.enum(['RECIPIENT', 'CERTIFICATE']),
  limit: z.number().int(),
  prices: z.array(
    z.object({
      id: z.string(),
      billing_scheme: z.enum(['per_unit', 'tiered']),
      unit_amount: z.number().int().nullable(),
      currency: z.string(),
      currency_options: z.record(z.string(), currencyOption),
    }),
  ),
});
const moneySchema = z.object({ amount: z.number().int(), currency: z.string() });
const invoiceSchema = z.object({
  id: z.number().int(),
  number: z.string(),
  kind: z.enum(['pack', 'upgrade']),
  product: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  status: z.literal('paid'),
  created_at: z.string(),
});
const urlAnswer = z.object({ url: z.string() });
const issuerParams = z.object({ issuer: z.coerce.number().int().positive() });
const language = z.enum(SUPPORTED_LANGUAGES).default('en');

const readAccess = { access: { resource: 'myplan' as const, action: 'show' as const } };
const billingAccess = (action: 'show' | 'list' | 'create' | 'edit') => ({
  access: { resource: 'billing' as const, action },
});

// the routes' own schemas, built once per process rather than for every app
const billingProductsAnswer = z.array(productSchema);
const checkoutCurrenciesAnswer = z.array(z.string());
const accountsUpgradeFeeQuery = z.object({ product: z.string().max(100) });
const accountsPlanBody = z.object({ product: z.string().max(100), expected_fee: z.number().int().nonnegative() });
const accountsInvoicesAnswer = z.array(invoiceSchema);

/**
 * The billing service calls of spec 000 section 7 under /api/billing, over the BillingProvider adapter. Reading
 * the products, currencies, account and usage is for every signed-in user of the issuer (My plan); buying,
 * changing the plan, the portal and the invoices are the Administrator's. Another issuer's id is 404.
 */
export async function billingRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  provider: BillingProvider = new LocalBillingProvider(ctx.db, ctx.config.publicUrl),
): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const origin = new URL(ctx.config.publicUrl).origin;

  /** Return addresses must be ours: a checkout or portal never sends the buyer elsewhere. */
  const ownUrl = (field: string) =>
    z
      .string()
      .max(2000)
      .refine((value) => URL.canParse(value) && new URL(value).origin === origin, {
        message: `${field} must be an address of this installation`,
      });

  const ownIssuer = (request: Parameters<typeof authOf>[0], id: number) => {
    const { issuer } = authOf(request);
    if (id !== issuer.id) throw issuerNotFound();
    return issuer;
  };

  api.get(
    '/api/billing/products',
    {
      config: readAccess,
      schema: {
        summary: 'The self-service products on sale, with their prices',
        description:
          'Each product is a pack of credits (limit) that puts the account on its plan. Prices are per_unit (unit_amount each) or tiered (graduated: each unit at its tier), in minor units, with currency_options for every currency sold.',
        response: { 200: billingProductsAnswer },
      },
    },
    () => provider.listProducts(),
  );

  api.get(
    '/api/billing/checkout/currencies',
    {
      config: readAccess,
      schema: {
        summary: 'The currencies a checkout takes (ISO 4217, EUR first)',
        response: { 200: checkoutCurrenciesAnswer },
      },
    },
    () => provider.currencies(),
  );

  api.post(
    '/api/billing/checkout/:issuer',
    {
      config: billingAccess('create'),
      schema: {
        summary: 'Start a checkout of one pack; answers the checkout page to send the buyer to',
        description:
          'price is a price id of GET /api/billing/products. The account pays in the currency of its first checkout (409 CURRENCY_MISMATCH otherwise); a pack at or below the current cap, except the largest, is 409 PACK_UNAVAILABLE. success_url and cancel_url must be addresses of this installation. The built-in provider answers its own test-mode page.',
        params: issuerParams,
        body: z.object({
          price: z.string().max(100),
          currency: z.string().length(3).default('EUR'),
          language,
          success_url: ownUrl('success_url'),
          cancel_url: ownUrl('cancel_url'),
        }),
        response: { 200: urlAnswer },
      },
    },
    async (request) => {
      const issuer = ownIssuer(request, request.params.issuer);
      const { price, currency, success_url, cancel_url } = request.body;
      return provider.createCheckout(issuer, {
        priceId: price,
        currency,
        language: request.body.language,
        successUrl: success_url,
        cancelUrl: cancel_url,
      });
    },
  );

  api.get(
    '/api/billing/accounts/:issuer',
    {
      config: readAccess,
      schema: {
        summary: "The issuer's account: plan, product, pending cancellation, currency and usage",
        params: issuerParams,
        response: { 200: accountSchema },
      },
    },
    (request) => provider.readAccount(ownIssuer(request, request.params.issuer)),
  );

  api.patch(
    '/api/billing/accounts/:issuer/onboard',
    {
      config: { access: { resource: 'onboarding', action: 'edit' } },
      schema: {
        summary: 'Mark the free-trial account onboarded (as PATCH /api/issuer/{id}/account/onboard)',
        params: issuerParams,
        response: { 200: accountSchema },
      },
    },
    (request) => {
      ownIssuer(request, request.params.issuer);
      return onboardAccount(ctx.db, sessionOf(request));
    },
  );

  api.post(
    '/api/billing/accounts/:issuer/verify',
    {
      config: billingAccess('edit'),
      schema: {
        summary: 'The account verify action, run after the verification form was submitted',
        description:
          'Our verification form (POST /api/issuer/verification) records the submission itself; this call answers the account, or 409 VERIFICATION_NOT_SUBMITTED before a submission.',
        params: issuerParams,
        response: { 200: accountSchema },
      },
    },
    async (request) => {
      const account = await provider.readAccount(ownIssuer(request, request.params.issuer));
      if (!account.verification_submitted && !account.verification) {
        throw new AppError(409, 'VERIFICATION_NOT_SUBMITTED', 'No verification was submitted');
      }
      return account;
    },
  );

  api.post(
    '/api/billing/accounts/:issuer/billing-portal',
    {
      config: billingAccess('create'),
      schema: {
        summary: 'Open a billing-portal session (plan, cancellation, invoices); answers its page',
        params: issuerParams,
        body: z.object({ return_url: ownUrl('return_url'), language }),
        response: { 200: urlAnswer },
      },
    },
    (request) =>
      provider.createPortal(ownIssuer(request, request.params.issuer), {
        returnUrl: request.body.return_url,
        language: request.body.language,
      }),
  );

  api.get(
    '/api/billing/accounts/:issuer/upgrade-fee',
    {
      config: billingAccess('show'),
      schema: {
        summary: 'What moving the held pack to a larger one costs now',
        description:
          "amount is the difference of the two packs' prices in the account's currency (minor units). 409 NO_PLAN_PRODUCT without a held pack, NOT_AN_UPGRADE for a pack not larger.",
        params: issuerParams,
        querystring: accountsUpgradeFeeQuery,
        response: { 200: moneySchema },
      },
    },
    (request) => provider.upgradeFee(ownIssuer(request, request.params.issuer), request.query.product),
  );

  api.patch(
    '/api/billing/accounts/:issuer/plan',
    {
      config: billingAccess('edit'),
      schema: {
        summary: 'Move the held pack to a larger one, charging the expected fee',
        description:
          "expected_fee is the amount GET upgrade-fee answered; when the fee is no longer that, nothing changes and the answer is 409 FEE_CHANGED with the current amount. Adds the difference of the packs' credits to the credit log and an invoice, in one transaction.",
        params: issuerParams,
        body: accountsPlanBody,
        response: { 200: accountSchema },
      },
    },
    (request) =>
      provider.changePlan(ownIssuer(request, request.params.issuer), request.body.product, request.body.expected_fee),
  );

  api.get(
    '/api/billing/accounts/:issuer/invoices',
    {
      config: billingAccess('list'),
      schema: {
        summary: "The issuer's invoices, newest first",
        params: issuerParams,
        response: { 200: accountsInvoicesAnswer },
      },
    },
    (request) => provider.listInvoices(ownIssuer(request, request.params.issuer).id),
  );

  api.get(
    '/api/billing/usage/:issuer',
    {
      config: readAccess,
      schema: {
        summary: "This plan year's usage: certificates and distinct recipients since usage.since",
        params: issuerParams,
        response: { 200: accountSchema.shape.usage },
      },
    },
    (request) => provider.usage(ownIssuer(request, request.params.issuer)),
  );
}
