/**
 * POST api/shipping-rate/ without projects: an estimate for `quantity` copies of one standard book to an address
 * (the design page's 'Quantity and Shipping Estimates' panel). Public; every amount is the server's.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ShippingRateResponse } from '@bindery/contracts/store/checkout';
import { api } from '../../../lib/api-client';

export interface EstimateAddress {
  country: string;
  state: string;
  city: string;
  postal_code: string;
}

export const getShippingEstimate = (address: EstimateAddress, quantity: number, signal?: AbortSignal) =>
  api.post('/api/shipping-rate/', { schema: ShippingRateResponse, body: { ...address, quantity }, signal });

export const getShippingEstimateQueryOptions = (address: EstimateAddress | null, quantity: number) =>
  queryOptions({
    queryKey: ['shipping-estimate', address, quantity],
    queryFn: ({ signal }) => getShippingEstimate(address as EstimateAddress, quantity, signal),
    enabled: address !== null,
    retry: false,
    staleTime: 5 * 60_000,
  });

export const useShippingEstimate = (address: EstimateAddress | null, quantity: number) =>
  useQuery(getShippingEstimateQueryOptions(address, quantity));
