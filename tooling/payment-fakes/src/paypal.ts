/**
 * A fake PayPal REST API on loopback, just enough for @paypal/checkout-server-sdk to run an Orders v2 payment:
 *
 * - POST /v1/oauth2/token                    client credentials (Basic id:secret) → a bearer token
 * - POST /v2/checkout/orders                 intent CAPTURE/AUTHORIZE; checks the amount breakdown and the items
 *                                            like PayPal (422 AMOUNT_MISMATCH / ITEM_TOTAL_MISMATCH); links
 *                                            self, approve (or payer-action with payment_source.paypal), capture
 * - GET  /v2/checkout/orders/:id
 * - POST /v2/checkout/orders/:id/capture     APPROVED → COMPLETED with one capture; not approved → 422
 *                                            ORDER_NOT_APPROVED; captured → 422 ORDER_ALREADY_CAPTURED
 * - POST /v2/payments/captures/:id/refund    amount optional (= what is left); PayPal's refusals: 422
 *                                            REFUND_AMOUNT_EXCEEDED, CAPTURE_FULLY_REFUNDED; the capture becomes
 *                                            PARTIALLY_REFUNDED / REFUNDED
 * - GET  /v2/payments/captures/:id, GET /v2/payments/refunds/:id
 * - GET  /checkoutnow?token=:id              the buyer's approval page: Approve (→ return_url?token=&PayerID=)
 *                                            or Cancel (→ cancel_url?token=)
 * - GET  /__fake/requests[?kind=], POST /__fake/orders/:id/approve   the same controls for another process (e2e)
 *
 * There is no way to cancel or void an Orders v2 order with intent CAPTURE, and this fake offers none either:
 * PayPal's Orders v2 API has create, show, update, confirm-payment-source, authorize, capture and track, and
 * `void` exists only for authorizations (intent AUTHORIZE). Money moves only when the merchant captures, so an
 * order the merchant no longer wants is simply never captured; an unapproved one stays CREATED (or
 * PAYER_ACTION_REQUIRED) until PayPal forgets it.
 *
 * PayPal-Request-Id is honoured as PayPal does: a POST repeated with the same id gets the first answer again
 * (so a retried capture is safe); errors follow PayPal's shape {name, message, details: [{issue}], debug_id}.
 * @see https://developer.paypal.com/docs/api/orders/v2/
 * @see https://developer.paypal.com/api/rest/reference/idempotency/
 * @see https://developer.paypal.com/docs/api/payments/v2/#captures_refund
 */
import { randomBytes } from 'node:crypto';
import {
  centsToDecimal,
  decimalToCents,
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

export interface FakePaypalOptions extends ListenOptions {
  /** Default: a new random id per fake. */
  clientId?: string;
  /** Default: a new random secret per fake. */
  clientSecret?: string;
}

export interface PaypalMoney {
  currency_code: string;
  value: string;
}

export interface PaypalLink {
  href: string;
  rel: string;
  method: string;
}

export interface FakePaypalCapture {
  id: string;
  status: 'COMPLETED' | 'PARTIALLY_REFUNDED' | 'REFUNDED';
  amount: PaypalMoney;
  final_capture: true;
  create_time: string;
  update_time: string;
  links?: PaypalLink[];
}

export interface FakePaypalRefund {
  id: string;
  status: 'COMPLETED';
  amount: PaypalMoney;
  note_to_payer?: string;
  invoice_id?: string;
  create_time: string;
  update_time: string;
  links: PaypalLink[];
}

export interface FakePaypalPurchaseUnit {
  reference_id: string;
  amount: PaypalMoney & { breakdown?: Record<string, PaypalMoney> };
  items?: { name: string; quantity: string; unit_amount: PaypalMoney }[];
  custom_id?: string;
  description?: string;
  payments?: { captures: FakePaypalCapture[]; refunds?: FakePaypalRefund[] };
}

export interface FakePaypalOrder {
  id: string;
  intent: 'CAPTURE' | 'AUTHORIZE';
  status: 'CREATED' | 'PAYER_ACTION_REQUIRED' | 'APPROVED' | 'COMPLETED';
  purchase_units: FakePaypalPurchaseUnit[];
  payer?: { name: { given_name: string; surname: string }; email_address: string; payer_id: string };
  create_time: string;
  update_time: string;
  links: PaypalLink[];
  /** Where the approval page sends the buyer (application_context or payment_source.paypal.experience_context). */
  return_url?: string;
  cancel_url?: string;
}

export interface FakePaypal extends FakeServer {
  /** `url` is what the API gets as PAYPAL_API_BASE. */
  clientId: string;
  clientSecret: string;
  order(id: string): FakePaypalOrder | undefined;
  orders(): FakePaypalOrder[];
  /** The buyer approves on PayPal's page. Returns the URL PayPal would send the browser back to. */
  approveOrder(id: string): string;
  /** Captures outside the API (e.g. by another system), so the API's own capture meets ORDER_ALREADY_CAPTURED. */
  captureOrder(id: string): FakePaypalOrder;
  capture(id: string): FakePaypalCapture | undefined;
  /** The refunds made, optionally of one capture. */
  refunds(captureId?: string): FakePaypalRefund[];
}

const iso = () => new Date().toISOString();
const debugId = () => randomBytes(6).toString('hex');
const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
/** PayPal order and capture ids look like 5O190127TN364715T. */
const paypalId = () => [...randomBytes(17)].map((b) => ALPHABET[b % ALPHABET.length]).join('');

const ISSUE_TEXT: Record<string, string> = {
  ORDER_ALREADY_CAPTURED: "Order already captured.If 'intent=CAPTURE' only one capture per order is allowed.",
  ORDER_NOT_APPROVED: 'Payer has not yet approved the Order for payment.',
  AMOUNT_MISMATCH:
    'Should equal item_total + tax_total + shipping + handling + insurance - shipping_discount - discount.',
  ITEM_TOTAL_MISMATCH:
    'Should equal sum of (unit_amount * quantity) across all items for a given purchase_unit.',
  ITEM_TOTAL_REQUIRED:
    'If item details are specified (items.unit_amount and items.quantity) corresponding amount.breakdown.item_total is required.',
  ACTION_DOES_NOT_MATCH_INTENT:
    'Order was created with an intent to AUTHORIZE. Please use the authorize action instead.',
  REFUND_AMOUNT_EXCEEDED:
    'The refund amount must be less than or equal to the capture amount that has not yet been refunded.',
  CAPTURE_FULLY_REFUNDED: 'The capture has already been fully refunded.',
  REFUND_CAPTURE_CURRENCY_MISMATCH: 'Refund must be in the same currency as the capture.',
};

const unprocessable = (issue: string): Reply =>
  json(422, {
    name: 'UNPROCESSABLE_ENTITY',
    details: [{ issue, description: ISSUE_TEXT[issue] ?? issue }],
    message:
      'The requested action could not be performed, semantically incorrect, or failed business validation.',
    debug_id: debugId(),
    links: [
      {
        href: `https://developer.paypal.com/docs/api/orders/v2/#error-${issue}`,
        rel: 'information_link',
        method: 'GET',
      },
    ],
  });

const invalidRequest = (field: string, issue: string, description: string): Reply =>
  json(400, {
    name: 'INVALID_REQUEST',
    message: 'Request is not well-formed, syntactically incorrect, or violates schema.',
    debug_id: debugId(),
    details: [{ field, location: 'body', issue, description }],
  });

const notFound = (): Reply =>
  json(404, {
    name: 'RESOURCE_NOT_FOUND',
    details: [
      {
        issue: 'INVALID_RESOURCE_ID',
        description: 'Specified resource ID does not exist. Please check the resource ID and try again.',
      },
    ],
    message: 'The specified resource does not exist.',
    debug_id: debugId(),
  });

const unauthorized = (): Reply =>
  json(401, {
    name: 'AUTHENTICATION_FAILURE',
    message:
      'Authentication failed due to invalid authentication credentials or a missing Authorization header.',
    debug_id: debugId(),
  });

class Refusal extends Error {
  constructor(readonly reply: Reply) {
    super('refused');
  }
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

function readMoney(v: unknown, field: string): { money: PaypalMoney; cents: number } {
  if (!isObject(v))
    throw new Refusal(
      invalidRequest(field, 'MISSING_REQUIRED_PARAMETER', 'A required field / parameter is missing.'),
    );
  const currency = v.currency_code;
  if (typeof currency !== 'string' || !/^[A-Z]{3}$/.test(currency)) {
    throw new Refusal(
      invalidRequest(`${field}/currency_code`, 'INVALID_PARAMETER_VALUE', 'The value of a field is invalid.'),
    );
  }
  const cents = decimalToCents(v.value);
  if (cents === undefined) {
    throw new Refusal(
      invalidRequest(
        `${field}/value`,
        'DECIMAL_PRECISION',
        'If the currency supports decimals, only two decimal place precision is supported.',
      ),
    );
  }
  return { money: { currency_code: currency, value: v.value as string }, cents };
}

/** Checks one purchase unit as PayPal does: breakdown adds up to the amount; items add up to item_total. */
function readPurchaseUnit(v: unknown, i: number): FakePaypalPurchaseUnit {
  const field = `/purchase_units/@reference_id=='${i}'`;
  if (!isObject(v))
    throw new Refusal(
      invalidRequest(field, 'MISSING_REQUIRED_PARAMETER', 'A required field / parameter is missing.'),
    );
  const amount = readMoney(v.amount, `${field}/amount`);
  const breakdownIn = isObject(v.amount) && isObject(v.amount.breakdown) ? v.amount.breakdown : undefined;
  const breakdown: Record<string, PaypalMoney> = {};
  const part: Record<string, number> = {};
  for (const [k, m] of Object.entries(breakdownIn ?? {})) {
    const read = readMoney(m, `${field}/amount/breakdown/${k}`);
    breakdown[k] = read.money;
    part[k] = read.cents;
  }
  if (breakdownIn) {
    const p = (k: string) => part[k] ?? 0;
    const sum =
      p('item_total') +
      p('tax_total') +
      p('shipping') +
      p('handling') +
      p('insurance') -
      p('shipping_discount') -
      p('discount');
    if (sum !== amount.cents) throw new Refusal(unprocessable('AMOUNT_MISMATCH'));
  }
  let items: FakePaypalPurchaseUnit['items'];
  if (Array.isArray(v.items) && v.items.length > 0) {
    if (part.item_total === undefined) throw new Refusal(unprocessable('ITEM_TOTAL_REQUIRED'));
    let itemSum = 0;
    items = v.items.map((item: unknown, j: number) => {
      const f = `${field}/items/${j}`;
      if (!isObject(item) || typeof item.name !== 'string' || !item.name) {
        throw new Refusal(
          invalidRequest(
            `${f}/name`,
            'MISSING_REQUIRED_PARAMETER',
            'A required field / parameter is missing.',
          ),
        );
      }
      const quantity =
        typeof item.quantity === 'string' && /^\d{1,10}$/.test(item.quantity) ? Number(item.quantity) : NaN;
      if (!(quantity >= 1))
        throw new Refusal(
          invalidRequest(`${f}/quantity`, 'INVALID_PARAMETER_VALUE', 'The value of a field is invalid.'),
        );
      const unit = readMoney(item.unit_amount, `${f}/unit_amount`);
      itemSum += unit.cents * quantity;
      return { name: item.name, quantity: item.quantity as string, unit_amount: unit.money };
    });
    if (itemSum !== part.item_total) throw new Refusal(unprocessable('ITEM_TOTAL_MISMATCH'));
  }
  return {
    reference_id: typeof v.reference_id === 'string' ? v.reference_id : 'default',
    amount: { ...amount.money, ...(breakdownIn ? { breakdown } : {}) },
    ...(items ? { items } : {}),
    ...(typeof v.custom_id === 'string' ? { custom_id: v.custom_id } : {}),
    ...(typeof v.description === 'string' ? { description: v.description } : {}),
  };
}

export async function startFakePaypal(options: FakePaypalOptions = {}): Promise<FakePaypal> {
  const clientId = options.clientId ?? `bindery-fake-${randomBytes(12).toString('hex')}`;
  const clientSecret = options.clientSecret ?? randomBytes(24).toString('hex');
  const orders = new Map<string, FakePaypalOrder>();
  const tokens = new Set<string>();
  const replayed = new Map<string, Reply>();
  /** Every capture, with the order it belongs to and its refunds. */
  const captures = new Map<
    string,
    { capture: FakePaypalCapture; order: FakePaypalOrder; refunds: FakePaypalRefund[] }
  >();
  const refunds = new Map<string, FakePaypalRefund>();

  const view = (o: FakePaypalOrder) => {
    const { return_url: _r, cancel_url: _c, ...rest } = o;
    return rest;
  };

  function createOrder(body: unknown): Reply {
    if (!isObject(body))
      return invalidRequest('/', 'MALFORMED_REQUEST_JSON', 'The request JSON is not well formed.');
    if (body.intent !== 'CAPTURE' && body.intent !== 'AUTHORIZE') {
      return invalidRequest('/intent', 'INVALID_PARAMETER_VALUE', 'The value of a field is invalid.');
    }
    if (!Array.isArray(body.purchase_units) || body.purchase_units.length === 0) {
      return invalidRequest(
        '/purchase_units',
        'MISSING_REQUIRED_PARAMETER',
        'A required field / parameter is missing.',
      );
    }
    const units = body.purchase_units.map(readPurchaseUnit);
    const source =
      isObject(body.payment_source) && isObject(body.payment_source.paypal)
        ? body.payment_source.paypal
        : undefined;
    const context = (
      source && isObject(source.experience_context) ? source.experience_context : body.application_context
    ) as Json | undefined;
    const id = paypalId();
    const self = `${fake.url}/v2/checkout/orders/${id}`;
    const order: FakePaypalOrder = {
      id,
      intent: body.intent,
      status: source ? 'PAYER_ACTION_REQUIRED' : 'CREATED',
      purchase_units: units,
      create_time: iso(),
      update_time: iso(),
      links: [
        { href: self, rel: 'self', method: 'GET' },
        {
          href: `${fake.url}/checkoutnow?token=${id}`,
          rel: source ? 'payer-action' : 'approve',
          method: 'GET',
        },
        { href: self, rel: 'update', method: 'PATCH' },
        { href: `${self}/capture`, rel: 'capture', method: 'POST' },
      ],
      ...(typeof context?.return_url === 'string' ? { return_url: context.return_url } : {}),
      ...(typeof context?.cancel_url === 'string' ? { cancel_url: context.cancel_url } : {}),
    };
    orders.set(id, order);
    return json(201, { id, status: order.status, links: order.links });
  }

  function capture(order: FakePaypalOrder): Reply {
    if (order.status === 'COMPLETED') return unprocessable('ORDER_ALREADY_CAPTURED');
    if (order.intent !== 'CAPTURE') return unprocessable('ACTION_DOES_NOT_MATCH_INTENT');
    if (order.status !== 'APPROVED') return unprocessable('ORDER_NOT_APPROVED');
    order.status = 'COMPLETED';
    order.update_time = iso();
    for (const unit of order.purchase_units) {
      const { breakdown: _b, ...money } = unit.amount;
      const id = paypalId();
      const captured: FakePaypalCapture = {
        id,
        status: 'COMPLETED',
        amount: money,
        final_capture: true,
        create_time: iso(),
        update_time: iso(),
        links: [
          { href: `${fake.url}/v2/payments/captures/${id}`, rel: 'self', method: 'GET' },
          { href: `${fake.url}/v2/payments/captures/${id}/refund`, rel: 'refund', method: 'POST' },
          { href: `${fake.url}/v2/checkout/orders/${order.id}`, rel: 'up', method: 'GET' },
        ],
      };
      unit.payments = { captures: [captured] };
      captures.set(id, { capture: captured, order, refunds: [] });
    }
    return json(201, view(order));
  }

  /** POST /v2/payments/captures/:id/refund: no amount refunds what is left. */
  function refundCapture(captureId: string, body: unknown, prefer: string | undefined): Reply {
    const entry = captures.get(captureId);
    if (!entry) return notFound();
    const { capture: captured, order } = entry;
    const total = decimalToCents(captured.amount.value) ?? 0;
    const left = total - entry.refunds.reduce((sum, r) => sum + (decimalToCents(r.amount.value) ?? 0), 0);
    if (left <= 0) return unprocessable('CAPTURE_FULLY_REFUNDED');
    let cents = left;
    if (isObject(body) && body.amount !== undefined) {
      const amount = readMoney(body.amount, '/amount');
      if (amount.money.currency_code !== captured.amount.currency_code)
        return unprocessable('REFUND_CAPTURE_CURRENCY_MISMATCH');
      if (amount.cents <= 0)
        return invalidRequest('/amount/value', 'INVALID_PARAMETER_VALUE', 'The value of a field is invalid.');
      if (amount.cents > left) return unprocessable('REFUND_AMOUNT_EXCEEDED');
      cents = amount.cents;
    }
    const id = paypalId();
    const refund: FakePaypalRefund = {
      id,
      status: 'COMPLETED',
      amount: { currency_code: captured.amount.currency_code, value: centsToDecimal(cents) },
      ...(isObject(body) && typeof body.note_to_payer === 'string'
        ? { note_to_payer: body.note_to_payer }
        : {}),
      ...(isObject(body) && typeof body.invoice_id === 'string' ? { invoice_id: body.invoice_id } : {}),
      create_time: iso(),
      update_time: iso(),
      links: [
        { href: `${fake.url}/v2/payments/refunds/${id}`, rel: 'self', method: 'GET' },
        { href: `${fake.url}/v2/payments/captures/${captureId}`, rel: 'up', method: 'GET' },
      ],
    };
    entry.refunds.push(refund);
    refunds.set(id, refund);
    captured.status = cents === left ? 'REFUNDED' : 'PARTIALLY_REFUNDED';
    captured.update_time = iso();
    const unit = order.purchase_units.find((u) => u.payments?.captures.includes(captured));
    if (unit?.payments) unit.payments.refunds = [...(unit.payments.refunds ?? []), refund];
    // Without Prefer: return=representation PayPal answers the minimal representation.
    return json(
      201,
      prefer?.includes('return=representation') ? refund : { id, status: refund.status, links: refund.links },
    );
  }

  function approveOrder(id: string): string {
    const order = orders.get(id);
    if (!order) throw new Error(`No such PayPal order: ${id}`);
    if (order.status !== 'CREATED' && order.status !== 'PAYER_ACTION_REQUIRED')
      throw new Error(`PayPal order ${id} is ${order.status}`);
    order.status = 'APPROVED';
    order.update_time = iso();
    order.payer = {
      name: { given_name: 'Fake', surname: 'Buyer' },
      email_address: 'buyer@paypal.test',
      payer_id: 'FAKEPAYER01',
    };
    return withParams(order.return_url ?? fake.url, { token: id, PayerID: order.payer.payer_id });
  }

  function api(req: RecordedRequest): Reply {
    const { method, path } = req;
    if (method === 'POST' && path === '/v1/oauth2/token') {
      const expected = `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`;
      if (req.headers.authorization !== expected) {
        return json(401, { error: 'invalid_client', error_description: 'Client Authentication failed' });
      }
      const token = `A21AA${randomBytes(24).toString('hex')}`;
      tokens.add(token);
      return json(200, {
        scope: 'https://uri.paypal.com/services/payments/payment',
        access_token: token,
        token_type: 'Bearer',
        app_id: 'APP-FAKE',
        expires_in: 32400,
        nonce: randomBytes(8).toString('hex'),
      });
    }
    if (!path.startsWith('/v2/')) return notFound();
    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '');
    if (!bearer || !tokens.has(group(bearer, 1))) return unauthorized();
    try {
      if (method === 'POST' && path === '/v2/checkout/orders') return createOrder(req.body);
      const payment = /^\/v2\/payments\/(captures|refunds)\/([A-Z0-9]+)(\/refund)?$/.exec(path);
      if (payment) {
        const [, what, , refund] = payment;
        const id = group(payment, 2);
        if (what === 'captures' && refund && method === 'POST') {
          const prefer = req.headers.prefer;
          return refundCapture(id, req.body, typeof prefer === 'string' ? prefer : undefined);
        }
        if (what === 'captures' && !refund && method === 'GET') {
          const entry = captures.get(id);
          return entry ? json(200, entry.capture) : notFound();
        }
        if (what === 'refunds' && !refund && method === 'GET') {
          const found = refunds.get(id);
          return found ? json(200, found) : notFound();
        }
        return notFound();
      }
      const one = /^\/v2\/checkout\/orders\/([A-Z0-9]+)(\/capture)?$/.exec(path);
      const order = one ? orders.get(group(one, 1)) : undefined;
      if (!one || !order) return notFound();
      if (method === 'GET' && !one[2]) return json(200, view(order));
      if (method === 'POST' && one[2]) return capture(order);
      return notFound();
    } catch (error) {
      if (error instanceof Refusal) return error.reply;
      throw error;
    }
  }

  function hosted(req: RecordedRequest): Reply {
    const id = req.query.get('token') ?? '';
    const order = orders.get(id);
    if (!order) return { status: 404, body: 'PayPal order not found' };
    if (req.method === 'GET' && req.path === '/checkoutnow') {
      const total = order.purchase_units.reduce((sum, u) => sum + (decimalToCents(u.amount.value) ?? 0), 0);
      const currency = order.purchase_units[0]?.amount.currency_code ?? '';
      const open = order.status === 'CREATED' || order.status === 'PAYER_ACTION_REQUIRED';
      return page(
        'Fake PayPal',
        [`Pay ${centsToDecimal(total)} ${currency}`, `Status: ${order.status}`],
        open
          ? [
              { label: 'Approve', action: `/checkoutnow/approve?token=${id}` },
              { label: 'Cancel', action: `/checkoutnow/cancel?token=${id}` },
            ]
          : [],
      );
    }
    if (req.method === 'POST' && req.path === '/checkoutnow/approve') {
      try {
        return redirect(approveOrder(id));
      } catch (error) {
        return { status: 409, body: String(error) };
      }
    }
    if (req.method === 'POST' && req.path === '/checkoutnow/cancel') {
      return redirect(withParams(order.cancel_url ?? fake.url, { token: id }));
    }
    return { status: 405, body: 'Method not allowed' };
  }

  function route(req: RecordedRequest): Reply {
    if (req.path.startsWith('/checkoutnow')) return hosted(req);
    if (req.path === '/__fake/requests' && req.method === 'GET') return listRequests(fake, req.query);
    const control = /^\/__fake\/orders\/([A-Z0-9]+)\/approve$/.exec(req.path);
    if (control && req.method === 'POST') {
      try {
        return json(200, { return_url: approveOrder(group(control, 1)) });
      } catch (error) {
        return json(400, { error: String(error) });
      }
    }
    // PayPal-Request-Id: the same POST with the same id gets the first answer again.
    const requestId = req.headers['paypal-request-id'];
    if (req.method === 'POST' && typeof requestId === 'string' && req.path.startsWith('/v2/')) {
      const key = `${req.path} ${requestId}`;
      const first = replayed.get(key);
      if (first) return first;
      const reply = api(req);
      if (reply.status < 500 && reply.status !== 401) replayed.set(key, reply);
      return reply;
    }
    return api(req);
  }

  // The handlers above read `fake` (its URL, its requests) only once it listens.
  const fake = await startFake(
    route,
    (raw) => Object.fromEntries(new URLSearchParams(raw)),
    options,
    undefined,
    classifyPaypal,
  );

  return {
    ...fake,
    clientId,
    clientSecret,
    order: (id) => orders.get(id),
    orders: () => [...orders.values()],
    approveOrder,
    captureOrder: (id) => {
      const order = orders.get(id);
      if (!order) throw new Error(`No such PayPal order: ${id}`);
      const reply = capture(order);
      if (reply.status !== 201) throw new Error(`capture refused: ${JSON.stringify(reply.body)}`);
      return order;
    },
    capture: (id) => captures.get(id)?.capture,
    refunds: (captureId) =>
      captureId ? [...(captures.get(captureId)?.refunds ?? [])] : [...refunds.values()],
  };
}

/** Kinds of the API requests (fake.received(kind)). */
function classifyPaypal(method: string, path: string): string | undefined {
  if (method === 'POST' && path === '/v1/oauth2/token') return 'oauth.token';
  if (method === 'POST' && path === '/v2/checkout/orders') return 'order.create';
  if (method === 'GET' && /^\/v2\/checkout\/orders\/[A-Z0-9]+$/.test(path)) return 'order.get';
  if (method === 'POST' && /^\/v2\/checkout\/orders\/[A-Z0-9]+\/capture$/.test(path)) return 'order.capture';
  if (method === 'POST' && /^\/v2\/payments\/captures\/[A-Z0-9]+\/refund$/.test(path))
    return 'capture.refund';
  if (method === 'GET' && /^\/v2\/payments\/captures\/[A-Z0-9]+$/.test(path)) return 'capture.get';
  if (method === 'GET' && /^\/v2\/payments\/refunds\/[A-Z0-9]+$/.test(path)) return 'refund.get';
  return undefined;
}

function withParams(url: string, params: Record<string, string>): string {
  const u = new URL(url);
  for (const [k, v] of Object.entries(params)) u.searchParams.set(k, v);
  return u.toString();
}
