/**
 * GET api/book/all-orders/ (admin bearer): submitted projects with their customer and order state. The list is
 * keyset-paged now (docs/decisions/0019): this reads its first page (up to 200, the largest page) until the order
 * screens move to GET api/admin/orders/.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { AllOrdersResponse } from '@bindery/contracts/admin/orders';
import { api } from '../../../lib/api-client';

export const getOrders = async (signal?: AbortSignal) =>
  (await api.get('/api/book/all-orders/?limit=200', { schema: AllOrdersResponse, signal })).data;

export const getOrdersQueryOptions = () =>
  queryOptions({ queryKey: ['admin', 'orders'], queryFn: ({ signal }) => getOrders(signal) });

export const useOrders = ({ enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ ...getOrdersQueryOptions(), enabled });
