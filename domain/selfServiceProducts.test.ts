import { describe, expect, it } from 'vitest';
import {
  amountFor,
  findProduct,
  isPackDisabled,
  packQuote,
  priceIn,
  SELF_SERVICE_PRODUCTS,
  withCoupon,
  type ProductPrice,
} from './selfServiceProducts';

const tiered: ProductPrice = {
  id: 'p',
  billing_scheme: 'tiered',
  unit_amount: null,
  currency: 'eur',
  currency_options: {
    eur: {
      unit_amount: null,
      tiers: [
        { up_to: 10, unit_amount: 100 },
        { up_to: null, unit_amount: 50 },
      ],
    },
  },
};

describe('self-service product prices', () => {
  it('multiplies a per-unit price', () => {
    const price: ProductPrice = { ...tiered, billing_scheme: 'per_unit', unit_amount: 300, currency_options: {} };
    expect(amountFor(price, 'EUR', 500)).toBe(150_000);
  });

  it('prices each unit of a tiered price at its own tier (graduated)', () => {
    expect(amountFor(tiered, 'EUR', 4)).toBe(400);
    expect(amountFor(tiered, 'EUR', 10)).toBe(1000);
    expect(amountFor(tiered, 'EUR', 30)).toBe(1000 + 20 * 50);
  });

  it('has no amount beyond the last bounded tier, nor in a currency it is not sold in', () => {
    const bounded: ProductPrice = {
      ...tiered,
      currency_options: { eur: { unit_amount: null, tiers: [{ up_to: 10, unit_amount: 100 }] } },
    };
    expect(amountFor(bounded, 'EUR', 11)).toBeNull();
    expect(amountFor(tiered, 'USD', 1)).toBeNull();
    expect(priceIn(tiered, 'usd')).toBeNull();
  });

  it('quotes each pack for its whole limit, with what one certificate comes to', () => {
    expect(SELF_SERVICE_PRODUCTS.map((p) => [p.id, packQuote(p, 'EUR')])).toEqual([
      ['essentials_500', { total: 150_000, perUnit: 300 }],
      ['essentials_2000', { total: 450_000, perUnit: 225 }],
      ['essentials_5000', { total: 900_000, perUnit: 180 }],
      ['essentials_8000', { total: 1_200_000, perUnit: 150 }],
    ]);
  });

  it('takes 40 % off with the coupon, to the cent', () => {
    expect(withCoupon(150_000)).toBe(90_000);
    expect(withCoupon(999)).toBe(599);
  });

  it('finds a product by id', () => {
    expect(findProduct('essentials_2000')?.limit).toBe(2000);
    expect(findProduct('nope')).toBeNull();
    expect(findProduct(null)).toBeNull();
  });
});

describe('plan pack choice', () => {
  const disabled = (cap: number | null) =>
    SELF_SERVICE_PRODUCTS.filter((p) => isPackDisabled(p, cap)).map((p) => p.limit);

  it('opens every pack when there is no cap', () => {
    expect(disabled(null)).toEqual([]);
  });

  it('disables packs at or below the current cap', () => {
    expect(disabled(499)).toEqual([]);
    expect(disabled(500)).toEqual([500]);
    expect(disabled(2000)).toEqual([500, 2000]);
    expect(disabled(4999)).toEqual([500, 2000]);
  });

  it('never disables the largest pack', () => {
    expect(disabled(8000)).toEqual([500, 2000, 5000]);
    expect(disabled(100_000)).toEqual([500, 2000, 5000]);
  });
});
