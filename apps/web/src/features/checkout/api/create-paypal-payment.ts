/**
 * POST api/paypal/create-payment/ { order_id } (bearer) → { payment_id, approval_url }: a PayPal order for the
 * stored total (docs/decisions/0014); the page then leaves for `approval_url`. An answer without a usable
 * approval URL is the spec's 'No approval URL received from PayPal', not a generic parse failure (the client's
 * ApiError for a 2xx answer that does not match the route's schema).
 */
import { useMutation } from '@tanstack/react-query';
import { ApiError } from '@bindery/api-client';
import { messages } from '@bindery/contracts/messages';
import {
  paymentRoutes,
  type PaypalCreatePaymentBody,
  type PaypalCreatePaymentResponse,
} from '@bindery/contracts/store/payments';
import { api } from '#lib/api-client.ts';

export class NoApprovalUrlError extends Error {
  constructor() {
    super(messages.payments.noApprovalUrl);
    this.name = 'NoApprovalUrlError';
  }
}

export async function createPaypalPayment(
  body: PaypalCreatePaymentBody,
): Promise<PaypalCreatePaymentResponse> {
  try {
    return await api.call(paymentRoutes.paypalCreatePayment, { body });
  } catch (error) {
    const answered = error instanceof ApiError && error.status >= 200 && error.status < 300;
    throw answered ? new NoApprovalUrlError() : error;
  }
}

export const useCreatePaypalPayment = () => useMutation({ mutationFn: createPaypalPayment });
