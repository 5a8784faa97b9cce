/** Contract-typed admin orders and the GET api/book/all-orders/ handler for the order screens' tests. */
import { delay, http, HttpResponse } from 'msw';
import type { AdminOrder, AllOrdersResponse } from '@bindery/contracts/admin/orders';

export const order = (id: number, fields: Partial<AdminOrder> = {}): AdminOrder => ({
  id,
  title: `Book ${id}`,
  user_email: `reader${id}@example.test`,
  category: 'Print Book',
  language: 'english',
  created_at: '2026-11-21T12:30:00Z',
  page_count: 100,
  binding_type: 'Perfect Bound',
  cover_finish: 'Gloss',
  interior_color: 'Standard Color',
  paper_type: '60# White-Uncoated',
  trim_size: '6" x 9"',
  pdf_file: `/api/book/${id}/files/pdf/`,
  cover_file: `/api/book/${id}/files/cover/`,
  cover_description: null,
  quantity: 1,
  order_id: null,
  order_status: null,
  ...fields,
});

export const orders: AdminOrder[] = [
  order(1, {
    title: 'Winter Poems',
    user_email: 'ann@example.test',
    page_count: 120,
    order_id: 7,
    order_status: 'paid',
  }),
  order(2, { title: '', user_email: null, category: 'Comic Book', page_count: 48 }),
  order(3, {
    title: 'Class of 2026',
    user_email: 'bob@school.test',
    category: 'Year Book',
    page_count: 200,
    order_id: 8,
    order_status: 'awaiting_payment',
    cover_file: null,
    cover_description: 'Blue sky over the campus, gold title',
  }),
];

/** Counts requests and records their Authorization header; `wait` delays the answer (to see the loading text). */
export function ordersHandler(
  list: AdminOrder[] = orders,
  seen: { auth: (string | null)[] } = { auth: [] },
  wait = 0,
) {
  return http.get<never, never, AllOrdersResponse>('/api/book/all-orders/', async ({ request }) => {
    seen.auth.push(request.headers.get('authorization'));
    if (wait) await delay(wait);
    return HttpResponse.json({ data: list, next_cursor: null });
  });
}
