/** GET api/book/all-orders/ (admin bearer): every submitted project with its customer and order state. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { AllOrdersResponse } from '@bindery/contracts/admin/orders';
import { api } from '../../../lib/api-client';

export const getOrders = async (signal?: AbortSignal) =>
  (await api.get('/api/book/all-orders/', { schema: AllOrdersResponse, signal })).data;

export const getOrdersQueryOptions = () =>
  queryOptions({ queryKey: ['admin', 'orders'], queryFn: ({ signal }) => getOrders(signal) });

export const useOrders = ({ enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ ...getOrdersQueryOptions(), enabled });
