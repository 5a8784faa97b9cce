/**
 * Turns the server's quote into what the result box shows. Every amount is the server's; the bulk-discount tier
 * and the per-tier table come from @bindery/pricing's discount rules (the same code the server prices with),
 * applied to the server's own unit price. All arithmetic is on integer cents.
 */
import { discountTierFor, tierLabel, tierTable } from '@bindery/pricing/discounts';
import { formatCents, parseCents, roundDiv } from '@bindery/pricing/money';
import type { CalculateResponse } from '../api/calculate';

export interface TierRow {
  label: string;
  percent: number;
  costPerBook: string;
  current: boolean;
}

export interface QuoteView {
  quantity: number;
  costPerBook: string;
  originalTotal: string;
  total: string;
  discountPercent: number;
  discountAmount: string;
  tiers: TierRow[];
}

/** "2004" cents from "20.04" / "20.4" / "20"; the server sends two decimals, but be lenient on trailing zeros. */
const cents = (amount: string) => parseCents(amount);

export function toQuoteView(response: CalculateResponse, quantity: number): QuoteView {
  const totalCents = cents(response.total_cost);
  const originalCents = response.original_total_cost ? cents(response.original_total_cost) : totalCents;
  const tier = discountTierFor(quantity);
  // original total = unit price × quantity exactly (integer cents), so the division is exact.
  const unitCents = roundDiv(originalCents, quantity);
  return {
    quantity,
    costPerBook: response.cost_per_book,
    originalTotal: formatCents(originalCents),
    total: response.total_cost,
    discountPercent: originalCents === totalCents ? 0 : tier.percent,
    discountAmount: formatCents(originalCents - totalCents),
    tiers: tierTable(unitCents).map((t) => ({
      label: tierLabel(t),
      percent: t.percent,
      costPerBook: formatCents(t.costPerBookCents),
      current: t.minQuantity === tier.minQuantity,
    })),
  };
}
