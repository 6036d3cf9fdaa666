import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Account, AccountUsage } from '../../../domain/account';
import { planAtLeast, isPlan } from '../../../domain/plans';
import {
  BILLING_CURRENCIES,
  isPackDisabled,
  packQuote,
  SELF_SERVICE_PRODUCTS,
  type CurrencyOption,
  type SelfServiceProduct,
} from '../../../domain/selfServiceProducts';
import { isoAfterSeconds, nowIso } from '../../db/clock';
import type { Database } from '../../db/schema';
import type { ParsedIssuer } from '../../repositories/issuerRows';
import { AppError, notFound } from '../../errors';
import {
  accountCurrency,
  ensureBillingAccount,
  ensureCatalogue,
  findCheckoutRow,
  insertCheckout,
  insertInvoice,
  insertPortalSession,
  listActivePrices,
  listActiveProducts,
  listInvoiceRows,
  markCheckoutComplete,
  setCancelAt,
  setPlanProduct,
} from '../../repositories/billing';
import { addCredits, findIssuer } from '../../repositories/issuers';
import { readAccount } from '../account';
import type { BillingProvider, CheckoutOrder, CheckoutView, Invoice, Money } from './billingProvider';
import { inTransaction } from '../../db/transactions';

/** A checkout page stays payable for a day; a portal session for an hour (as hosted payment pages do). */
const CHECKOUT_TTL_SECONDS = 24 * 3600;
const PORTAL_TTL_SECONDS = 3600;

const conflict = (code: string, message: string, details?: Record<string, unknown>) =>
  new AppError(409, code, message, details);

function newId(prefix: string): string {
  return `${prefix}_${randomBytes(24).toString('base64url')}`;
}

function invoiceNumber(now: string): string {
  return `TEST-${now.slice(0, 10).replaceAll('-', '')}-${randomBytes(4).toString('hex').toUpperCase()}`;
}

/**
 * The built-in billing provider: the catalogue, billing accounts, checkouts, invoices and portal sessions live
 * in our database, and its checkout and portal pages (server/routes/billingPages.ts) run in TEST MODE: no money
 * moves, the Pay button completes the checkout.
 */
export class LocalBillingProvider implements BillingProvider {
  private catalogueReady: Promise<void> | null = null;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly publicUrl: string,
  ) {}

  private ready(): Promise<void> {
    this.catalogueReady ??= ensureCatalogue(this.db, SELF_SERVICE_PRODUCTS).catch((error: unknown) => {
      this.catalogueReady = null;
      throw error;
    });
    return this.catalogueReady;
  }

  async listProducts(): Promise<SelfServiceProduct[]> {
    await this.ready();
    const [products, prices] = await Promise.all([listActiveProducts(this.db), listActivePrices(this.db)]);
    return products.flatMap((product) => {
      if (!isPlan(product.plan) || (product.unit !== 'CERTIFICATE' && product.unit !== 'RECIPIENT')) return [];
      return [
        {
          id: product.id,
          plan: product.plan,
          unit: product.unit,
          limit: product.credits,
          prices: prices
            .filter((price) => price.product_id === product.id)
            .map((price) => ({
              id: price.id,
              billing_scheme: price.billing_scheme === 'tiered' ? ('tiered' as const) : ('per_unit' as const),
              unit_amount: price.unit_amount,
              currency: price.currency,
              currency_options: JSON.parse(price.currency_options) as Record<string, CurrencyOption>,
            })),
        },
      ];
    });
  }

  async currencies(): Promise<string[]> {
    return [...BILLING_CURRENCIES];
  }

  private async product(productId: string): Promise<SelfServiceProduct> {
    const product = (await this.listProducts()).find((p) => p.id === productId);
    if (!product) throw notFound('PRODUCT_NOT_FOUND', 'No such product');
    return product;
  }

  private quote(product: SelfServiceProduct, currency: string): number {
    const quote = packQuote(product, currency);
    if (!quote) throw conflict('CURRENCY_NOT_OFFERED', `The product is not sold in ${currency}`);
    return quote.total;
  }

  async createCheckout(issuer: ParsedIssuer, order: CheckoutOrder): Promise<{ url: string }> {
    const products = await this.listProducts();
    const product = products.find((p) => p.prices.some((price) => price.id === order.priceId));
    if (!product) throw notFound('PRICE_NOT_FOUND', 'No such price');
    const currency = order.currency.toUpperCase();
    const held = await accountCurrency(this.db, issuer.id);
    if (held !== null && held !== currency) {
      throw conflict('CURRENCY_MISMATCH', `This account pays in ${held}`, { currency: held });
    }
    const amount = this.quote(product, currency);
    const account = await readAccount(this.db, issuer);
    if (isPackDisabled(product, account.plan.annual_volume_cap, products)) {
      throw conflict('PACK_UNAVAILABLE', 'A pack at or below the current cap cannot be bought; upgrade instead');
    }
    const now = nowIso();
    const id = newId('cs_test');
    await insertCheckout(this.db, {
      id,
      issuer_id: issuer.id,
      product_id: product.id,
      price_id: order.priceId,
      currency,
      amount,
      credits: product.limit,
      status: 'open',
      language: order.language,
      success_url: order.successUrl,
      cancel_url: order.cancelUrl,
      created_at: now,
      expires_at: isoAfterSeconds(CHECKOUT_TTL_SECONDS),
      completed_at: null,
    });
    return { url: `${this.publicUrl}/billing/checkout/${id}` };
  }

  async findCheckout(checkoutId: string): Promise<CheckoutView | null> {
    const row = await findCheckoutRow(this.db, checkoutId);
    if (!row) return null;
    const expired = row.status === 'open' && row.expires_at <= nowIso();
    return {
      id: row.id,
      issuerId: row.issuer_id,
      issuerName: row.issuer_name,
      productId: row.product_id,
      credits: row.credits,
      amount: row.amount,
      currency: row.currency,
      status: expired ? 'expired' : row.status,
      language: row.language,
      successUrl: row.success_url,
      cancelUrl: row.cancel_url,
    };
  }

  async completeCheckout(checkoutId: string): Promise<CheckoutView> {
    const checkout = await this.findCheckout(checkoutId);
    if (!checkout) throw notFound('CHECKOUT_NOT_FOUND', 'No such checkout');
    if (checkout.status === 'expired') throw conflict('CHECKOUT_EXPIRED', 'This checkout has expired');
    if (checkout.status === 'complete') return checkout;
    const product = await this.product(checkout.productId);
    await inTransaction(this.db, async (trx) => {
      const now = nowIso();
      // only the first completion goes on: a replayed Pay (or webhook) finds the checkout no longer open
      if (!(await markCheckoutComplete(trx, checkoutId, now))) return;
      const issuer = await findIssuer(trx, checkout.issuerId);
      if (!issuer) return;
      const number = invoiceNumber(now);
      await ensureBillingAccount(trx, issuer.id, checkout.currency);
      // a pack never lowers a higher plan (WHITE_LABEL and above keep theirs)
      const plan = isPlan(issuer.plan) && planAtLeast(issuer.plan, product.plan) ? issuer.plan : product.plan;
      await setPlanProduct(trx, issuer.id, plan, product.id);
      await addCredits(trx, issuer.id, checkout.credits, `pack ${product.id}, invoice ${number}`);
      await insertInvoice(trx, {
        issuer_id: issuer.id,
        number,
        kind: 'pack',
        product_id: product.id,
        currency: checkout.currency,
        amount: checkout.amount,
        status: 'paid',
        checkout_id: checkoutId,
        created_at: now,
      });
    });
    return { ...checkout, status: 'complete' };
  }

  readAccount(issuer: ParsedIssuer): Promise<Account> {
    return readAccount(this.db, issuer);
  }

  async usage(issuer: ParsedIssuer): Promise<AccountUsage> {
    return (await readAccount(this.db, issuer)).usage;
  }

  /** The held pack, the target and the fee: the difference of the two packs' prices in the account's currency. */
  private async upgrade(issuer: ParsedIssuer, productId: string) {
    const account = await readAccount(this.db, issuer);
    const target = await this.product(productId);
    if (account.plan.product === null) {
      throw conflict('NO_PLAN_PRODUCT', 'The account holds no pack yet: buy one through a checkout');
    }
    const current = await this.product(account.plan.product);
    if (target.limit <= current.limit) throw conflict('NOT_AN_UPGRADE', 'Only a larger pack can replace the held one');
    const amount = this.quote(target, account.currency) - this.quote(current, account.currency);
    return { current, target, fee: { amount: Math.max(0, amount), currency: account.currency } };
  }

  async upgradeFee(issuer: ParsedIssuer, productId: string): Promise<Money> {
    return (await this.upgrade(issuer, productId)).fee;
  }

  async changePlan(issuer: ParsedIssuer, productId: string, expectedFee: number): Promise<Account> {
    const { current, target, fee } = await this.upgrade(issuer, productId);
    if (fee.amount !== expectedFee) {
      throw conflict('FEE_CHANGED', 'The upgrade fee is not the one expected', { amount: fee.amount });
    }
    await inTransaction(this.db, async (trx) => {
      const now = nowIso();
      const plan = isPlan(issuer.plan) && planAtLeast(issuer.plan, target.plan) ? issuer.plan : target.plan;
      // moves only from the pack the fee was computed for: a concurrent change makes this one refused
      if (!(await setPlanProduct(trx, issuer.id, plan, target.id, current.id))) {
        throw conflict('PLAN_CHANGED', 'The plan changed meanwhile; ask for the fee again');
      }
      const number = invoiceNumber(now);
      await addCredits(trx, issuer.id, target.limit - current.limit, `upgrade to ${target.id}, invoice ${number}`);
      await ensureBillingAccount(trx, issuer.id, fee.currency);
      await insertInvoice(trx, {
        issuer_id: issuer.id,
        number,
        kind: 'upgrade',
        product_id: target.id,
        currency: fee.currency,
        amount: fee.amount,
        status: 'paid',
        checkout_id: null,
        created_at: now,
      });
    });
    const updated = await findIssuer(this.db, issuer.id);
    return readAccount(this.db, updated ?? issuer);
  }

  async createPortal(issuer: ParsedIssuer, options: { returnUrl: string; language: string }): Promise<{ url: string }> {
    const id = newId('bps_test');
    await insertPortalSession(this.db, {
      id,
      issuerId: issuer.id,
      returnUrl: options.returnUrl,
      language: options.language,
      expiresAt: isoAfterSeconds(PORTAL_TTL_SECONDS),
    });
    return { url: `${this.publicUrl}/billing/portal/${id}` };
  }

  async cancelAtPeriodEnd(issuerId: number): Promise<void> {
    const issuer = await findIssuer(this.db, issuerId);
    if (!issuer || issuer.plan_product === null) throw conflict('NO_PLAN_PRODUCT', 'The account holds no pack');
    if (issuer.plan_cancel_at !== null) return;
    const { anniversary } = await readAccount(this.db, issuer);
    await setCancelAt(this.db, issuerId, `${anniversary}T00:00:00.000Z`);
  }

  async resume(issuerId: number): Promise<void> {
    await setCancelAt(this.db, issuerId, null);
  }

  async listInvoices(issuerId: number): Promise<Invoice[]> {
    const rows = await listInvoiceRows(this.db, issuerId);
    return rows.map((row) => ({
      id: row.id,
      number: row.number,
      kind: row.kind,
      product: row.product_id,
      amount: row.amount,
      currency: row.currency,
      status: row.status,
      created_at: row.created_at,
    }));
  }
}
