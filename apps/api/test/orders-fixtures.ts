/**
 * Orders made the real way for the orders tests: books through upload-book (real PDFs in the file store), the
 * order through save-shipping, the payment as the webhook records it (a completed payment row, then the orders
 * module's payWithin in the same transaction, then its effects after the commit).
 */
import { randomUUID } from 'node:crypto';
import type { Transaction } from 'kysely';
import { expect } from 'vitest';
import { OrderResponse, type Order } from '@bindery/contracts/store/checkout';
import { UploadBookResponse } from '@bindery/contracts/store/projects';
import type { DB } from '#db/database.js';
import { defined, json, request, type TestContext } from './helper.js';
import { createPrintBook, uploadBook, uploadPdf, type Auth } from './projects.js';

/** A destination in Texas (taxed: the seller's nexus state), for estimates; ADDRESS ships there. */
export const TX = { country: 'US', state: 'TX', city: 'Austin', postal_code: '78701' };

export const ADDRESS = {
  ...TX,
  first_name: 'Ada',
  last_name: 'Lovelace',
  address: '1 Congress Ave',
  phone_number: '+1 512 555 0100',
  account_type: 'individual',
  has_resale_cert: false,
};

/** A photo book with a spine (an extra) and a cover expert request instead of a cover file. */
export async function createPhotoBook(t: TestContext, auth: Auth, title = 'Summer Album') {
  // 7.5 × 7.5 in pages: the first photo book trim (Small Square), which the preflight checks (ADR 0060).
  const pdf = await uploadPdf(t, auth, 40, 'interior', [540, 540]);
  const dd = (await request(t, { method: 'GET', url: '/api/photobook/dropdowns/' })).data as Record<
    string,
    { id: number; name: string }[]
  >;
  // The item named `name` of a dropdown list, or its first item.
  const pick = (key: string, name?: string) =>
    defined(
      name === undefined ? dd[key]?.[0] : dd[key]?.find((item) => item.name === name),
      `photobook ${key} ${name ?? '(first)'}`,
    );
  const spine = pick('spines');
  const res = await uploadBook(t, auth, {
    title,
    category: 'Photo Book',
    pdf_upload_id: pdf.id,
    quantity: 2,
    configuration: {
      trim_size_id: pick('trim_sizes').id,
      binding_id: pick('bindings', 'Case Wrap').id,
      interior_color_id: pick('interior_colors').id,
      paper_type_id: pick('paper_types').id,
      cover_finish_id: pick('cover_finishes').id,
      spine_id: spine.id,
    },
    cover_expert: {
      contact_name: 'Ada Lovelace',
      contact_email: 'ada@example.test',
      book_title: title,
      book_genre: 'Family',
      cover_description: 'A beach at dusk',
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return { project: json(res, UploadBookResponse).project, spine: spine.name };
}

/** The customer's books → an order awaiting payment, through save-shipping. */
export async function placeOrder(
  t: TestContext,
  auth: Auth,
  projectIds: number[],
  service = 'FEDEX_GROUND',
): Promise<Order> {
  const res = await request(t, {
    method: 'POST',
    url: '/api/save-shipping/',
    headers: auth,
    payload: { user_address: ADDRESS, project_ids: projectIds, selected_service: service },
  });
  expect(res.statusCode, res.body).toBe(201);
  return OrderResponse.parse(res.data).order;
}

/** One new print book of the customer's, ordered. */
export async function orderOneBook(t: TestContext, auth: Auth, title = 'My Book') {
  const project = await createPrintBook(t, auth, { title });
  return { project, order: await placeOrder(t, auth, [project.id]) };
}

/**
 * Inside the caller's transaction, as the Stripe webhook pays: a completed payment of the order's total, then the
 * orders module's move to paid (which issues the invoice, ADR 0075).
 */
export async function payWithin(t: TestContext, trx: Transaction<DB>, orderId: number) {
  const order = await trx
    .selectFrom('orders')
    .select('total_cents')
    .where('id', '=', orderId)
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('payments')
    .values({
      order_id: orderId,
      provider: 'stripe',
      provider_ref: `cs_test_${randomUUID()}`,
      amount_cents: Number(order.total_cents),
      status: 'completed',
      completed_at: new Date(),
    })
    .execute();
  return t.app.orders.payWithin(trx, orderId, 'card');
}

/** Pays an order as the Stripe webhook does: the payment completed and the order moved in one transaction. */
export async function payOrder(t: TestContext, orderId: number): Promise<void> {
  const outcome = await t.db.transaction().execute((trx) => payWithin(t, trx, orderId));
  expect(outcome.result).toBe('paid');
  if (outcome.result === 'paid') await t.app.orders.afterCommit(outcome.moved);
}

/** A refund that went through (what the refunds work records), so a cancel after payment is allowed. */
export async function recordRefund(t: TestContext, orderId: number, cents: number): Promise<void> {
  const payment = await t.db
    .selectFrom('payments')
    .select(['id', 'provider'])
    .where('order_id', '=', orderId)
    .where('status', '=', 'completed')
    .executeTakeFirstOrThrow();
  await t.db
    .insertInto('refunds')
    .values({
      order_id: orderId,
      payment_id: payment.id,
      provider: payment.provider,
      provider_refund_id: `re_${randomUUID()}`,
      amount_cents: cents,
      reason: 'Test refund',
      status: 'succeeded',
      actor_type: 'staff',
      actor_user_id: null,
      actor_label: 'Staff',
    })
    .execute();
}
