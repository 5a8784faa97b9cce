/**
 * POST api/create-checkout-session/ { order_id } (bearer) → { id, url }: a Stripe Checkout Session for the
 * stored order's lines (docs/decisions/0014); the page then leaves for `url`.
 */
import { useMutation } from '@tanstack/react-query';
import { paymentRoutes, type CreateCheckoutSessionBody } from '@bindery/contracts/store/payments';
import { api } from '#lib/api-client.ts';

export const createCheckoutSession = (body: CreateCheckoutSessionBody) =>
  api.call(paymentRoutes.createCheckoutSession, { body });

export const useCreateCheckoutSession = () => useMutation({ mutationFn: createCheckoutSession });
