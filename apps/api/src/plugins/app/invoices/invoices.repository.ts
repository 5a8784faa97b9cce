/**
 * All SQL of invoices and credit notes (docs/decisions/0075). Numbers come from `document_counters`: one row per
 * series and year, raised by an upsert in the issuing transaction. The row stays locked until that transaction
 * ends, so concurrent issuers take numbers in turn, and a rollback gives its number back: no gap, no duplicate.
 * The order, its books, the refund and the resale certificate are read here with the caller's handle (ADR 0056:
 * no module imports another's repository).
 */
import { sql, type Insertable, type Selectable, type Transaction } from 'kysely';
import type { DB, Db, InvoicesTable } from '#db/database.js';

export type InvoiceRow = Selectable<InvoicesTable>;
export type Series = 'INV' | 'CN';

/** The next number of a series in a year: 1 for the first, then one more than the last (locks the row). */
export async function nextNumber(trx: Transaction<DB>, series: Series, year: number): Promise<number> {
  const row = await trx
    .insertInto('document_counters')
    .values({ series, year, last: 1 })
    .onConflict((oc) =>
      oc.columns(['series', 'year']).doUpdateSet({ last: sql<number>`document_counters.last + 1` }),
    )
    .returning('last')
    .executeTakeFirstOrThrow();
  return row.last;
}

export function insertDocument(trx: Transaction<DB>, row: Insertable<InvoicesTable>): Promise<InvoiceRow> {
  return trx.insertInto('invoices').values(row).returningAll().executeTakeFirstOrThrow();
}

export function findInvoiceOfOrder(db: Db, orderId: number): Promise<InvoiceRow | undefined> {
  return db
    .selectFrom('invoices')
    .selectAll()
    .where('order_id', '=', orderId)
    .where('kind', '=', 'invoice')
    .executeTakeFirst();
}

/** The adjustment invoice of a difference payment (docs/decisions/0077), if issued. */
export function findAdjustmentOfPayment(db: Db, paymentId: number): Promise<InvoiceRow | undefined> {
  return db.selectFrom('invoices').selectAll().where('payment_id', '=', paymentId).executeTakeFirst();
}

/** The order's documents, the invoice first, each credit note with its invoice's number (bounded). */
export function documentsOfOrder(db: Db, orderId: number, limit: number) {
  return db
    .selectFrom('invoices as d')
    .leftJoin('invoices as i', 'i.id', 'd.invoice_id')
    .select([
      'd.kind',
      'd.number',
      'd.issued_at',
      'd.total_cents',
      'd.currency',
      'i.number as invoice_number',
    ])
    .where('d.order_id', '=', orderId)
    .orderBy('d.id')
    .limit(limit)
    .execute();
}

export function findDocument(db: Db, orderId: number, number: string): Promise<InvoiceRow | undefined> {
  return db
    .selectFrom('invoices')
    .selectAll()
    .where('order_id', '=', orderId)
    .where('number', '=', number)
    .executeTakeFirst();
}

/** Whether the order is the user's (the customer's routes: another's order is "not found"). */
export async function isCustomersOrder(db: Db, userId: number, orderId: number): Promise<boolean> {
  const row = await db
    .selectFrom('orders')
    .select('id')
    .where('id', '=', orderId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

export async function orderExists(db: Db, orderId: number): Promise<boolean> {
  const row = await db.selectFrom('orders').select('id').where('id', '=', orderId).executeTakeFirst();
  return row !== undefined;
}

/** What an invoice copies of its order. */
export function orderForInvoice(trx: Transaction<DB>, orderId: number) {
  return trx
    .selectFrom('orders')
    .select([
      'id',
      'user_id',
      'order_number',
      'currency',
      'subtotal_cents',
      'discount_cents',
      'shipping_cents',
      'tax_cents',
      'total_cents',
      'tax_rate_bp',
      'tax_reason',
      'shipping_service',
      'address',
      'customer_name',
      'customer_email',
      'payment_method',
      'paid_at',
      'created_at',
    ])
    .where('id', '=', orderId)
    .executeTakeFirst();
}

export function itemsForInvoice(trx: Transaction<DB>, orderId: number) {
  return trx
    .selectFrom('order_items')
    .select(['title', 'category', 'quantity', 'cost_per_book_cents', 'discount_cents', 'line_total_cents'])
    .where('order_id', '=', orderId)
    .orderBy('id')
    .execute();
}

/** The approved resale certificate for the state that was in force when the order was placed (newest first). */
export function approvedCertificate(trx: Transaction<DB>, userId: number, state: string, placedAt: Date) {
  return trx
    .selectFrom('resale_certificates')
    .select(['id', 'state'])
    .where('user_id', '=', userId)
    .where('state', '=', state)
    .where('status', '=', 'approved')
    .where('reviewed_at', '<=', placedAt)
    .orderBy('reviewed_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** A refund with whether its payment was the order's own (a duplicate payment was never invoiced). */
export function refundForCredit(trx: Transaction<DB>, refundId: number) {
  return trx
    .selectFrom('refunds as r')
    .innerJoin('payments as p', 'p.id', 'r.payment_id')
    .select(['r.id', 'r.order_id', 'r.amount_cents', 'r.reason', 'r.status', 'r.updated_at', 'p.duplicate'])
    .where('r.id', '=', refundId)
    .executeTakeFirst();
}
