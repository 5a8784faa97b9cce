/** GET api/admin/shipping/ (admin bearer): the shipping services and the rate table checkout quotes from. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminShippingRoutes } from '@bindery/contracts/admin/shipping';
import { api } from '#lib/api-client.ts';

export const getShippingTable = (signal?: AbortSignal) => api.call(adminShippingRoutes.table, {}, { signal });

export const getShippingTableQueryOptions = () =>
  queryOptions({ queryKey: ['admin', 'shipping'], queryFn: ({ signal }) => getShippingTable(signal) });

export const useShippingTable = () => useQuery(getShippingTableQueryOptions());
