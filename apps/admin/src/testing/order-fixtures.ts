/**
 * Contract-typed admin orders and msw handlers of GET api/admin/orders/, GET api/admin/orders/{id}/ and POST
 * api/admin/orders/{id}/status/ for the order screens' tests. Every answer is parsed with its contract first, so a
 * fixture that drifts from the API's shape fails here, not in the screen.
 */
import { delay, http, HttpResponse } from 'msw';
import {
  AdminOrderDetail,
  AdminOrderListResponse,
  AdminOrderResponse,
  adminOrderRoutes,
  ChangeStatusBody as ChangeStatusBodySchema,
  RefundResponse,
  type AdminOrderRow,
  type ChangeStatusBody,
  type RefundBody,
} from '@bindery/contracts/admin/orders';
import {
  adminPaymentRoutes,
  ReconcileResponse,
  type AttemptOutcome,
} from '@bindery/contracts/admin/payments';
import type { ErrorBody } from '@bindery/contracts/common';
import { nextStatuses, type OrderStatus } from '@bindery/contracts/order-lifecycle';
import { urlOf } from '@bindery/contracts/route';
import { projectRoutes } from '@bindery/contracts/store/projects';
import { defined } from '@bindery/ui/testing';

export const row = (id: number, fields: Partial<AdminOrderRow> = {}): AdminOrderRow => ({
  id,
  order_number: `BND-${String(id).padStart(6, '0')}`,
  status: 'paid',
  created_at: '2026-11-21T12:30:00Z',
  paid_at: '2026-11-21T12:35:00Z',
  customer_name: `Reader ${id}`,
  customer_email: `reader${id}@example.test`,
  item_count: 1,
  total: '42.50',
  currency: 'USD',
  payment_method: 'card',
  ...fields,
});

export const rows: AdminOrderRow[] = [
  row(3, {
    customer_name: 'Ann Lee',
    customer_email: 'ann@example.test',
    total: '1234.5',
    status: 'in_production',
    item_count: 2,
  }),
  row(2, {
    customer_name: 'Bob Stone',
    customer_email: 'bob@school.test',
    status: 'awaiting_payment',
    paid_at: null,
    payment_method: null,
  }),
  row(1, { customer_name: '', customer_email: '', status: 'delivered', payment_method: 'paypal' }),
];

const file = (projectId: number, kind: 'pdf' | 'cover', name: string, type: string) => ({
  file_name: name,
  content_type: type,
  size_bytes: 2_400_000,
  url: urlOf(projectRoutes.file, { id: projectId, kind }),
  download_url: `${urlOf(projectRoutes.file, { id: projectId, kind })}?download=true`,
});

export function detail(
  id: number,
  status: OrderStatus,
  fields: Partial<AdminOrderDetail> = {},
): AdminOrderDetail {
  const paid = status !== 'awaiting_payment' && !(status === 'canceled' && !fields.paid_at);
  return AdminOrderDetail.parse({
    id,
    order_number: `BND-${String(id).padStart(6, '0')}`,
    status,
    next_statuses: nextStatuses(status, 'staff'),
    currency: 'USD',
    created_at: '2026-11-21T12:30:00Z',
    paid_at: paid ? '2026-11-21T12:35:00Z' : null,
    in_production_at: null,
    on_hold_at: null,
    shipped_at: null,
    delivered_at: null,
    canceled_at: null,
    expires_at: paid ? null : '2026-11-22T12:30:00Z',
    hold: null,
    production_allowed_at: null,
    customer: { user_id: 9, name: 'Ann Lee', email: 'ann@example.test', account_deleted: false },
    items: [
      {
        project_id: 11,
        title: 'Winter Poems',
        category: 'Photo Book',
        quantity: 2,
        cost_per_book: '20.04',
        discount_amount: '0.00',
        line_total: '40.08',
        downloads: null,
        specs: null,
        language: 'english',
        page_count: 40,
        options: {
          trim_size: '8.5" x 11"',
          binding_type: 'Hardcover Case Wrap',
          interior_color: 'Premium Color',
          paper_type: '80# White-Coated',
          cover_finish: 'Matte',
          extras: { Spine: 'Round', 'Foil Stamping': 'Gold' },
        },
        pdf_file: file(11, 'pdf', 'winter.pdf', 'application/pdf'),
        cover_file: file(11, 'cover', 'winter-cover.jpg', 'image/jpeg'),
        cover_expert: null,
        preflight: {
          status: 'warning',
          trim_size: 'US Letter',
          checks: [
            { check: 'page_size', status: 'ok', message: 'Every page is US Letter.', pages: [] },
            {
              check: 'blank_pages',
              status: 'warning',
              message: 'Pages 4–7 are blank (3 or more in a row): they are printed as blank pages.',
              pages: [[4, 7]],
            },
          ],
          warnings_key: '0123456789abcd',
        },
        cover_preflight: {
          status: 'warning',
          cover_size: '17.75 × 11.75 in (450.9 × 298.5 mm)',
          checks: [
            {
              check: 'cover_size',
              status: 'ok',
              message: 'The image (3550 × 2350 px) has the shape of this book’s full cover.',
            },
            {
              check: 'cover_resolution',
              status: 'warning',
              message: 'This image is 200 ppi at the size of the cover.',
            },
          ],
        },
      },
      {
        project_id: 12,
        title: 'Class of 2026',
        category: 'Year Book',
        quantity: 1,
        cost_per_book: '12.00',
        discount_amount: '0.60',
        line_total: '11.40',
        downloads: null,
        specs: null,
        language: null,
        page_count: 200,
        options: {
          trim_size: '8.5" x 11"',
          binding_type: 'Perfect Bound',
          interior_color: 'Standard Black & White',
          paper_type: '60# White-Uncoated',
          cover_finish: 'Gloss',
          extras: {},
        },
        pdf_file: file(12, 'pdf', 'class.pdf', 'application/pdf'),
        cover_file: null,
        cover_expert: {
          contact_name: 'Bob Stone',
          contact_email: 'bob@school.test',
          book_title: 'Class of 2026',
          book_genre: 'Memories',
          cover_description: 'Blue sky over the campus, gold title',
        },
        preflight: null,
        cover_preflight: null,
      },
    ],
    address: {
      first_name: 'Ann',
      last_name: 'Lee',
      company: '',
      address: '1 Main St',
      apt_floor: 'Apt 2',
      country: 'US',
      state: 'TX',
      city: 'Austin',
      postal_code: '73301',
      phone_number: '+1 512 555 0100',
      account_type: 'individual',
      has_resale_cert: false,
    },
    shipping_service: {
      service_code: 'FEDEX_GROUND',
      service_name: 'FedEx Ground',
      courier_name: 'FedEx',
      total_charge: '18.40',
      delivery_time: '3-5 days',
    },
    carrier_charge: '9.20',
    weight_grams: 2350,
    subtotal: '51.48',
    discount: '0.00',
    shipping: '18.40',
    tax: '5.77',
    tax_rate: '8.25%',
    tax_reason: 'Texas individual sales tax',
    total: '75.65',
    payment_method: paid ? 'card' : null,
    payment_reference: paid ? 'cs_test_123' : null,
    charge_reference: paid ? 'pi_test_123' : null,
    payments: paid
      ? [
          {
            id: 5,
            provider: 'stripe',
            method: 'card',
            provider_reference: 'cs_test_123',
            charge_reference: 'pi_test_123',
            amount: '75.65',
            status: 'completed',
            created_at: '2026-11-21T12:33:00Z',
          },
        ]
      : [],
    refunded: '0.00',
    refundable: paid ? '75.65' : '0.00',
    refunds: [],
    carrier: null,
    tracking_number: null,
    tracking_url: null,
    events: [
      {
        id: 1,
        from: null,
        to: 'awaiting_payment',
        actor: { type: 'customer', user_id: 9, label: 'Ann Lee' },
        note: null,
        internal: false,
        created_at: '2026-11-21T12:30:00Z',
      },
      ...(paid
        ? [
            {
              id: 2,
              from: 'awaiting_payment',
              to: 'paid',
              actor: { type: 'system', user_id: null, label: 'Bindery' },
              note: null,
              internal: false,
              created_at: '2026-11-21T12:35:00Z',
            },
          ]
        : []),
    ],
    ...fields,
  });
}

const problem = (status: number, error: string, code: string, fields?: ErrorBody['fields']) =>
  HttpResponse.json<ErrorBody>(
    { error, code, statusCode: status, ...(fields ? { fields } : {}) },
    { status },
  );

export interface ListRequest {
  status: string | null;
  q: string | null;
  limit: string | null;
  cursor: string | null;
  auth: string | null;
}

/**
 * GET api/admin/orders/ over `list`, filtering and paging as the server does (status, q over number/name/e-mail,
 * keyset by position), recording each request. `wait` delays the answer.
 */
export function listHandler(list: AdminOrderRow[] = rows, seen: ListRequest[] = [], wait = 0) {
  return http.get(urlOf(adminOrderRoutes.list), async ({ request }) => {
    const url = new URL(request.url);
    const p = url.searchParams;
    seen.push({
      status: p.get('status'),
      q: p.get('q'),
      limit: p.get('limit'),
      cursor: p.get('cursor'),
      auth: request.headers.get('authorization'),
    });
    if (wait) await delay(wait);
    const q = p.get('q')?.toLowerCase();
    const matching = list.filter(
      (o) =>
        (!p.get('status') || o.status === p.get('status')) &&
        (!q || [o.order_number, o.customer_name, o.customer_email].some((t) => t.toLowerCase().includes(q))),
    );
    const limit = Number(p.get('limit') ?? 50);
    const start = p.get('cursor') ? Number(p.get('cursor')) : 0;
    const page = matching.slice(start, start + limit);
    const next = start + limit < matching.length ? String(start + limit) : null;
    return HttpResponse.json(
      AdminOrderListResponse.parse({ data: page, next_cursor: next, total: matching.length }),
    );
  });
}

/** GET api/admin/orders/ failing with a 500: what a list screen shows when its orders cannot be read. */
export const listFailsHandler = () =>
  http.get(urlOf(adminOrderRoutes.list), () => problem(500, 'boom', 'INTERNAL_ERROR'));

/** GET api/admin/orders/{id}/ from a map of orders (404 for any other id). */
export function detailHandler(orders: Map<number, AdminOrderDetail>, seen: string[] = []) {
  return http.get(urlOf(adminOrderRoutes.get), ({ params, request }) => {
    seen.push(`${request.headers.get('authorization')} ${String(params.id)}`);
    const order = orders.get(Number(params.id));
    return order
      ? HttpResponse.json(AdminOrderResponse.parse({ order }))
      : problem(404, 'Order not found.', 'NOT_FOUND');
  });
}

/**
 * POST api/admin/orders/{id}/status/ by the lifecycle table, like the server: 400 naming the carrier or tracking
 * number for a shipment without them, 409 naming both statuses for a move the table refuses; otherwise the order
 * moves (and the map is updated, so the next GET sees it).
 */
export function statusHandler(orders: Map<number, AdminOrderDetail>, bodies: ChangeStatusBody[] = []) {
  return http.post(urlOf(adminOrderRoutes.changeStatus), async ({ params, request }) => {
    const raw = (await request.json()) as ChangeStatusBody;
    bodies.push(raw);
    // Read as the server reads it (blank fields are absent, notes internal unless said otherwise).
    const body = ChangeStatusBodySchema.parse(raw);
    const order = orders.get(Number(params.id));
    if (!order) return problem(404, 'Order not found.', 'NOT_FOUND');
    if (body.status === 'shipped' && !body.tracking_number) {
      return problem(400, 'Enter the tracking number to mark the order shipped.', 'VALIDATION', [
        { path: 'body.tracking_number', message: 'Enter the tracking number to mark the order shipped.' },
      ]);
    }
    if (!nextStatuses(order.status, 'staff').includes(body.status)) {
      return problem(
        409,
        `Order ${order.order_number} is ${order.status.replace('_', ' ')}; it cannot become ${body.status.replace('_', ' ')}.`,
        'CONFLICT',
      );
    }
    const moved = detail(order.id, body.status, {
      ...order,
      status: body.status,
      next_statuses: nextStatuses(body.status, 'staff'),
      carrier: body.carrier ?? order.carrier,
      tracking_number: body.tracking_number ?? order.tracking_number,
      tracking_url: body.tracking_url ?? order.tracking_url,
      events: [
        ...order.events,
        {
          id: order.events.length + 1,
          from: order.status,
          to: body.status,
          actor: { type: 'staff', user_id: 1, label: 'Administrator' },
          note: body.note ?? null,
          internal: body.internal,
          created_at: '2026-11-22T09:00:00Z',
        },
      ],
    });
    orders.set(order.id, moved);
    return HttpResponse.json(AdminOrderResponse.parse({ order: moved }));
  });
}

const cents = (amount: string) => Math.round(Number(amount) * 100);
const dollars = (c: number) => (c / 100).toFixed(2);

/**
 * POST api/admin/orders/{id}/refund/ as the server answers it: 400 for more than is left, a refund row with the
 * provider's id; a full refund of an order not yet shipped cancels it. `fail` answers instead (e.g. a 502).
 */
export function refundHandler(
  orders: Map<number, AdminOrderDetail>,
  bodies: RefundBody[] = [],
  fail?: () => Response,
) {
  return http.post(urlOf(adminPaymentRoutes.refund), async ({ params, request }) => {
    const body = (await request.json()) as RefundBody;
    bodies.push(body);
    if (fail) return fail();
    const order = defined(orders.get(Number(params.id)), `order ${String(params.id)}`);
    const left = cents(order.refundable);
    const amount = body.amount_cents ?? left;
    if (amount > left)
      return problem(400, `At most $${order.refundable} is left to refund on this order.`, 'VALIDATION');
    const refund = {
      id: order.refunds.length + 1,
      payment_id: 5,
      provider: 'stripe' as const,
      provider_refund_id: `re_test_${order.refunds.length + 1}`,
      amount: dollars(amount),
      reason: body.reason,
      status: 'succeeded' as const,
      actor: { type: 'staff' as const, user_id: 1, label: 'Administrator' },
      created_at: '2026-11-22T09:30:00Z',
    };
    const cancels = amount === left && (order.status === 'paid' || order.status === 'in_production');
    const status = cancels ? 'canceled' : order.status;
    const moved = detail(order.id, status, {
      ...order,
      status,
      next_statuses: nextStatuses(status, 'staff'),
      refunded: dollars(cents(order.refunded) + amount),
      refundable: dollars(left - amount),
      refunds: [...order.refunds, refund],
    });
    orders.set(order.id, moved);
    return HttpResponse.json(RefundResponse.parse({ refund, order: moved }));
  });
}

/** POST api/admin/orders/{id}/reconcile/: each open attempt gets `outcome`; 'paid' makes the order paid. */
export function reconcileHandler(
  orders: Map<number, AdminOrderDetail>,
  outcome: AttemptOutcome,
  calls: number[] = [],
) {
  return http.post(urlOf(adminPaymentRoutes.reconcile), ({ params }) => {
    const order = defined(orders.get(Number(params.id)), `order ${String(params.id)}`);
    calls.push(order.id);
    const open = order.payments.filter((p) => p.status === 'created');
    const now =
      outcome === 'paid'
        ? detail(order.id, 'paid', { payments: open.map((p) => ({ ...p, status: 'completed' as const })) })
        : order;
    orders.set(order.id, now);
    return HttpResponse.json(
      ReconcileResponse.parse({
        attempts: open.map((p) => ({
          payment_id: p.id,
          provider: p.provider,
          provider_reference: p.provider_reference,
          outcome,
        })),
        order: now,
      }),
    );
  });
}
