/**
 * Contract-typed answers of the customer's order API (GET api/orders/, api/orders/{id}/, lookup, overview,
 * reorder) for component tests; every answer is parsed with its @bindery/contracts schema first.
 */
import { http, HttpResponse } from 'msw';
import { OrderResponse, type Order } from '@bindery/contracts/store/checkout';
import { urlOf } from '@bindery/contracts/route';
import { invoiceRoutes } from '@bindery/contracts/store/invoices';
import { orderNoteRoutes } from '@bindery/contracts/store/order-notes';
import {
  MyOrdersResponse,
  orderRoutes,
  CustomerOverviewResponse,
  type OrderSummary,
} from '@bindery/contracts/store/orders';

export const emptyOverview = CustomerOverviewResponse.parse({
  currency: 'USD',
  unpaid: { count: 0, total: '0.00', orders: [] },
  spent_total: '0.00',
  refunded_total: '0.00',
  counts: { open: 0, delivered: 0, canceled: 0 },
  last_paid_at: null,
});

/** No orders: what a new customer's pages read. */
export const noOrdersHandlers = [
  http.get(urlOf(orderRoutes.list), () =>
    HttpResponse.json(MyOrdersResponse.parse({ data: [], next_cursor: null, total: 0 })),
  ),
  http.get(urlOf(orderRoutes.overview), () => HttpResponse.json(emptyOverview)),
  // The notes staff shared on an order page: none unless a test says otherwise.
  http.get(urlOf(orderNoteRoutes.list), () => HttpResponse.json({ notes: [] })),
  // An order's invoices (ADR 0075): none unless a test says otherwise.
  http.get(urlOf(invoiceRoutes.list), () => HttpResponse.json({ documents: [] })),
];

/** The list row of an order, as GET api/orders/ answers it. */
export function summaryOf(order: Order): OrderSummary {
  return {
    id: order.id,
    order_number: order.order_number,
    status: order.status,
    currency: 'USD',
    total: order.total,
    created_at: order.created_at,
    paid_at: order.paid_at,
    payment_method: order.payment_method,
    item_count: order.items.length,
    items: order.items.map((i) => ({ project_id: i.project_id, title: i.title, quantity: i.quantity })),
    refunded: order.refunded,
    carrier: order.carrier,
    tracking_number: order.tracking_number,
    tracking_url: order.tracking_url,
  };
}

export interface OrdersSeen {
  list: { limit: string | null; cursor: string | null; auth: string | null }[];
  details: number[];
}

/**
 * GET api/orders/ over `orders` (newest first as given; keyset by position) and GET api/orders/{id}/ for each
 * (404 for any other id, as for another customer's order), recording the requests.
 */
export function myOrdersHandlers(orders: Order[], seen: OrdersSeen = { list: [], details: [] }) {
  return [
    http.get(urlOf(orderRoutes.list), ({ request }) => {
      const p = new URL(request.url).searchParams;
      seen.list.push({
        limit: p.get('limit'),
        cursor: p.get('cursor'),
        auth: request.headers.get('authorization'),
      });
      const limit = Number(p.get('limit') ?? 50);
      const start = p.get('cursor') ? Number(p.get('cursor')) : 0;
      const next = start + limit < orders.length ? String(start + limit) : null;
      return HttpResponse.json(
        MyOrdersResponse.parse({
          data: orders.slice(start, start + limit).map(summaryOf),
          next_cursor: next,
          total: orders.length,
        }),
      );
    }),
    http.get(urlOf(orderRoutes.get), ({ params }) => {
      const id = Number(params.id);
      // api/orders/overview/ and api/orders/lookup/ are other handlers' (a resolver that answers nothing passes on).
      if (!Number.isInteger(id)) return undefined;
      seen.details.push(id);
      const order = orders.find((o) => o.id === id);
      return order
        ? HttpResponse.json(OrderResponse.parse({ order }))
        : HttpResponse.json(
            { error: 'Order not found.', code: 'NOT_FOUND', statusCode: 404 },
            { status: 404 },
          );
    }),
  ];
}
