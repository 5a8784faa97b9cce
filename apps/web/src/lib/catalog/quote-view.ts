/**
 * Turns the server's quote into what the result box shows. Every amount is the server's, as it sent it; only the
 * tier labels ("100–499") come from @bindery/pricing, so they read the same everywhere.
 */
import type { CalculateResponse } from '@bindery/contracts/store/catalog';
import { tierLabel } from '@bindery/pricing/discounts';

export interface TierRow {
  label: string;
  percent: number;
  costPerBook: string;
  current: boolean;
}

export interface QuoteView {
  quantity: number;
  /** The list price of one copy before any discount (the server's unit_price). */
  unitPrice: string;
  costPerBook: string;
  originalTotal: string;
  total: string;
  discountPercent: number;
  discountAmount: string;
  tiers: TierRow[];
}

export function toQuoteView(q: CalculateResponse): QuoteView {
  return {
    quantity: q.quantity,
    unitPrice: q.unit_price,
    costPerBook: q.cost_per_book,
    originalTotal: q.original_total_cost ?? q.total_cost,
    total: q.total_cost,
    discountPercent: q.discount_percent ?? 0,
    discountAmount: q.discount_amount ?? '0.00',
    tiers: q.tiers.map((t) => ({
      label: tierLabel({ minQuantity: t.min_quantity, maxQuantity: t.max_quantity, percent: t.discount_percent }),
      percent: t.discount_percent,
      costPerBook: t.cost_per_book,
      current: q.quantity >= t.min_quantity && (t.max_quantity === null || q.quantity <= t.max_quantity),
    })),
  };
}
