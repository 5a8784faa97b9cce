/**
 * POST api/{slug}/calculate/: the server's quote. The body carries the chosen ids (`*_id`), page_count and
 * quantity; the answer carries cost_per_book, total_cost and, with a bulk discount, original_total_cost
 * (customer-journey.md §3/§7). Amounts arrive as decimal text (or numbers) and are only displayed, never
 * re-computed in binary floating point.
 * TODO(catalog contracts): use the calculate schemas of packages/contracts/src/store/catalog.ts once they land.
 */
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import type { ProductDefinition } from '@bindery/pricing/products';
import { api } from '../../../lib/api-client';

const Amount = z.union([z.string(), z.number()]).transform((v) => (typeof v === 'number' ? v.toFixed(2) : v));

export const CalculateResponse = z.looseObject({
  cost_per_book: Amount,
  total_cost: Amount,
  original_total_cost: Amount.optional().nullable(),
});
export type CalculateResponse = z.infer<typeof CalculateResponse>;

export type CalculateBody = Record<string, number>;

export const calculate = (product: ProductDefinition, body: CalculateBody) =>
  api.post(`/api/${product.slug}/calculate/`, { schema: CalculateResponse, body });

export const useCalculate = (product: ProductDefinition) =>
  useMutation({ mutationFn: (body: CalculateBody) => calculate(product, body) });
