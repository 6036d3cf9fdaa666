import type { BillingUnit } from './account';
import type { Plan } from './plans';

/**
 * The self-service products of spec 000 sections 2.14, 3 and 5: packs of certificates a year, priced in minor
 * units of their currency. This is the default catalogue: the built-in billing provider
 * (server/services/billing/) keeps it in the database and sells it through its test-mode checkout.
 */

/** One band of a tiered price: units up to `up_to` (null: no upper bound) cost `unit_amount` each. */
export interface PriceTier {
  up_to: number | null;
  unit_amount: number;
}

export interface CurrencyOption {
  unit_amount: number | null;
  tiers: PriceTier[] | null;
}

/**
 * A price as a payment provider describes one: per_unit (unit_amount each) or tiered, graduated (each unit
 * costs the amount of the tier it falls in), with the same in other currencies.
 */
export interface ProductPrice {
  id: string;
  billing_scheme: 'per_unit' | 'tiered';
  unit_amount: number | null;
  /** lower-case ISO 4217 code, as payment providers write it */
  currency: string;
  currency_options: Record<string, CurrencyOption>;
}

export interface SelfServiceProduct {
  id: string;
  /** the plan the pack puts the account on */
  plan: Plan;
  unit: BillingUnit;
  /** the pack's limit: this many certificates a year */
  limit: number;
  prices: ProductPrice[];
}

/** The currencies packs are sold in (spec 000 section 9: EUR by default), as GET checkout/currencies lists them. */
export const BILLING_CURRENCIES = ['EUR', 'USD', 'GBP', 'CHF'] as const;
export type BillingCurrency = (typeof BILLING_CURRENCIES)[number];

/** Each currency's amounts per certificate in minor units: the per-unit pack's price, then the graduated bands. */
const CURRENCY_AMOUNTS: Record<
  Lowercase<BillingCurrency>,
  { perUnit: number; tiers: [number, number, number, number] }
> = {
  eur: { perUnit: 300, tiers: [300, 200, 150, 100] },
  usd: { perUnit: 330, tiers: [330, 220, 165, 110] },
  gbp: { perUnit: 260, tiers: [260, 175, 130, 90] },
  chf: { perUnit: 290, tiers: [290, 195, 145, 100] },
};

/** Graduated prices per certificate: the more certificates, the cheaper each one beyond a band. */
function tiersOf(amounts: readonly number[]): PriceTier[] {
  return [
    { up_to: 500, unit_amount: amounts[0] },
    { up_to: 2000, unit_amount: amounts[1] },
    { up_to: 5000, unit_amount: amounts[2] },
    { up_to: null, unit_amount: amounts[3] },
  ];
}

function essentialsPack(limit: number, billingScheme: ProductPrice['billing_scheme']) {
  const options = Object.fromEntries(
    Object.entries(CURRENCY_AMOUNTS).map(([code, amounts]) => [
      code,
      billingScheme === 'per_unit'
        ? { unit_amount: amounts.perUnit, tiers: null }
        : { unit_amount: null, tiers: tiersOf(amounts.tiers) },
    ]),
  ) as Record<string, CurrencyOption>;
  return {
    id: `essentials_${limit}`,
    plan: 'ESSENTIALS_PACK',
    unit: 'CERTIFICATE',
    limit,
    prices: [
      {
        id: `essentials_${limit}_eur`,
        billing_scheme: billingScheme,
        unit_amount: options.eur.unit_amount,
        currency: 'eur',
        currency_options: options,
      },
    ],
  } satisfies SelfServiceProduct;
}

/** The packs, smallest first; their limits follow the onboarding's recipient bands (spec 000 section 9). */
export const SELF_SERVICE_PRODUCTS: readonly SelfServiceProduct[] = [
  essentialsPack(500, 'per_unit'),
  essentialsPack(2000, 'tiered'),
  essentialsPack(5000, 'tiered'),
  essentialsPack(8000, 'tiered'),
];

export function findProduct(id: string | null): SelfServiceProduct | null {
  return SELF_SERVICE_PRODUCTS.find((product) => product.id === id) ?? null;
}

/** The static coupon the plan page shows (spec 000 section 2.14). */
export const PLAN_COUPON = { code: 'LAUREL40', percentOff: 40 } as const;

/** The price's terms in a currency (ISO code, any case), or null when it is not sold in that currency. */
export function priceIn(price: ProductPrice, currency: string): CurrencyOption | null {
  const code = currency.toLowerCase();
  const option = price.currency_options[code];
  if (option) return option;
  return price.currency === code ? { unit_amount: price.unit_amount, tiers: null } : null;
}

/** What `quantity` units cost, in minor units: unit_amount each, or each unit at its tier's amount. */
export function amountFor(price: ProductPrice, currency: string, quantity: number): number | null {
  const option = priceIn(price, currency);
  if (!option) return null;
  if (price.billing_scheme === 'per_unit') return option.unit_amount === null ? null : option.unit_amount * quantity;
  if (!option.tiers) return null;
  let total = 0;
  let counted = 0;
  for (const tier of option.tiers) {
    const upTo = tier.up_to === null ? quantity : Math.min(tier.up_to, quantity);
    if (upTo > counted) {
      total += (upTo - counted) * tier.unit_amount;
      counted = upTo;
    }
    if (counted >= quantity) return total;
  }
  // the last tier ends before the quantity: not sold in that amount
  return null;
}

export function findPrice(priceId: string): { product: SelfServiceProduct; price: ProductPrice } | null {
  for (const product of SELF_SERVICE_PRODUCTS) {
    const price = product.prices.find((p) => p.id === priceId);
    if (price) return { product, price };
  }
  return null;
}

/** A pack's price for its whole limit and what one certificate comes to, in minor units. */
export interface PackQuote {
  total: number;
  perUnit: number;
}

export function packQuote(product: SelfServiceProduct, currency: string): PackQuote | null {
  for (const price of product.prices) {
    const total = amountFor(price, currency, product.limit);
    if (total !== null) return { total, perUnit: Math.round(total / product.limit) };
  }
  return null;
}

/** An amount after the coupon's reduction, rounded to the minor unit. */
export function withCoupon(amount: number, percentOff: number = PLAN_COUPON.percentOff): number {
  return Math.round((amount * (100 - percentOff)) / 100);
}

/**
 * The plan pack choice (spec 000 section 5): a pack whose limit is at or below the current cap is disabled,
 * except the largest, which can always be ordered again. With no cap every pack is open.
 */
export function isPackDisabled(
  product: SelfServiceProduct,
  cap: number | null,
  products: readonly SelfServiceProduct[] = SELF_SERVICE_PRODUCTS,
): boolean {
  if (cap === null) return false;
  const largest = Math.max(...products.map((p) => p.limit));
  return product.limit <= cap && product.limit < largest;
}
