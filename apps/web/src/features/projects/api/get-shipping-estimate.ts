/**
 * POST api/shipping-rate/ without projects: an estimate for `quantity` copies of the book as designed so far (its
 * category, choices and the PDF's page count; the server weighs it exactly as checkout will), or of a standard
 * book while the page does not know the book yet (the design page's 'Quantity and Shipping Estimates' panel).
 * Public; every amount is the server's.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { checkoutRoutes, type EstimateBook } from '@bindery/contracts/store/checkout';
import { api } from '#lib/api-client.ts';

export interface EstimateAddress {
  country: string;
  state: string;
  city: string;
  postal_code: string;
}

export const getShippingEstimate = (
  address: EstimateAddress,
  quantity: number,
  book: EstimateBook | null,
  signal?: AbortSignal,
) =>
  api.call(
    checkoutRoutes.shippingRate,
    { body: { ...address, quantity, ...(book ? { book } : {}) } },
    { signal },
  );

export const getShippingEstimateQueryOptions = (
  address: EstimateAddress | null,
  quantity: number,
  book: EstimateBook | null,
) =>
  queryOptions({
    queryKey: ['shipping-estimate', address, quantity, book],
    queryFn: ({ signal }) => getShippingEstimate(address as EstimateAddress, quantity, book, signal),
    enabled: address !== null,
    retry: false,
    staleTime: 5 * 60_000,
  });

export const useShippingEstimate = (
  address: EstimateAddress | null,
  quantity: number,
  book: EstimateBook | null,
) => useQuery(getShippingEstimateQueryOptions(address, quantity, book));
