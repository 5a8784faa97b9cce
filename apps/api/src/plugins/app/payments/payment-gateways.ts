/**
 * The two payment providers behind small interfaces, so the payment service never imports an SDK
 * (stripe-gateway.ts and paypal-gateway.ts are the only files that do). Amounts are integer cents here; each
 * gateway converts to its provider's format (Stripe: cents; PayPal: "12.34").
 */

/** One line of what the buyer sees; quantity is always 1 (the line's amount is the order line's total). */
export interface PaymentLine {
  name: string;
  amountCents: number;
}

/** What an order asks a provider to collect; built only from the stored order (payment-lines.ts). */
export interface PaymentRequest {
  orderId: number;
  /** Books, one line per project. */
  items: PaymentLine[];
  itemTotalCents: number;
  shippingCents: number;
  /** A label for the shipping line ("Shipping (FedEx Ground)"). */
  shippingName: string;
  taxCents: number;
  totalCents: number;
  /** ISO 4217, upper case (the order's currency). */
  currency: string;
  successUrl: string;
  cancelUrl: string;
  /** Same key → the provider answers the first request again instead of making a second session/order. */
  idempotencyKey: string;
  customerEmail?: string;
}

/** A Stripe Checkout Session as the service needs it. */
export interface CardCheckout {
  id: string;
  url: string | null;
  status: 'open' | 'complete' | 'expired';
  amountCents: number | null;
  /** Upper case. */
  currency: string;
}

/** A verified webhook event; `session` is set for checkout.session.* events. */
export interface CardEvent {
  id: string;
  type: string;
  session?: {
    id: string;
    paymentStatus: string;
    amountCents: number | null;
    /** Upper case. */
    currency: string;
  };
}

export interface CardGateway {
  createCheckout(request: PaymentRequest): Promise<CardCheckout>;
  retrieveCheckout(id: string): Promise<CardCheckout>;
  expireCheckout(id: string): Promise<void>;
  /** Verifies the Stripe-Signature header over the exact raw body; throws InvalidSignatureError. */
  verifyEvent(rawBody: Buffer, signature: string | string[] | undefined): CardEvent;
}

export interface PaypalOrder {
  id: string;
  /** CREATED, PAYER_ACTION_REQUIRED, APPROVED, COMPLETED, VOIDED, … */
  status: string;
  /** The link the buyer approves at (rel approve, or payer-action), if PayPal gave one. */
  approvalUrl?: string;
  /** The sum of the order's COMPLETED captures, in cents, and their currency (upper case). */
  capturedCents: number;
  capturedCurrency?: string;
}

export type PaypalCaptureResult =
  | { ok: true; order: PaypalOrder }
  /** PayPal refused the capture (HTTP 4xx): `issue` is PayPal's reason, e.g. ORDER_ALREADY_CAPTURED. */
  | { ok: false; issue: string; statusCode: number };

export interface PaypalGateway {
  createOrder(request: PaymentRequest): Promise<PaypalOrder>;
  getOrder(id: string): Promise<PaypalOrder>;
  /** `requestId` is sent as PayPal-Request-Id, so a retried capture gets PayPal's first answer again. */
  captureOrder(id: string, requestId: string): Promise<PaypalCaptureResult>;
}

export interface PaymentGateways {
  card?: CardGateway;
  paypal?: PaypalGateway;
}

/** The provider could not be reached or answered something unusable (the caller answers 502). */
export class ProviderError extends Error {
  constructor(
    message: string,
    override readonly cause?: unknown,
  ) {
    super(message);
    this.name = 'ProviderError';
  }
}

/** The webhook's signature does not match its body (or is missing or too old). */
export class InvalidSignatureError extends Error {
  constructor(message = 'Invalid webhook signature') {
    super(message);
    this.name = 'InvalidSignatureError';
  }
}
