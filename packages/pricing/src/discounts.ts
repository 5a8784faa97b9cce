/**
 * Bulk (volume) discounts, one table for every category. The spec's table: fewer than 100 copies no discount,
 * 100–499 5%, 500–999 10%, 1000 and more 15%. A discount is a whole percent of the line's original total
 * (the spec: "the displayed discount amount is the percent times the total cost").
 */
import { roundDiv } from './money.js';

export interface DiscountTier {
  /** First quantity of the tier. */
  readonly minQuantity: number;
  /** Last quantity of the tier, or null for "and more". */
  readonly maxQuantity: number | null;
  /** Whole percent off the original total. */
  readonly percent: number;
}

/** Ordered by quantity; contiguous from 1 upward. */
export const BULK_DISCOUNT_TIERS: readonly DiscountTier[] = [
  { minQuantity: 1, maxQuantity: 99, percent: 0 },
  { minQuantity: 100, maxQuantity: 499, percent: 5 },
  { minQuantity: 500, maxQuantity: 999, percent: 10 },
  { minQuantity: 1000, maxQuantity: null, percent: 15 },
];

/**
 * A proof copy's quantity (docs/decisions/0078): one copy, whatever the book's saved run, priced at the single-copy
 * price. One copy is in the first tier, which has no discount: a proof never earns a bulk tier (tested).
 */
export const PROOF_QUANTITY = 1;

/** Percent off for a quantity (0 below 100). Branches instead of a table scan: this is on quote()'s hot path. */
export function discountPercentFor(quantity: number): number {
  if (quantity >= 1000) return 15;
  if (quantity >= 500) return 10;
  if (quantity >= 100) return 5;
  return 0;
}

/** The tier a quantity falls in. */
export function discountTierFor(quantity: number): DiscountTier {
  for (let i = BULK_DISCOUNT_TIERS.length - 1; i >= 0; i -= 1) {
    const tier = BULK_DISCOUNT_TIERS[i];
    if (tier && quantity >= tier.minQuantity) return tier;
  }
  throw new RangeError(`No discount tier for quantity ${quantity}`);
}

/**
 * percent × amount / 100 in cents, by the one rounding rule. The amount is split into whole dollars and a
 * remainder so the intermediate product never leaves the safe-integer range, whatever the amount.
 */
export function percentOf(amountCents: number, percent: number): number {
  const dollars = Math.trunc(amountCents / 100);
  const rest = amountCents - dollars * 100;
  return dollars * percent + roundDiv(rest * percent, 100);
}

/** The per-book price after a tier's discount: unit price × (100 − percent) / 100, by the one rounding rule. */
export function discountedUnitCents(unitPriceCents: number, percent: number): number {
  return roundDiv(unitPriceCents * (100 - percent), 100);
}

/** One row of the table the calculators show: the per-book price at each discount tier. */
export interface TierPrice extends DiscountTier {
  /** Per-book price at this tier, in cents: unit price × (100 − percent) / 100, rounded by the one rule. */
  readonly costPerBookCents: number;
}

/**
 * The tier table for a configuration's unit price. For a 21.09 unit price: 21.09 / 20.04 / 18.98 / 17.93.
 * Each figure is the cost per book quote() gives for any quantity of that tier.
 */
export function tierTable(unitPriceCents: number): TierPrice[] {
  // A plain loop with object literals of one shape: this runs inside every quote().
  const table: TierPrice[] = [];
  for (let i = 0; i < BULK_DISCOUNT_TIERS.length; i += 1) {
    const tier = BULK_DISCOUNT_TIERS[i] as DiscountTier;
    table.push({
      minQuantity: tier.minQuantity,
      maxQuantity: tier.maxQuantity,
      percent: tier.percent,
      costPerBookCents: discountedUnitCents(unitPriceCents, tier.percent),
    });
  }
  return table;
}

/** "100–499", "1000+": the label of a tier as the calculators print it. */
export function tierLabel(tier: DiscountTier): string {
  return tier.maxQuantity === null ? `${tier.minQuantity}+` : `${tier.minQuantity}–${tier.maxQuantity}`;
}
