/**
 * A fake Stripe API on loopback, just enough of it for stripe-node to run a Checkout payment end to end:
 *
 * - POST /v1/checkout/sessions           (form-encoded, as the SDK sends it) → a Checkout Session
 * - GET  /v1/checkout/sessions/:id       → the session
 * - POST /v1/checkout/sessions/:id/expire → the session, expired
 * - GET  /c/pay/:id                      the "hosted checkout" page: Pay (marks it paid, sends the signed
 *                                        checkout.session.completed webhook, redirects to success_url) or Cancel
 * - GET  /__fake/requests, POST /__fake/sessions/:id/complete   the same controls for another process (e2e)
 *
 * Like Stripe it checks the secret key, honours Idempotency-Key (same key + same body → the first answer again;
 * same key + another body → 400 idempotency_error) and answers errors as `{error: {type, message, param}}`.
 * Webhooks are signed with stripe-node's own generateTestHeaderString, so the receiver's constructEvent
 * performs a real signature check.
 * @see https://docs.stripe.com/api/checkout/sessions/create
 * @see https://docs.stripe.com/webhooks#verify-events
 */
import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import {
  centsToDecimal,
  json,
  page,
  redirect,
  startFake,
  type FakeServer,
  type ListenOptions,
  type RecordedRequest,
  type Reply,
} from './http.js';
import { parseStripeForm, type FormValue } from './stripe-form.js';

export interface FakeStripeOptions extends ListenOptions {
  /** The key the API must send (Authorization: Bearer …). Default 'sk_test_bindery_fake'. */
  secretKey?: string;
  /** Signs webhooks. Default 'whsec_bindery_fake'. */
  webhookSecret?: string;
  /** Where the hosted page's Pay button delivers checkout.session.completed (e.g. http://127.0.0.1:3000/api/stripe/webhook/). */
  webhookUrl?: string;
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
  status: number;
  body: string;
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
  /** Builds an event around an object, as Stripe would send it. */
  buildEvent(type: string, object: Record<string, unknown>, id?: string): FakeStripeEvent;
  /** Signs and POSTs an event (again, if it was delivered before: same id). */
  deliver(event: FakeStripeEvent, options?: DeliverOptions): Promise<WebhookDelivery>;
  /** The buyer pays: the session becomes complete and checkout.session.completed is delivered. */
  completeSession(id: string, options?: CompleteOptions): Promise<WebhookDelivery>;
}

const API_VERSION = Stripe.API_VERSION;
const now = () => Math.floor(Date.now() / 1000);
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
  const secretKey = options.secretKey ?? 'sk_test_bindery_fake';
  const webhookSecret = options.webhookSecret ?? 'whsec_bindery_fake';
  const sessions = new Map<string, FakeCheckoutSession>();
  const items = new Map<string, FakeLineItem[]>();
  const idempotent = new Map<string, { body: string; reply: Reply }>();

  function createSession(body: Record<string, FormValue>): FakeCheckoutSession {
    if (asText(body.mode) !== 'payment')
      throw new InvalidRequest('This fake supports mode=payment only.', 'mode');
    const successUrl = asText(body.success_url);
    if (!successUrl) throw new InvalidRequest('Missing required param: success_url.', 'success_url');
    const lineItems = readLineItems(body);
    const currency = lineItems[0]!.currency;
    if (lineItems.some((l) => l.currency !== currency)) {
      throw new InvalidRequest('All line items must use the same currency.', 'line_items');
    }
    const metadata: Record<string, string> = {};
    for (const [k, v] of Object.entries(asRecord(body.metadata) ?? {})) {
      if (typeof v !== 'string')
        throw new InvalidRequest('Metadata values must be strings.', `metadata[${k}]`);
      metadata[k] = v;
    }
    const total = lineItems.reduce((sum, l) => sum + l.amount_total, 0);
    const id = randomId('cs_test');
    const session: FakeCheckoutSession = {
      id,
      object: 'checkout.session',
      status: 'open',
      payment_status: 'unpaid',
      mode: 'payment',
      currency,
      amount_subtotal: total,
      amount_total: total,
      client_reference_id: asText(body.client_reference_id) ?? null,
      customer_email: asText(body.customer_email) ?? null,
      metadata,
      success_url: successUrl,
      cancel_url: asText(body.cancel_url) ?? null,
      url: `${fake.url}/c/pay/${id}`,
      payment_intent: null,
      created: now(),
      expires_at: now() + 24 * 3600,
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
      timestamp: opts.timestamp ?? now(),
    });
    const headers = { 'content-type': 'application/json', 'stripe-signature': signature };
    if (typeof target === 'function') {
      const res = await target({ body: payload, headers });
      return { event, payload, signature, ...res };
    }
    const res = await fetch(target, { method: 'POST', headers, body: payload });
    return { event, payload, signature, status: res.status, body: await res.text() };
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
    session.status = 'complete';
    session.payment_status = opts.paymentStatus ?? 'paid';
    session.payment_intent = randomId('pi');
    const event = buildEvent('checkout.session.completed', { ...session, ...opts.eventOverrides });
    return deliver(event, opts);
  }

  function route(req: RecordedRequest): Reply | Promise<Reply> {
    const { method, path } = req;
    const hosted = /^\/c\/pay\/([\w-]+)(\/pay|\/cancel)?$/.exec(path);
    if (hosted) return hostedPage(method, hosted[1]!, hosted[2]);
    if (path === '/__fake/requests' && method === 'GET')
      return json(200, { requests: fake.requests.map(summary) });
    const control = /^\/__fake\/sessions\/([\w-]+)\/complete$/.exec(path);
    if (control && method === 'POST') {
      return completeSession(control[1]!).then(
        (d) => json(200, { event_id: d.event.id, webhook_status: d.status }),
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
      const one = /^\/v1\/checkout\/sessions\/([\w-]+)(\/expire)?$/.exec(path);
      const session = one ? sessions.get(one[1]!) : undefined;
      if (one && !session) return stripeError(404, `No such checkout.session: '${one[1]}'`, 'session');
      if (session && method === 'GET' && !one![2]) return json(200, session);
      if (session && method === 'POST' && one![2]) {
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
      else
        Object.assign(session, {
          status: 'complete',
          payment_status: 'paid',
          payment_intent: randomId('pi'),
        });
      return redirect(session.success_url.replaceAll('{CHECKOUT_SESSION_ID}', id));
    }
    if (method === 'POST' && action === '/cancel') return redirect(session.cancel_url ?? session.success_url);
    return { status: 405, body: 'Method not allowed' };
  }

  // stripe-node reads a request id from every answer.
  // The handlers above read `fake` (its URL, its requests) only once it listens.
  const fake = await startFake(route, parseStripeForm, options, (reply) => ({
    ...reply,
    headers: { 'request-id': randomId('req'), ...reply.headers },
  }));

  return {
    ...fake,
    protocol: 'http',
    secretKey,
    webhookSecret,
    session: (id) => sessions.get(id),
    sessions: () => [...sessions.values()],
    lineItems: (id) => items.get(id) ?? [],
    buildEvent,
    deliver,
    completeSession,
  };
}

const summary = (r: RecordedRequest) => ({
  method: r.method,
  path: r.path,
  body: r.body,
  received_at: r.receivedAt,
});
