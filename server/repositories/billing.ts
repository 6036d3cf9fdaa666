import type { SelfServiceProduct } from '../../domain/selfServiceProducts';
import { nowIso } from '../db/clock';
import type { Kysely, Selectable } from 'kysely';
import type { BillingCheckoutTable, BillingInvoiceTable, Database } from '../db/schema';

/** The built-in billing provider's SQL (server/services/billing/localBilling.ts). */

export type CheckoutRow = Selectable<BillingCheckoutTable>;
export type InvoiceRow = Selectable<BillingInvoiceTable>;

/** Writes the catalogue's products and prices that the database does not hold yet (every start; idempotent). */
export async function ensureCatalogue(db: Kysely<Database>, products: readonly SelfServiceProduct[]): Promise<void> {
  const now = nowIso();
  for (const product of products) {
    await db
      .insertInto('billing_products')
      .values({ id: product.id, plan: product.plan, unit: product.unit, credits: product.limit, created_at: now })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
    for (const price of product.prices) {
      await db
        .insertInto('billing_prices')
        .values({
          id: price.id,
          product_id: product.id,
          billing_scheme: price.billing_scheme,
          currency: price.currency,
          unit_amount: price.unit_amount,
          currency_options: JSON.stringify(price.currency_options),
          created_at: now,
        })
        .onConflict((oc) => oc.column('id').doNothing())
        .execute();
    }
  }
}

export function listActiveProducts(db: Kysely<Database>) {
  return db.selectFrom('billing_products').selectAll().where('active', '=', 1).orderBy('credits').execute();
}

export function listActivePrices(db: Kysely<Database>) {
  return db.selectFrom('billing_prices').selectAll().where('active', '=', 1).orderBy('id').execute();
}

export async function accountCurrency(db: Kysely<Database>, issuerId: number): Promise<string | null> {
  const row = await db
    .selectFrom('billing_accounts')
    .select('currency')
    .where('issuer_id', '=', issuerId)
    .executeTakeFirst();
  return row?.currency ?? null;
}

/** The account's currency is the one of its first checkout; later calls keep it. */
export async function ensureBillingAccount(db: Kysely<Database>, issuerId: number, currency: string): Promise<void> {
  await db
    .insertInto('billing_accounts')
    .values({ issuer_id: issuerId, currency, created_at: nowIso() })
    .onConflict((oc) => oc.column('issuer_id').doNothing())
    .execute();
}

export async function insertCheckout(db: Kysely<Database>, checkout: CheckoutRow): Promise<void> {
  await db.insertInto('billing_checkouts').values(checkout).execute();
}

export function findCheckoutRow(db: Kysely<Database>, id: string) {
  return db
    .selectFrom('billing_checkouts')
    .innerJoin('issuers', 'issuers.id', 'billing_checkouts.issuer_id')
    .selectAll('billing_checkouts')
    .select('issuers.name as issuer_name')
    .where('billing_checkouts.id', '=', id)
    .executeTakeFirst();
}

/** Marks an open, unexpired checkout complete; false when it was not open (already completed, or expired). */
export async function markCheckoutComplete(db: Kysely<Database>, id: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('billing_checkouts')
    .set({ status: 'complete', completed_at: now })
    .where('id', '=', id)
    .where('status', '=', 'open')
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function insertInvoice(db: Kysely<Database>, invoice: Omit<InvoiceRow, 'id'>): Promise<void> {
  await db.insertInto('billing_invoices').values(invoice).execute();
}

export function listInvoiceRows(db: Kysely<Database>, issuerId: number) {
  return db
    .selectFrom('billing_invoices')
    .selectAll()
    .where('issuer_id', '=', issuerId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** Puts the issuer on a plan and product, withdrawing any pending cancellation. */
export async function setPlanProduct(
  db: Kysely<Database>,
  issuerId: number,
  plan: string,
  productId: string,
  expectedProduct?: string | null,
): Promise<boolean> {
  let query = db
    .updateTable('issuers')
    .set({ plan, plan_product: productId, plan_cancel_at: null })
    .where('id', '=', issuerId);
  if (expectedProduct !== undefined) {
    query =
      expectedProduct === null
        ? query.where('plan_product', 'is', null)
        : query.where('plan_product', '=', expectedProduct);
  }
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function setCancelAt(db: Kysely<Database>, issuerId: number, cancelAt: string | null): Promise<void> {
  await db
    .updateTable('issuers')
    .set({ plan_cancel_at: cancelAt })
    .where('id', '=', issuerId)
    .where('plan_product', 'is not', null)
    .execute();
}

/** Ends a plan whose pending cancellation is due: back to FREE_TRIAL without a product. */
export async function endDuePlan(db: Kysely<Database>, issuerId: number, now: string): Promise<boolean> {
  const result = await db
    .updateTable('issuers')
    .set({ plan: 'FREE_TRIAL', plan_product: null, plan_cancel_at: null })
    .where('id', '=', issuerId)
    .where('plan_cancel_at', 'is not', null)
    .where('plan_cancel_at', '<=', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function insertPortalSession(
  db: Kysely<Database>,
  session: { id: string; issuerId: number; returnUrl: string; language: string; expiresAt: string },
): Promise<void> {
  await db
    .insertInto('billing_portal_sessions')
    .values({
      id: session.id,
      issuer_id: session.issuerId,
      return_url: session.returnUrl,
      language: session.language,
      created_at: nowIso(),
      expires_at: session.expiresAt,
    })
    .execute();
}

export function findLivePortalSession(db: Kysely<Database>, id: string) {
  return db
    .selectFrom('billing_portal_sessions')
    .selectAll()
    .where('id', '=', id)
    .where('expires_at', '>', nowIso())
    .executeTakeFirst();
}
