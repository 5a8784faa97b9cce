/**
 * POST api/shipping-rate/ with the cart's project ids (bearer): the services for the address, each with the
 * server's shipping charge, tax and total (docs/decisions/0013). The browser only shows these numbers.
 * When no DHL or FedEx service reaches the destination the server answers 404 with `available_couriers` in its
 * error body (docs/spec/customer-journey.md §8); `noCarrierCouriers` reads it.
 */
import { useMutation } from '@tanstack/react-query';
import { ApiError } from '@bindery/api-client';
import { checkoutRoutes, type ShippingRateBody } from '@bindery/contracts/store/checkout';
import { api } from '#lib/api-client.ts';

export const getShippingRate = (body: ShippingRateBody) => api.call(checkoutRoutes.shippingRate, { body });

export const useShippingRate = () => useMutation({ mutationFn: getShippingRate });

/** The couriers that would ship when no DHL or FedEx service does (possibly none); undefined for other errors. */
export function noCarrierCouriers(error: unknown): string[] | undefined {
  return error instanceof ApiError && error.status === 404 ? error.body?.available_couriers : undefined;
}
