/**
 * A fake Stripe API on loopback, just enough of it for stripe-node to run a Checkout payment end to end:
 *
 * - POST /v1/checkout/sessions           (form-encoded, as the SDK sends it) → a Checkout Session; with
 *                                        discounts[0][coupon] the coupon's amount_off is taken off the total
 *                                        (total_details.amount_discount), as Stripe does
 * - POST /v1/coupons                     amount_off + currency (duration once), max_redemptions → a coupon
 * - GET  /v1/checkout/sessions/:id       → the session
 * - POST /v1/checkout/sessions/:id/expire → the session, expired
 * - GET  /v1/payment_intents/:id         → the PaymentIntent a completed session created (with its charge)
 * - POST /v1/refunds                     payment_intent (or charge) + amount (default: what is left) → a refund;
 *                                        refuses more than is left as Stripe does (charge_already_refunded, or
 *                                        "Refund amount ($x) is greater than unrefunded amount on charge ($y)")
 * - GET  /v1/refunds/:id, GET /v1/refunds?payment_intent=
 * - GET  /c/pay/:id                      the "hosted checkout" page: Pay (marks it paid, sends the signed
 *                                        checkout.session.completed webhook, redirects to success_url) or Cancel
 * - GET  /__fake/requests[?kind=], POST /__fake/sessions/:id/complete, POST /__fake/sessions/:id/expire,
 *   POST /__fake/webhooks/drop[?count=]   the same controls for another process (e2e)
 *
 * Tests can lose webhooks on purpose (`dropWebhooks(n)`: the next n deliveries are recorded, never sent), to
 * check that reconciliation finds what really happened by asking the API.
 *
 * Like Stripe it checks the secret key, honours Idempotency-Key (same key + same body → the first answer again;
 * same key + another body → 400 idempotency_error) and answers errors as `{error: {type, message, param}}`.
 * Webhooks are signed with stripe-node's own generateTestHeaderString, so the receiver's constructEvent
 * performs a real signature check.
 * @see https://docs.stripe.com/api/checkout/sessions/create
 * @see https://docs.stripe.com/api/refunds/create
 * @see https://docs.stripe.com/webhooks#verify-events
 */
import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import {
  centsToDecimal,
  json,
  listRequests,
  page,
  group,
  redirect,
  startFake,
  type FakeServer,
  type ListenOptions,
  type RecordedRequest,
  type Reply,
} from './http.js';
import { parseStripeForm, type FormValue } from './stripe-form.js';

export interface FakeStripeOptions extends ListenOptions {
  /** The key the API must send (Authorization: Bearer …). Default: a new random sk_test_… per fake. */
  secretKey?: string;
  /** Signs webhooks. Default: a new random whsec_… per fake (never a public constant: anyone could sign with it). */
  webhookSecret?: string;
  /** Where the hosted page's Pay button delivers checkout.session.completed (e.g. http://127.0.0.1:3000/api/stripe/webhook/). */
  webhookUrl?: string;
  /**
   * Stripe's clock, for the objects' times and the expires_at window (default the real time). A test that moves
   * the API's clock gives the fake the same one. Webhook signatures always use the real time (the receiver checks
   * them against its own).
   */
  now?: () => Date;
}

export interface FakeLineItem {
  name: string;
  currency: string;
  unit_amount: number;
  quantity: number;
  amount_total: number;
}

/** The Checkout Session as the fake's API returns it (a subset of Stripe's object). */
export interface FakeCheckoutSession {
  id: string;
  object: 'checkout.session';
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid';
  mode: string;
  currency: string;
  amount_subtotal: number;
  amount_total: number;
  /** Stripe's breakdown of what was taken off (a coupon's amount_off). */
  total_details: { amount_discount: number; amount_shipping: number; amount_tax: number };
  /** The coupons applied (Stripe: discounts[].coupon). */
  discounts: { coupon: string }[];
  client_reference_id: string | null;
  customer_email: string | null;
  metadata: Record<string, string>;
  success_url: string;
  cancel_url: string | null;
  url: string | null;
  payment_intent: string | null;
  created: number;
  expires_at: number;
  livemode: false;
}

/** A PaymentIntent as the fake's API returns it (a subset of Stripe's object). */
export interface FakePaymentIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_received: number;
  currency: string;
  /** 'succeeded' once paid; 'processing' for a delayed method whose money has not arrived. */
  status: 'succeeded' | 'processing';
  latest_charge: string | null;
  metadata: Record<string, string>;
  created: number;
  livemode: false;
}

/** A coupon as the fake's API returns it (amount_off only; a subset of Stripe's object). */
export interface FakeCoupon {
  id: string;
  object: 'coupon';
  amount_off: number;
  currency: string;
  duration: 'once';
  max_redemptions: number | null;
  name: string | null;
  times_redeemed: number;
  valid: boolean;
  metadata: Record<string, string>;
  created: number;
  livemode: false;
}

export interface FakeRefund {
  id: string;
  object: 'refund';
  amount: number;
  charge: string;
  currency: string;
  payment_intent: string;
  reason: string | null;
  metadata: Record<string, string>;
  status: 'succeeded';
  created: number;
}

export interface FakeStripeEvent {
  id: string;
  object: 'event';
  type: string;
  api_version: string;
  created: number;
  livemode: false;
  pending_webhooks: number;
  request: { id: null; idempotency_key: null };
  data: { object: Record<string, unknown> };
}

/** Where a webhook goes: a URL, or a function (e.g. wrapping Fastify's inject) given the body and headers. */
export type WebhookTarget =
  | string
  | ((request: {
      body: string;
      headers: Record<string, string>;
    }) => Promise<{ status: number; body: string }>);

export interface WebhookDelivery {
  event: FakeStripeEvent;
  payload: string;
  signature: string;
  /** 0 when the delivery was dropped (never sent). */
  status: number;
  body: string;
  /** True when `dropWebhooks` made this delivery get lost. */
  dropped: boolean;
}

export interface DeliverOptions {
  /** Default: the fake's webhookUrl. */
  target?: WebhookTarget;
  /** Sign with another secret (to test a bad signature). */
  secret?: string;
  /** Unix seconds of the signature (to test an old one). Default now. */
  timestamp?: number;
}

export interface CompleteOptions extends DeliverOptions {
  /** 'unpaid' models a delayed method (the money arrives with async_payment_succeeded). Default 'paid'. */
  paymentStatus?: 'paid' | 'unpaid';
  /** Fields to change in the event's session only (e.g. a different amount_total), not in the stored one. */
  eventOverrides?: Partial<FakeCheckoutSession>;
}

export interface FakeStripe extends FakeServer {
  /** `url` is what the API gets as STRIPE_API_BASE; host/port/protocol are the SDK's options for it. */
  protocol: 'http';
  secretKey: string;
  webhookSecret: string;
  session(id: string): FakeCheckoutSession | undefined;
  sessions(): FakeCheckoutSession[];
  lineItems(id: string): FakeLineItem[];
  /** The coupons created (a session's discounts name them). */
  coupons(): FakeCoupon[];
  /** Builds an event around an object, as Stripe would send it. */
  buildEvent(type: string, object: Record<string, unknown>, id?: string): FakeStripeEvent;
  /** Signs and POSTs an event (again, if it was delivered before: same id). */
  deliver(event: FakeStripeEvent, options?: DeliverOptions): Promise<WebhookDelivery>;
  /** The buyer pays: the session becomes complete and checkout.session.completed is delivered. */
  completeSession(id: string, options?: CompleteOptions): Promise<WebhookDelivery>;
  /**
   * Stripe expires the session by itself (its expires_at passed): the session becomes expired and
   * checkout.session.expired is delivered (unless there is no webhook target).
   */
  expireSession(id: string, options?: DeliverOptions): Promise<WebhookDelivery | undefined>;
  /** The next `count` webhook deliveries are lost: recorded in `webhooks()`, never sent. Default 1. */
  dropWebhooks(count?: number): void;
  /** Every delivery attempted, sent or dropped, in order. */
  webhooks(): WebhookDelivery[];
  paymentIntent(id: string): FakePaymentIntent | undefined;
  /** The refunds made, optionally of one PaymentIntent. */
  refunds(paymentIntentId?: string): FakeRefund[];
}

const API_VERSION = Stripe.API_VERSION;
const realNow = () => Math.floor(Date.now() / 1000);
const randomId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

const stripeError = (
  status: number,
  message: string,
  param?: string,
  type = 'invalid_request_error',
): Reply => json(status, { error: { type, message, ...(param ? { param } : {}) } });

class InvalidRequest extends Error {
  constructor(
    message: string,
    readonly param?: string,
  ) {
    super(message);
  }
}

const asRecord = (v: FormValue | undefined): Record<string, FormValue> | undefined =>
  v && typeof v === 'object' && !Array.isArray(v) ? v : undefined;
const asText = (v: FormValue | undefined): string | undefined => (typeof v === 'string' ? v : undefined);
const asInt = (v: FormValue | undefined): number | undefined =>
  typeof v === 'string' && /^\d{1,12}$/.test(v) ? Number(v) : undefined;

function readLineItems(body: Record<string, FormValue>): FakeLineItem[] {
  const raw = body.line_items;
  if (!Array.isArray(raw) || raw.length === 0)
    throw new InvalidRequest('line_items is required in payment mode.', 'line_items');
  return raw.map((entry, i) => {
    const item = asRecord(entry);
    const priceData = asRecord(item?.price_data);
    const productData = asRecord(priceData?.product_data);
    const param = `line_items[${i}]`;
    if (!item || !priceData)
      throw new InvalidRequest('This fake only knows price_data line items.', `${param}[price_data]`);
    const quantity = asInt(item.quantity);
    if (quantity === undefined || quantity < 1)
      throw new InvalidRequest('Invalid integer: quantity', `${param}[quantity]`);
    const unitAmount = asInt(priceData.unit_amount);
    if (unitAmount === undefined)
      throw new InvalidRequest('Invalid integer: unit_amount', `${param}[price_data][unit_amount]`);
    const currency = asText(priceData.currency);
    if (!currency || !/^[a-z]{3}$/.test(currency))
      throw new InvalidRequest('Invalid currency', `${param}[price_data][currency]`);
    const name = asText(productData?.name);
    if (!name)
      throw new InvalidRequest('Missing required param: name.', `${param}[price_data][product_data][name]`);
    return { name, currency, unit_amount: unitAmount, quantity, amount_total: unitAmount * quantity };
  });
}

export async function startFakeStripe(options: FakeStripeOptions = {}): Promise<FakeStripe> {
  const now = () => Math.floor((options.now?.() ?? new Date()).getTime() / 1000);
  const secretKey = options.secretKey ?? `sk_test_${randomBytes(24).toString('hex')}`;
  const webhookSecret = options.webhookSecret ?? `whsec_${randomBytes(24).toString('hex')}`;
  const sessions = new Map<string, FakeCheckoutSession>();
  const items = new Map<string, FakeLineItem[]>();
  const idempotent = new Map<string, { body: string; reply: Reply }>();
  const intents = new Map<string, FakePaymentIntent>();
  const refunds = new Map<string, FakeRefund>();
  const coupons = new Map<string, FakeCoupon>();
  const deliveries: WebhookDelivery[] = [];
  let dropNext = 0;

  function readMetadata(body: Record<string, FormValue>): Record<string, string> {
    const metadata: Record<string, string> = {};
    for (const [k, v] of Object.entries(asRecord(body.metadata) ?? {})) {
      if (typeof v !== 'string')
        throw new InvalidRequest('Metadata values must be strings.', `metadata[${k}]`);
      metadata[k] = v;
    }
    return metadata;
  }

  function createCoupon(body: Record<string, FormValue>): FakeCoupon {
    const amountOff = asInt(body.amount_off);
    if (amountOff === undefined || amountOff < 1)
      throw new InvalidRequest('This fake only knows amount_off coupons (a positive integer).', 'amount_off');
    const currency = asText(body.currency);
    if (!currency || !/^[a-z]{3}$/.test(currency))
      throw new InvalidRequest('You must pass currency when passing amount_off', 'currency');
    const duration = asText(body.duration) ?? 'once';
    if (duration !== 'once') throw new InvalidRequest('This fake supports duration=once only.', 'duration');
    const maxRedemptions = body.max_redemptions === undefined ? null : asInt(body.max_redemptions);
    if (maxRedemptions === undefined || maxRedemptions === 0)
      throw new InvalidRequest('Invalid positive integer', 'max_redemptions');
    const coupon: FakeCoupon = {
      id: randomId('co'),
      object: 'coupon',
      amount_off: amountOff,
      currency,
      duration: 'once',
      max_redemptions: maxRedemptions,
      name: asText(body.name) ?? null,
      times_redeemed: 0,
      valid: true,
      metadata: readMetadata(body),
      created: now(),
      livemode: false,
    };
    coupons.set(coupon.id, coupon);
    return coupon;
  }

  /** discounts[0][coupon]: Stripe allows one; the coupon must exist, be valid and be in the session's currency. */
  function readDiscount(body: Record<string, FormValue>, currency: string): FakeCoupon | undefined {
    const raw = body.discounts;
    if (raw === undefined) return undefined;
    if (!Array.isArray(raw) || raw.length !== 1)
      throw new InvalidRequest('You may only specify one discount.', 'discounts');
    const id = asText(asRecord(raw[0])?.coupon);
    const coupon = id ? coupons.get(id) : undefined;
    if (!id || !coupon) throw new InvalidRequest(`No such coupon: '${id ?? ''}'`, 'discounts[0][coupon]');
    if (!coupon.valid) throw new InvalidRequest(`Coupon ${id} is no longer valid.`, 'discounts[0][coupon]');
    if (coupon.currency !== currency)
      throw new InvalidRequest(`The coupon's currency does not match the session's.`, 'discounts[0][coupon]');
    return coupon;
  }

  function createSession(body: Record<string, FormValue>): FakeCheckoutSession {
    if (asText(body.mode) !== 'payment')
      throw new InvalidRequest('This fake supports mode=payment only.', 'mode');
    const successUrl = asText(body.success_url);
    if (!successUrl) throw new InvalidRequest('Missing required param: success_url.', 'success_url');
    const lineItems = readLineItems(body);
    const [first] = lineItems;
    if (!first) throw new InvalidRequest('line_items is required in payment mode.', 'line_items');
    const currency = first.currency;
    if (lineItems.some((l) => l.currency !== currency)) {
      throw new InvalidRequest('All line items must use the same currency.', 'line_items');
    }
    const metadata = readMetadata(body);
    const subtotal = lineItems.reduce((sum, l) => sum + l.amount_total, 0);
    const coupon = readDiscount(body, currency);
    // Stripe takes at most the subtotal off; a redemption counts against max_redemptions.
    const discount = coupon ? Math.min(coupon.amount_off, subtotal) : 0;
    if (coupon) {
      coupon.times_redeemed += 1;
      if (coupon.max_redemptions !== null && coupon.times_redeemed >= coupon.max_redemptions)
        coupon.valid = false;
    }
    const total = subtotal - discount;
    // Stripe: expires_at between 30 minutes and 24 hours after creation (default 24 hours).
    let expiresAt = now() + 24 * 3600;
    if (body.expires_at !== undefined) {
      const at = asInt(body.expires_at);
      if (at === undefined || at < now() + 30 * 60 - 60 || at > now() + 24 * 3600 + 60) {
        throw new InvalidRequest(
          'The `expires_at` timestamp must be between 30 minutes and 24 hours after the Checkout Session is created.',
          'expires_at',
        );
      }
      expiresAt = at;
    }
    const id = randomId('cs_test');
    const session: FakeCheckoutSession = {
      id,
      object: 'checkout.session',
      status: 'open',
      payment_status: 'unpaid',
      mode: 'payment',
      currency,
      amount_subtotal: subtotal,
      amount_total: total,
      total_details: { amount_discount: discount, amount_shipping: 0, amount_tax: 0 },
      discounts: coupon ? [{ coupon: coupon.id }] : [],
      client_reference_id: asText(body.client_reference_id) ?? null,
      customer_email: asText(body.customer_email) ?? null,
      metadata,
      success_url: successUrl,
      cancel_url: asText(body.cancel_url) ?? null,
      url: `${fake.url}/c/pay/${id}`,
      payment_intent: null,
      created: now(),
      expires_at: expiresAt,
      livemode: false,
    };
    sessions.set(id, session);
    items.set(id, lineItems);
    return session;
  }

  async function deliver(event: FakeStripeEvent, opts: DeliverOptions = {}): Promise<WebhookDelivery> {
    const target = opts.target ?? options.webhookUrl;
    if (!target) throw new Error('No webhook target: pass { target } or start the fake with webhookUrl');
    const payload = JSON.stringify(event, null, 2);
    const signature = Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: opts.secret ?? webhookSecret,
      timestamp: opts.timestamp ?? realNow(),
    });
    const headers = { 'content-type': 'application/json', 'stripe-signature': signature };
    let delivery: WebhookDelivery;
    if (dropNext > 0) {
      dropNext -= 1;
      delivery = { event, payload, signature, status: 0, body: '', dropped: true };
    } else if (typeof target === 'function') {
      const res = await target({ body: payload, headers });
      delivery = { event, payload, signature, ...res, dropped: false };
    } else {
      const res = await fetch(target, { method: 'POST', headers, body: payload });
      delivery = { event, payload, signature, status: res.status, body: await res.text(), dropped: false };
    }
    deliveries.push(delivery);
    return delivery;
  }

  const buildEvent = (
    type: string,
    object: Record<string, unknown>,
    id = randomId('evt'),
  ): FakeStripeEvent => ({
    id,
    object: 'event',
    type,
    api_version: API_VERSION,
    created: now(),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: { object },
  });

  async function completeSession(id: string, opts: CompleteOptions = {}): Promise<WebhookDelivery> {
    const session = sessions.get(id);
    if (!session) throw new Error(`No such checkout session: ${id}`);
    if (session.status !== 'open') throw new Error(`Checkout session ${id} is ${session.status}`);
    pay(session, opts.paymentStatus ?? 'paid');
    const event = buildEvent('checkout.session.completed', { ...session, ...opts.eventOverrides });
    return deliver(event, opts);
  }

  /** The session completes: a PaymentIntent holds the money (a delayed method's is still processing). */
  function pay(session: FakeCheckoutSession, paymentStatus: 'paid' | 'unpaid') {
    session.status = 'complete';
    session.payment_status = paymentStatus;
    session.url = null;
    const intent: FakePaymentIntent = {
      id: randomId('pi'),
      object: 'payment_intent',
      amount: session.amount_total,
      amount_received: paymentStatus === 'paid' ? session.amount_total : 0,
      currency: session.currency,
      status: paymentStatus === 'paid' ? 'succeeded' : 'processing',
      latest_charge: paymentStatus === 'paid' ? randomId('ch') : null,
      metadata: { ...session.metadata },
      created: now(),
      livemode: false,
    };
    intents.set(intent.id, intent);
    session.payment_intent = intent.id;
  }

  async function expireSession(id: string, opts: DeliverOptions = {}): Promise<WebhookDelivery | undefined> {
    const session = sessions.get(id);
    if (!session) throw new Error(`No such checkout session: ${id}`);
    if (session.status !== 'open') throw new Error(`Checkout session ${id} is ${session.status}`);
    session.status = 'expired';
    session.url = null;
    if (!opts.target && !options.webhookUrl) return undefined;
    return deliver(buildEvent('checkout.session.expired', { ...session }), opts);
  }

  const refunded = (intentId: string) =>
    [...refunds.values()].filter((r) => r.payment_intent === intentId).reduce((sum, r) => sum + r.amount, 0);

  const dollars = (cents: number) => `$${centsToDecimal(cents)}`;

  /** POST /v1/refunds, with Stripe's refusals. @see https://docs.stripe.com/api/refunds/create */
  function createRefund(body: Record<string, FormValue>): Reply {
    const intentId = asText(body.payment_intent);
    const chargeId = asText(body.charge);
    if (!intentId && !chargeId) {
      throw new InvalidRequest(
        'One of the following params should be provided for this request: payment_intent or charge.',
      );
    }
    const intent = intentId
      ? intents.get(intentId)
      : [...intents.values()].find((i) => i.latest_charge === chargeId);
    if (!intent) {
      return json(404, {
        error: {
          type: 'invalid_request_error',
          code: 'resource_missing',
          message: intentId ? `No such payment_intent: '${intentId}'` : `No such charge: '${chargeId}'`,
          param: intentId ? 'payment_intent' : 'charge',
        },
      });
    }
    if (intent.status !== 'succeeded' || !intent.latest_charge) {
      throw new InvalidRequest(
        `This PaymentIntent (${intent.id}) does not have a successful charge to refund.`,
      );
    }
    let amount: number | undefined;
    if (body.amount !== undefined) {
      amount = asInt(body.amount);
      if (amount === undefined || amount < 1) throw new InvalidRequest('Invalid positive integer', 'amount');
    }
    const reason = asText(body.reason);
    if (reason !== undefined && !['duplicate', 'fraudulent', 'requested_by_customer'].includes(reason)) {
      throw new InvalidRequest(
        'Invalid reason: must be one of duplicate, fraudulent, or requested_by_customer',
        'reason',
      );
    }
    const left = intent.amount_received - refunded(intent.id);
    if (left <= 0) {
      return json(400, {
        error: {
          type: 'invalid_request_error',
          code: 'charge_already_refunded',
          message: `Charge ${intent.latest_charge} has already been refunded.`,
        },
      });
    }
    if (amount !== undefined && amount > left) {
      throw new InvalidRequest(
        `Refund amount (${dollars(amount)}) is greater than unrefunded amount on charge (${dollars(left)})`,
        'amount',
      );
    }
    const metadata: Record<string, string> = {};
    for (const [k, v] of Object.entries(asRecord(body.metadata) ?? {})) {
      if (typeof v === 'string') metadata[k] = v;
    }
    const refund: FakeRefund = {
      id: randomId('re'),
      object: 'refund',
      amount: amount ?? left,
      charge: intent.latest_charge,
      currency: intent.currency,
      payment_intent: intent.id,
      reason: reason ?? null,
      metadata,
      status: 'succeeded',
      created: now(),
    };
    refunds.set(refund.id, refund);
    return json(200, refund);
  }

  function route(req: RecordedRequest): Reply | Promise<Reply> {
    const { method, path } = req;
    const hosted = /^\/c\/pay\/([\w-]+)(\/pay|\/cancel)?$/.exec(path);
    if (hosted) return hostedPage(method, group(hosted, 1), hosted[2]);
    if (path === '/__fake/requests' && method === 'GET') return listRequests(fake, req.query);
    if (path === '/__fake/webhooks/drop' && method === 'POST') {
      dropNext += Number(req.query.get('count') ?? '1') || 1;
      return json(200, { dropping: dropNext });
    }
    const control = /^\/__fake\/sessions\/([\w-]+)\/(complete|expire)$/.exec(path);
    if (control && method === 'POST') {
      const done =
        control[2] === 'complete' ? completeSession(group(control, 1)) : expireSession(group(control, 1));
      return done.then(
        (d) =>
          json(200, {
            event_id: d?.event.id ?? null,
            webhook_status: d?.status ?? null,
            dropped: d?.dropped ?? false,
          }),
        (e: unknown) => json(400, { error: String(e) }),
      );
    }
    if (!path.startsWith('/v1/')) return stripeError(404, `Unrecognized request URL (${method}: ${path}).`);
    if (req.headers.authorization !== `Bearer ${secretKey}`) {
      return stripeError(401, 'Invalid API Key provided.', undefined, 'invalid_request_error');
    }
    const key = req.headers['idempotency-key'];
    if (method === 'POST' && typeof key === 'string' && !key.startsWith('stripe-node-retry-')) {
      const seen = idempotent.get(key);
      if (seen) {
        return seen.body === req.rawBody
          ? seen.reply
          : stripeError(
              400,
              'Keys for idempotent requests can only be used with the same parameters they were first used with.',
              undefined,
              'idempotency_error',
            );
      }
      const reply = api(req);
      idempotent.set(key, { body: req.rawBody, reply });
      return reply;
    }
    return api(req);
  }

  function api(req: RecordedRequest): Reply {
    const { method, path } = req;
    try {
      if (method === 'POST' && path === '/v1/checkout/sessions') {
        return json(200, createSession((req.body ?? {}) as Record<string, FormValue>));
      }
      if (method === 'POST' && path === '/v1/coupons') {
        return json(200, createCoupon((req.body ?? {}) as Record<string, FormValue>));
      }
      if (method === 'POST' && path === '/v1/refunds') {
        return createRefund((req.body ?? {}) as Record<string, FormValue>);
      }
      if (method === 'GET' && path === '/v1/refunds') {
        const pi = req.query.get('payment_intent');
        const data = [...refunds.values()].filter((r) => !pi || r.payment_intent === pi).reverse();
        return json(200, { object: 'list', data, has_more: false, url: '/v1/refunds' });
      }
      const refund = /^\/v1\/refunds\/([\w-]+)$/.exec(path);
      if (refund && method === 'GET') {
        const found = refunds.get(group(refund, 1));
        return found ? json(200, found) : stripeError(404, `No such refund: '${refund[1]}'`, 'id');
      }
      const intent = /^\/v1\/payment_intents\/([\w-]+)$/.exec(path);
      if (intent && method === 'GET') {
        const found = intents.get(group(intent, 1));
        return found
          ? json(200, { ...found, amount_refunded: refunded(found.id) })
          : stripeError(404, `No such payment_intent: '${intent[1]}'`, 'intent');
      }
      const one = /^\/v1\/checkout\/sessions\/([\w-]+)(\/expire)?$/.exec(path);
      const session = one ? sessions.get(group(one, 1)) : undefined;
      if (one && !session) return stripeError(404, `No such checkout.session: '${one[1]}'`, 'session');
      if (session && method === 'GET' && !one?.[2]) return json(200, session);
      if (session && method === 'POST' && one?.[2]) {
        if (session.status !== 'open') {
          return stripeError(400, `Only Checkout Sessions with a status in ["open"] can be expired.`);
        }
        session.status = 'expired';
        session.url = null;
        return json(200, session);
      }
      return stripeError(404, `Unrecognized request URL (${method}: ${path}).`);
    } catch (error) {
      if (error instanceof InvalidRequest) return stripeError(400, error.message, error.param);
      throw error;
    }
  }

  async function hostedPage(method: string, id: string, action: string | undefined): Promise<Reply> {
    const session = sessions.get(id);
    if (!session) return { status: 404, body: 'Checkout session not found' };
    if (method === 'GET' && !action) {
      const lines = (items.get(id) ?? []).map(
        (l) => `${l.name}: ${centsToDecimal(l.amount_total)} ${l.currency.toUpperCase()}`,
      );
      const off = session.total_details.amount_discount;
      const coupon = session.discounts[0] ? coupons.get(session.discounts[0].coupon) : undefined;
      if (off > 0) {
        lines.push(
          `${coupon?.name ?? 'Discount'}: −${centsToDecimal(off)} ${session.currency.toUpperCase()}`,
        );
      }
      return page(
        'Fake Stripe Checkout',
        [
          ...lines,
          `Total: ${centsToDecimal(session.amount_total)} ${session.currency.toUpperCase()}`,
          `Status: ${session.status}`,
        ],
        session.status === 'open'
          ? [
              { label: 'Pay', action: `/c/pay/${id}/pay` },
              { label: 'Cancel', action: `/c/pay/${id}/cancel` },
            ]
          : [],
      );
    }
    if (method === 'POST' && action === '/pay') {
      if (session.status !== 'open') return { status: 409, body: `Session is ${session.status}` };
      if (options.webhookUrl) await completeSession(id);
      else pay(session, 'paid');
      return redirect(session.success_url.replaceAll('{CHECKOUT_SESSION_ID}', id));
    }
    if (method === 'POST' && action === '/cancel') return redirect(session.cancel_url ?? session.success_url);
    return { status: 405, body: 'Method not allowed' };
  }

  // stripe-node reads a request id from every answer.
  // The handlers above read `fake` (its URL, its requests) only once it listens.
  const fake = await startFake(
    route,
    parseStripeForm,
    options,
    (reply) => ({ ...reply, headers: { 'request-id': randomId('req'), ...reply.headers } }),
    classifyStripe,
  );

  return {
    ...fake,
    protocol: 'http',
    secretKey,
    webhookSecret,
    session: (id) => sessions.get(id),
    sessions: () => [...sessions.values()],
    lineItems: (id) => items.get(id) ?? [],
    coupons: () => [...coupons.values()],
    buildEvent,
    deliver,
    completeSession,
    expireSession,
    dropWebhooks: (count = 1) => {
      dropNext += count;
    },
    webhooks: () => [...deliveries],
    paymentIntent: (id) => intents.get(id),
    refunds: (paymentIntentId) =>
      [...refunds.values()].filter((r) => !paymentIntentId || r.payment_intent === paymentIntentId),
  };
}

/** Kinds of the API requests (fake.received(kind)). */
function classifyStripe(method: string, path: string): string | undefined {
  if (method === 'POST' && path === '/v1/checkout/sessions') return 'checkout.session.create';
  if (/^\/v1\/checkout\/sessions\/[\w-]+$/.test(path)) return 'checkout.session.retrieve';
  if (/^\/v1\/checkout\/sessions\/[\w-]+\/expire$/.test(path)) return 'checkout.session.expire';
  if (method === 'POST' && path === '/v1/coupons') return 'coupon.create';
  if (method === 'POST' && path === '/v1/refunds') return 'refund.create';
  if (method === 'GET' && path === '/v1/refunds') return 'refund.list';
  if (/^\/v1\/refunds\/[\w-]+$/.test(path)) return 'refund.retrieve';
  if (/^\/v1\/payment_intents\/[\w-]+$/.test(path)) return 'payment_intent.retrieve';
  return undefined;
}
