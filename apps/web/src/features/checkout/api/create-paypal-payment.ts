/**
 * POST api/paypal/create-payment/ { order_id } (bearer) → { payment_id, approval_url }: a PayPal order for the
 * stored total (docs/decisions/0014); the page then leaves for `approval_url`. An answer without a usable
 * approval URL is the spec's 'No approval URL received from PayPal', not a generic parse failure.
 */
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { messages } from '@bindery/contracts/messages';
import { PaypalCreatePaymentResponse, type PaypalCreatePaymentBody } from '@bindery/contracts/store/payments';
import { api } from '#lib/api-client.ts';

export class NoApprovalUrlError extends Error {
  constructor() {
    super(messages.payments.noApprovalUrl);
    this.name = 'NoApprovalUrlError';
  }
}

const LooseAnswer = z.object({ payment_id: z.unknown(), approval_url: z.unknown() }).partial();

export async function createPaypalPayment(
  body: PaypalCreatePaymentBody,
): Promise<PaypalCreatePaymentResponse> {
  const answer = await api.post('/api/paypal/create-payment/', { schema: LooseAnswer, body });
  const parsed = PaypalCreatePaymentResponse.safeParse(answer);
  if (!parsed.success) throw new NoApprovalUrlError();
  return parsed.data;
}

export const useCreatePaypalPayment = () => useMutation({ mutationFn: createPaypalPayment });
