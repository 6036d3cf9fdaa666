import { apiLanguage, apiRequest, type ApiBody, type ApiResult, type WithLocale } from './apiRequest';

/** A checkout of one pack: its price, the currency, the page's language and where the buyer comes back to. */
export type CheckoutRequest = WithLocale<ApiBody<'/api/billing/checkout/{issuer}', 'post'>>;
/** The billing portal's return address and language. */
export type BillingPortalRequest = WithLocale<ApiBody<'/api/billing/accounts/{issuer}/billing-portal', 'post'>>;
/** The self-service packs on sale with their prices (domain/selfServiceProducts.ts's SelfServiceProduct[]). */
export type BillingProducts = ApiResult<'/api/billing/products', 'get'>;

/** The billing service calls of spec 000 section 7 (server/routes/billing.ts), for My plan. */
export const billingMethods = {
  /** GET /api/billing/accounts/{issuer}: the account, polled after a checkout */
  getBillingAccount: async (issuerId: number) =>
    (await apiRequest('/api/billing/accounts/{issuer}', 'get', { path: { issuer: issuerId } })).body,
  /** GET /api/billing/products: the packs on sale with their prices */
  getBillingProducts: async () => (await apiRequest('/api/billing/products', 'get')).body,
  /** POST /api/billing/checkout/{issuer}: answers the checkout page to open */
  startCheckout: async (issuerId: number, request: CheckoutRequest) =>
    (
      await apiRequest('/api/billing/checkout/{issuer}', 'post', {
        path: { issuer: issuerId },
        json: { ...request, language: apiLanguage(request.language) },
      })
    ).body,
  /** GET /api/billing/accounts/{issuer}/upgrade-fee: what moving to a larger pack costs now */
  getUpgradeFee: async (issuerId: number, product: string) =>
    (
      await apiRequest('/api/billing/accounts/{issuer}/upgrade-fee', 'get', {
        path: { issuer: issuerId },
        query: { product },
      })
    ).body,
  /** PATCH /api/billing/accounts/{issuer}/plan: the upgrade, at the fee the person agreed to */
  changePlan: async (issuerId: number, product: string, expectedFee: number) =>
    (
      await apiRequest('/api/billing/accounts/{issuer}/plan', 'patch', {
        path: { issuer: issuerId },
        json: { product, expected_fee: expectedFee },
      })
    ).body,
  /** POST /api/billing/accounts/{issuer}/billing-portal: answers the portal page to open */
  openBillingPortal: async (issuerId: number, request: BillingPortalRequest) =>
    (
      await apiRequest('/api/billing/accounts/{issuer}/billing-portal', 'post', {
        path: { issuer: issuerId },
        json: { ...request, language: apiLanguage(request.language) },
      })
    ).body,
};
