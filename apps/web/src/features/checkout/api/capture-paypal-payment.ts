/**
 * POST api/paypal/capture-payment/ { payment_id } (bearer) → OrderResponse: called by /payment/success when the
 * buyer comes back from PayPal (`token` in the return URL is the PayPal order id). The server captures and
 * answers the order; only a paid order counts as success (docs/decisions/0014).
 *
 * A query rather than a mutation on purpose: the capture is idempotent on the server, and a query runs once per
 * token even when React mounts the page twice, and gives the page its retry (refetch) for free.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { paymentRoutes, type PaypalCapturePaymentBody } from '@bindery/contracts/store/payments';
import { api } from '#lib/api-client.ts';

export const capturePaypalPayment = (body: PaypalCapturePaymentBody) =>
  api.call(paymentRoutes.paypalCapturePayment, { body });

export const capturePaypalPaymentQueryOptions = (paymentId: string) =>
  queryOptions({
    queryKey: ['paypal-capture', paymentId],
    // No abort signal: a capture the page stops waiting for still happens on the server, so let it answer.
    queryFn: () => capturePaypalPayment({ payment_id: paymentId }),
    staleTime: Infinity,
    retry: false,
    refetchOnWindowFocus: false,
  });

export const useCapturePaypalPayment = (paymentId: string) =>
  useQuery(capturePaypalPaymentQueryOptions(paymentId));
