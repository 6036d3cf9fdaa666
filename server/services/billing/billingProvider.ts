import type { Account, AccountUsage } from '../../../domain/account';
import type { SelfServiceProduct } from '../../../domain/selfServiceProducts';
import type { ParsedIssuer } from '../../repositories/issuerRows';

/**
 * The billing service of spec 000 section 7, as one adapter. The routes of server/routes/billing.ts call only
 * this interface; the built-in provider (localBilling.ts) keeps everything in our database and serves its own
 * test-mode checkout and portal pages. A real payment provider plugs in by implementing the same interface:
 * `createCheckout` and `createPortal` answer that provider's hosted pages, and its webhook calls the same
 * completion path (`completeCheckout`) so that credits are added once, in one transaction, whatever the replays.
 *
 * Amounts are in minor units of their currency (cents); currencies are upper-case ISO 4217 codes, except inside
 * a product's prices, which keep the payment providers' lower-case codes.
 */
export interface BillingProvider {
  /** the self-service products on sale, with their prices (GET products) */
  listProducts(): Promise<SelfServiceProduct[]>;
  /** the currencies a checkout may take (GET checkout/currencies) */
  currencies(): Promise<string[]>;
  /** a checkout of one pack for the issuer; answers the page to send the buyer to (POST checkout/{issuer}) */
  createCheckout(issuer: ParsedIssuer, order: CheckoutOrder): Promise<{ url: string }>;
  /**
   * Completes a paid checkout: credits, plan and invoice in one transaction. A checkout completed before is
   * answered as it was, never credited twice. Called by the test-mode page's Pay button (or a provider's webhook).
   */
  completeCheckout(checkoutId: string): Promise<CheckoutView>;
  /** a checkout as its page shows it, or null when unknown */
  findCheckout(checkoutId: string): Promise<CheckoutView | null>;
  /** the Account of spec 000 section 3 (GET accounts/{issuer}) */
  readAccount(issuer: ParsedIssuer): Promise<Account>;
  /** this plan year's usage (GET usage/{issuer}) */
  usage(issuer: ParsedIssuer): Promise<AccountUsage>;
  /** what moving the held pack to `productId` costs now (GET accounts/{issuer}/upgrade-fee) */
  upgradeFee(issuer: ParsedIssuer, productId: string): Promise<Money>;
  /** moves the held pack to `productId`, charging the fee only when it is still `expectedFee` (PATCH .../plan) */
  changePlan(issuer: ParsedIssuer, productId: string, expectedFee: number): Promise<Account>;
  /** a billing-portal session; answers its page (POST accounts/{issuer}/billing-portal) */
  createPortal(issuer: ParsedIssuer, options: { returnUrl: string; language: string }): Promise<{ url: string }>;
  /** cancels the held pack at the end of the current period (pending until then; cancel_at set) */
  cancelAtPeriodEnd(issuerId: number): Promise<void>;
  /** withdraws a pending cancellation */
  resume(issuerId: number): Promise<void>;
  /** the issuer's invoices, newest first */
  listInvoices(issuerId: number): Promise<Invoice[]>;
}

export interface Money {
  amount: number;
  currency: string;
}

export interface CheckoutOrder {
  priceId: string;
  currency: string;
  language: string;
  successUrl: string;
  cancelUrl: string;
}

export interface CheckoutView {
  id: string;
  issuerId: number;
  issuerName: string;
  productId: string;
  credits: number;
  amount: number;
  currency: string;
  status: 'open' | 'complete' | 'expired';
  language: string;
  successUrl: string;
  cancelUrl: string;
}

export interface Invoice {
  id: number;
  number: string;
  kind: 'pack' | 'upgrade';
  product: string;
  amount: number;
  currency: string;
  status: 'paid';
  created_at: string;
}
