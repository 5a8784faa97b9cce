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
  /**
   * The order's own discount (the first-print discount; docs/decisions/0033), taken off the items: a Stripe coupon
   * for this order only, PayPal's breakdown.discount. 0 when none.
   */
  discountCents: number;
  /** Its label where the provider shows it ("First-print discount"). */
  discountName: string;
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
  /** When the provider should stop taking money for it (Stripe Checkout's expires_at); unset: its default. */
  expiresAt?: Date;
}

/** A Stripe Checkout Session as the service needs it. */
export interface CardCheckout {
  id: string;
  url: string | null;
  status: 'open' | 'complete' | 'expired';
  /** 'paid' once the money is there ('unpaid' while a delayed method is still processing). */
  paymentStatus: string;
  amountCents: number | null;
  /** Upper case. */
  currency: string;
  /** The PaymentIntent that holds the money (set once the session is complete): what a refund is made against. */
  paymentIntentId: string | null;
}

/** A refund as the provider recorded it. */
export interface ProviderRefund {
  /** Stripe re_…, PayPal's refund id. */
  id: string;
  amountCents: number;
  /** Stripe: succeeded, pending, failed…; PayPal: COMPLETED, PENDING… (as the provider says it). */
  status: string;
}

export interface RefundRequest {
  amountCents: number;
  /** ISO 4217, upper case. */
  currency: string;
  /** Same key → the provider answers the first refund again instead of refunding twice. */
  idempotencyKey: string;
  /** Shown to the buyer where the provider shows it (PayPal's note_to_payer). */
  note?: string;
  /** Our order id, kept with the refund at the provider. */
  orderId: number;
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
    paymentIntentId: string | null;
  };
}

export interface CardGateway {
  createCheckout(request: PaymentRequest): Promise<CardCheckout>;
  retrieveCheckout(id: string): Promise<CardCheckout>;
  expireCheckout(id: string): Promise<void>;
  /** Refunds (part of) the money of a PaymentIntent (Stripe Refunds). */
  refund(paymentIntentId: string, request: RefundRequest): Promise<ProviderRefund>;
  /** Verifies the Stripe-Signature header over the exact raw body; throws InvalidSignatureError. */
  verifyEvent(rawBody: Buffer, signature: string | string[] | undefined): CardEvent;
}

export interface PaypalOrder {
  id: string;
  /** CREATED, PAYER_ACTION_REQUIRED, APPROVED, COMPLETED, VOIDED, … */
  status: string;
  /** PayPal's update_time: changes with every change of the order (an approval, a new funding source). */
  updateTime?: string;
  /** The link the buyer approves at (rel approve, or payer-action), if PayPal gave one. */
  approvalUrl?: string;
  /** The money the order's captures took (refunded or not), in cents, and its currency (upper case). */
  capturedCents: number;
  capturedCurrency?: string;
  /** The capture that took the money: what a refund is made against. */
  captureId?: string;
}

export type PaypalCaptureResult =
  | { ok: true; order: PaypalOrder }
  /** PayPal refused the capture (HTTP 4xx): `issue` is PayPal's reason, e.g. ORDER_ALREADY_CAPTURED. */
  | { ok: false; issue: string; statusCode: number };

export interface PaypalGateway {
  createOrder(request: PaymentRequest): Promise<PaypalOrder>;
  getOrder(id: string): Promise<PaypalOrder>;
  /**
   * `requestId` is sent as PayPal-Request-Id, so a retried capture gets PayPal's first answer again (a refusal
   * too: the caller derives it from the order's state, docs/decisions/0064).
   */
  captureOrder(id: string, requestId: string): Promise<PaypalCaptureResult>;
  /** Refunds (part of) a capture; `requestId` is sent as PayPal-Request-Id, so a retry never refunds twice. */
  refundCapture(captureId: string, request: RefundRequest): Promise<ProviderRefund>;
}

export interface PaymentGateways {
  card?: CardGateway;
  paypal?: PaypalGateway;
}

/** What the provider said when it refused or failed, for the staff who must act on it. */
export interface ProviderErrorDetails {
  /** The provider's own message ("Refund amount ($15.01) is greater than…", PayPal's issue description). */
  providerMessage?: string;
  /** The provider's code (Stripe's `code`, PayPal's `issue`). */
  providerCode?: string;
  /** The HTTP status the provider answered; undefined when it could not be reached. */
  statusCode?: number;
}

/** The provider could not be reached or answered something unusable (the caller answers 502). */
export class ProviderError extends Error {
  readonly providerMessage?: string;
  readonly providerCode?: string;
  readonly statusCode?: number;

  constructor(
    message: string,
    override readonly cause?: unknown,
    details: ProviderErrorDetails = {},
  ) {
    super(message);
    this.name = 'ProviderError';
    this.providerMessage = details.providerMessage;
    this.providerCode = details.providerCode;
    this.statusCode = details.statusCode;
  }
}

/** The webhook's signature does not match its body (or is missing or too old). */
/**
 * A webhook body the provider's signature vouches for but that is not an event of the shape we read (a changed
 * API version, a test tool's hand-made event): a 400, logged, never a crash.
 */
export class InvalidEventError extends Error {
  constructor(message = 'Invalid webhook event') {
    super(message);
    this.name = 'InvalidEventError';
  }
}

export class InvalidSignatureError extends Error {
  constructor(message = 'Invalid webhook signature') {
    super(message);
    this.name = 'InvalidSignatureError';
  }
}
