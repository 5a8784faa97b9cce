/**
 * GET api/orders/{id}/ (bearer, the owner's order; another customer's is 404): items, amounts, the status
 * timeline, tracking and refunds. The key is the one the payment pages use, so they share the cached order.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { orderRoutes } from '@bindery/contracts/store/orders';
import { api } from '#lib/api-client.ts';

export const getOrder = (id: number, signal?: AbortSignal) =>
  api.call(orderRoutes.get, { params: { id } }, { signal });

export const getOrderQueryOptions = (id: number) =>
  queryOptions({ queryKey: ['orders', id], queryFn: ({ signal }) => getOrder(id, signal) });

/** Back from paying a hold's difference (docs/decisions/0077): read again until the webhook's verdict, for a while. */
const DIFFERENCE_POLL_MS = 2000;
const DIFFERENCE_POLLS = 30;

export const useOrder = (
  id: number,
  { enabled = true, awaitDifference = false }: { enabled?: boolean; awaitDifference?: boolean } = {},
) =>
  useQuery({
    ...getOrderQueryOptions(id),
    enabled,
    refetchInterval: (q) =>
      awaitDifference &&
      q.state.data?.order.hold?.difference_due &&
      q.state.dataUpdateCount < DIFFERENCE_POLLS
        ? DIFFERENCE_POLL_MS
        : false,
  });
