import type { Account } from '../../domain/account';
import type { SelfServiceProduct } from '../../domain/selfServiceProducts';
import { apiFetch } from './httpClient';

export interface CheckoutRequest {
  price: string;
  currency: string;
  language: string;
  success_url: string;
  cancel_url: string;
}

/** The billing service calls of spec 000 section 7 (server/routes/billing.ts), for My plan. */
export const billingMethods = {
  /** GET /api/billing/accounts/{issuer}: the account, polled after a checkout */
  getBillingAccount: async (issuerId: number) => (await apiFetch<Account>(`/api/billing/accounts/${issuerId}`)).body,
  /** GET /api/billing/products: the packs on sale with their prices */
  getBillingProducts: async () => (await apiFetch<SelfServiceProduct[]>('/api/billing/products')).body,
  /** POST /api/billing/checkout/{issuer}: answers the checkout page to open */
  startCheckout: async (issuerId: number, request: CheckoutRequest) =>
    (await apiFetch<{ url: string }>(`/api/billing/checkout/${issuerId}`, { method: 'POST', json: request })).body,
  /** GET /api/billing/accounts/{issuer}/upgrade-fee: what moving to a larger pack costs now */
  getUpgradeFee: async (issuerId: number, product: string) =>
    (
      await apiFetch<{ amount: number; currency: string }>(
        `/api/billing/accounts/${issuerId}/upgrade-fee?${new URLSearchParams({ product })}`,
      )
    ).body,
  /** PATCH /api/billing/accounts/{issuer}/plan: the upgrade, at the fee the person agreed to */
  changePlan: async (issuerId: number, product: string, expectedFee: number) =>
    (
      await apiFetch<Account>(`/api/billing/accounts/${issuerId}/plan`, {
        method: 'PATCH',
        json: { product, expected_fee: expectedFee },
      })
    ).body,
  /** POST /api/billing/accounts/{issuer}/billing-portal: answers the portal page to open */
  openBillingPortal: async (issuerId: number, request: { return_url: string; language: string }) =>
    (
      await apiFetch<{ url: string }>(`/api/billing/accounts/${issuerId}/billing-portal`, {
        method: 'POST',
        json: request,
      })
    ).body,
};
