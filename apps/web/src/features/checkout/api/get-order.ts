/** GET api/orders/{id}/ (bearer, the owner's order): what /payment shows and the result pages check. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { isPaidStatus } from '@bindery/contracts/order-lifecycle';
import type { Order } from '@bindery/contracts/store/checkout';
import { orderRoutes } from '@bindery/contracts/store/orders';
import { api } from '#lib/api-client.ts';

export const getOrder = (id: number, signal?: AbortSignal) =>
  api.call(orderRoutes.get, { params: { id } }, { signal });

export const getOrderQueryOptions = (id: number) =>
  queryOptions({ queryKey: ['orders', id], queryFn: ({ signal }) => getOrder(id, signal) });

export const useOrder = (id: number) => useQuery(getOrderQueryOptions(id));

/** Paid, or further along (the lifecycle's PAID_STATUSES): the payment went through. */
export const isPaid = (order: Pick<Order, 'status'>) => isPaidStatus(order.status);
