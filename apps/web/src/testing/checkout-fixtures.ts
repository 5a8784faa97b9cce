/**
 * Contract-typed answers of the checkout and payment API for component tests (shop, payment, result pages).
 * Taxes are the TX rule on books + shipping (ADR 0013): Express's tax (17.72) is not Ground's scaled by the
 * shipping charges (12.36 × 90 / 25 = 44.50), so a test can tell the server's tax from one scaled in the browser.
 */
import { http, HttpResponse, type DefaultBodyType } from 'msw';
import type { ErrorBody } from '@bindery/contracts/common';
import { urlOf, type RouteContract } from '@bindery/contracts/route';
import { configRoute } from '@bindery/contracts/store/config';
import { orderRoutes } from '@bindery/contracts/store/orders';
import type {
  Order,
  OrderResponse,
  ShippingRateResponse,
  ShippingService,
} from '@bindery/contracts/store/checkout';
import type { CartItem } from '../lib/cart';
import { cartKey } from '../lib/cart';
import { server } from './msw-server';
import { defined } from '@bindery/ui/testing';

export const cartItems: CartItem[] = [
  { id: 11, title: 'My Novel', category: 'Print Book' },
  { id: 12, title: 'Family Album', category: 'Photo Book' },
];

/** Puts `items` in the cart of user `userId`, as the cart screen would. */
export function putInCart(userId: number, items: CartItem[] = cartItems) {
  localStorage.setItem(cartKey(userId), JSON.stringify(items));
}

export const groundService: ShippingService = {
  service_code: 'fedex_ground',
  service_name: 'Ground',
  courier_name: 'FedEx',
  total_charge: '25.00',
  delivery_time: '3-5 days',
  tax: '12.36',
  total: '162.16',
};
export const expressService: ShippingService = {
  service_code: 'dhl_express',
  service_name: 'Express Worldwide',
  courier_name: 'DHL',
  total_charge: '90.00',
  delivery_time: '1-2 days',
  tax: '17.72',
  total: '232.52',
};

/** A rate for the cart: subtotal 124.80, the cheapest (FedEx Ground) on top, TX individual tax. */
export function rateResponse(overrides: Partial<ShippingRateResponse> = {}): ShippingRateResponse {
  return {
    shipping_rate: groundService.total_charge,
    tax: defined(groundService.tax),
    tax_rate: '8.25%',
    tax_reason: 'Texas individual sales tax',
    account_type: 'individual',
    courier_name: groundService.courier_name,
    service_code: groundService.service_code,
    estimated_delivery: groundService.delivery_time,
    available_services: [expressService, groundService],
    subtotal: '124.80',
    total: defined(groundService.total),
    weight_grams: 1450,
    ...overrides,
  };
}

export const address = {
  first_name: 'Ann',
  last_name: 'Reader',
  company: '',
  address: '100 Congress Ave',
  apt_floor: '',
  country: 'US',
  state: 'TX',
  city: 'Austin',
  postal_code: '78701',
  phone_number: '+1 512 555 0100',
  account_type: 'individual',
  has_resale_cert: false,
} satisfies Order['address'];

export function order(overrides: Partial<Order> = {}): Order {
  return {
    id: 42,
    status: 'awaiting_payment',
    currency: 'USD',
    items: [
      {
        project_id: 11,
        title: 'My Novel',
        category: 'Print Book',
        quantity: 10,
        cost_per_book: '8.48',
        discount_amount: '0.00',
        line_total: '84.80',
        downloads: null,
        specs: {
          trim_size: 'US Trade — 6 × 9 in',
          binding: 'Perfect Bound',
          paper_type: '60# White-Uncoated',
          interior_color: 'Standard Color',
          cover_finish: 'Matte',
          extras: {},
          page_count: 240,
        },
      },
      {
        project_id: 12,
        title: 'Family Album',
        category: 'Photo Book',
        quantity: 2,
        cost_per_book: '20.00',
        discount_amount: '0.00',
        line_total: '40.00',
        downloads: null,
        specs: {
          trim_size: 'Square — 8.5 × 8.5 in',
          binding: 'Case Wrap',
          paper_type: '100# White-Coated',
          interior_color: 'Premium Color',
          cover_finish: 'Gloss',
          extras: { Spine: 'Round' },
          page_count: 40,
        },
      },
    ],
    subtotal: '124.80',
    shipping: '25.00',
    tax: '12.36',
    tax_rate: '8.25%',
    tax_reason: 'Texas individual sales tax',
    total: '162.16',
    shipping_service: groundService,
    address,
    payment_method: null,
    paid_at: null,
    created_at: '2026-11-22T10:00:00.000Z',
    order_number: 'BND-000042',
    discount: '0.00',
    expires_at: '2026-11-23T10:00:00.000Z',
    carrier: null,
    tracking_number: null,
    tracking_url: null,
    timeline: [{ from: null, status: 'awaiting_payment', at: '2026-11-22T10:00:00.000Z', note: null }],
    refunded: '0.00',
    refunds: [],
    ...overrides,
  };
}

export const orderResponse = (overrides: Partial<Order> = {}): OrderResponse => ({ order: order(overrides) });

export const paidOrder = (overrides: Partial<Order> = {}) =>
  orderResponse({ status: 'paid', paid_at: '2026-11-22T10:05:00.000Z', ...overrides });

export const errorBody = (statusCode: number, error: string, code = 'ERROR'): ErrorBody => ({
  error,
  code,
  statusCode,
});

/** GET api/config with the payment methods this server offers. */
export const publicConfig = (payments: { card: boolean; paypal: boolean; test_mode?: boolean }) => ({
  web_url: 'http://web.test',
  admin_url: 'http://admin.test',
  api_url: 'http://api.test',
  brand: 'Bindery',
  payments,
});

/** GET api/config answering `payments` (publicConfig). */
export const publicConfigHandler = (payments: { card: boolean; paypal: boolean; test_mode?: boolean }) =>
  http.get(urlOf(configRoute), () => HttpResponse.json(publicConfig(payments)));

/**
 * What the payment page reads: GET api/orders/{id}/ answering `order` (the ids asked recorded in `seen`) and
 * GET api/config offering `methods`.
 */
export function paymentPageHandlers({
  order = orderResponse(),
  methods = { card: true, paypal: true },
  seen = { orderIds: [] },
}: {
  order?: OrderResponse;
  methods?: { card: boolean; paypal: boolean; test_mode?: boolean };
  seen?: { orderIds: string[] };
} = {}) {
  return [
    http.get<{ id: string }, never, OrderResponse>(urlOf(orderRoutes.get), ({ params }) => {
      seen.orderIds.push(params.id);
      return HttpResponse.json(order);
    }),
    publicConfigHandler(methods),
  ];
}

/**
 * A handler for the POST `route` whose request body is the contract's `Body`: answers with `answer` (a plain
 * Response, so a test can also send an error body or a broken one) and records every body and bearer token it
 * received. Only a POST route is accepted (type check), so the handler's verb is the route's.
 */
export function recordPosts<Body extends DefaultBodyType>(
  route: Pick<RouteContract, 'path'> & { readonly method: 'POST' },
  answer: (body: Body, call: number) => Response | Promise<Response>,
) {
  const seen = { bodies: [] as Body[], auth: [] as (string | null)[] };
  server.use(
    http.post<never, Body>(urlOf(route), async ({ request }) => {
      const body = await request.json();
      seen.bodies.push(body);
      seen.auth.push(request.headers.get('authorization'));
      return answer(body, seen.bodies.length - 1);
    }),
  );
  return seen;
}

/** Pastes Ann Reader's Austin address into the address fields within `scope` (one input event a field). */
export async function pasteAddress(
  user: { click: (e: Element) => Promise<void>; paste: (text: string) => Promise<void> },
  scope: { getByLabelText: (label: string) => HTMLElement },
  { phone = true } = {},
) {
  const fields: [string, string][] = [
    ['First name', 'Ann'],
    ['Last name', 'Reader'],
    ['Address', '100 Congress Ave'],
    ['City', 'Austin'],
    ['Postal code', '78701'],
    ...(phone ? ([['Phone number', '+1 512 555 0100']] as [string, string][]) : []),
  ];
  for (const [label, text] of fields) {
    await user.click(scope.getByLabelText(label));
    await user.paste(text);
  }
}
