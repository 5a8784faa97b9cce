/** GET api/admin/shipping/ (admin bearer): the shipping services and the rate table checkout quotes from. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ShippingTableResponse } from '@bindery/contracts/admin/shipping';
import { api } from '#lib/api-client.ts';

export const getShippingTable = (signal?: AbortSignal) =>
  api.get('/api/admin/shipping/', { schema: ShippingTableResponse, signal });

export const getShippingTableQueryOptions = () =>
  queryOptions({ queryKey: ['admin', 'shipping'], queryFn: ({ signal }) => getShippingTable(signal) });

export const useShippingTable = () => useQuery(getShippingTableQueryOptions());
