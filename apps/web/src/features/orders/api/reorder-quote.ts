/**
 * Today's price of an order's books, for "Order again" (ADR 0066): each book's project (GET api/book/{id}/: its
 * configuration and page count) priced by the server's calculator (POST api/{slug}/calculate/) at the copies the
 * customer typed. What the server will charge when the new projects are made is the same quote from the same price
 * list; nothing is computed here. Shipping, tax and the first-print discount come at checkout, as for any order.
 */
import { useQueries } from '@tanstack/react-query';
import { projectRoutes } from '@bindery/contracts/store/projects';
import type { CalculateBody, CalculateResponse } from '@bindery/contracts/store/catalog';
import { productByName } from '@bindery/pricing/products';
import { api } from '#lib/api-client.ts';
import { calculate } from '#lib/catalog/calculate.ts';

export interface TodaysPrice {
  projectId: number;
  quantity: number;
  quote: CalculateResponse | undefined;
  failed: boolean;
}

async function todaysQuote(projectId: number, quantity: number, signal: AbortSignal): Promise<CalculateResponse> {
  const project = await api.call(projectRoutes.get, { params: { id: projectId } }, { signal });
  const product = productByName(project.category);
  if (!product || !project.configuration) throw new Error('This book cannot be priced.');
  const body: CalculateBody = { ...project.configuration, quantity };
  if (product.hasPageCount) body['page_count'] = project.page_count;
  return calculate(product, body);
}

/** One server quote per book with copies (> 0), refreshed when the copies change. */
export function useTodaysPrices(items: readonly { projectId: number; quantity: number | null }[]): TodaysPrice[] {
  const wanted = items.filter((i): i is { projectId: number; quantity: number } => (i.quantity ?? 0) > 0);
  const results = useQueries({
    queries: wanted.map((i) => ({
      queryKey: ['reorder-quote', i.projectId, i.quantity],
      queryFn: ({ signal }: { signal: AbortSignal }) => todaysQuote(i.projectId, i.quantity, signal),
      staleTime: 60_000,
      retry: false,
    })),
  });
  return wanted.map((i, n) => ({
    projectId: i.projectId,
    quantity: i.quantity,
    quote: results[n]?.data,
    failed: results[n]?.isError ?? false,
  }));
}
