/**
 * The exports for the books (docs/decisions/0065): the period's orders, and its payments and refunds, as CSV
 * streamed in batches. Each batch is one short keyset query (EXPORT_BATCH rows, in the order of an index on the
 * time column), so an export of 100,000 orders holds one batch in memory and never holds a database connection
 * between batches: on the embedded database (one connection) other requests are served while it runs. Rows written
 * while an export runs may or may not be in it (no snapshot), as with any report of a period that is not over.
 */
import { sql, type Kysely } from 'kysely';
import { MONEY_CSV_COLUMNS, ORDERS_CSV_COLUMNS } from '@bindery/contracts/admin/sales';
import { formatCents } from '@bindery/pricing/money';
import type { DB } from '#db/database.js';
import { csvRow } from '#lib/csv.js';
import { cursorTimeOf } from '#lib/keyset.js';

export const EXPORT_BATCH = 1_000;

export interface ExportPeriod {
  start: Date;
  until: Date;
}

const money = (cents: unknown) => formatCents(Number(cents));
const methodOf = (provider: string) => (provider === 'stripe' ? 'card' : 'paypal');

/** One batch of the period's orders after `after` (placed_at, id), oldest first, with their books and refunds. */
function ordersBatch(db: Kysely<DB>, period: ExportPeriod, after: [string, number] | undefined) {
  let q = db
    .selectFrom('orders as o')
    .select([
      'o.id',
      'o.order_number',
      'o.status',
      'o.customer_name',
      'o.customer_email',
      'o.payment_method',
      'o.subtotal_cents',
      'o.discount_cents',
      'o.shipping_cents',
      'o.tax_cents',
      'o.tax_rate_bp',
      'o.total_cents',
      sql<string | null>`o.address->>'country'`.as('country'),
      sql<string | null>`o.address->>'state'`.as('state'),
      cursorTimeOf('o.created_at').as('at'),
      sql<string | null>`to_char(o.paid_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`.as('paid_at'),
      sql<string>`(select coalesce(string_agg(i.title || ' × ' || i.quantity, '; ' order by i.id), '')
                   from order_items i where i.order_id = o.id)`.as('items'),
      sql<string>`(select coalesce(sum(i.quantity), 0) from order_items i where i.order_id = o.id)`.as('copies'),
      sql<string>`(select coalesce(sum(r.amount_cents), 0) from refunds r
                   where r.order_id = o.id and r.status = 'succeeded')`.as('refunded_cents'),
    ])
    .where('o.created_at', '>=', period.start)
    .where('o.created_at', '<', period.until)
    .orderBy('o.created_at', 'asc')
    .orderBy('o.id', 'asc')
    .limit(EXPORT_BATCH);
  if (after)
    q = q.where((eb) =>
      eb(eb.refTuple('o.created_at', 'o.id'), '>', eb.tuple(sql<Date>`${after[0]}::timestamptz`, after[1])),
    );
  return q.execute();
}

type After = [string, number] | undefined;

/** Every row a keyset query finds, batch by batch: `fetch` reads the rows after the last one's (at, id). */
async function* batches<R extends { at: string; id: number }>(fetch: (after: After) => Promise<R[]>): AsyncGenerator<R[]> {
  let after: After;
  for (;;) {
    const rows = await fetch(after);
    if (rows.length > 0) yield rows;
    const last = rows.at(-1);
    if (!last || rows.length < EXPORT_BATCH) return;
    after = [last.at, last.id];
  }
}

/** The orders CSV: a header row, then one row per order placed in the period, oldest first. */
export async function* ordersCsv(db: Kysely<DB>, period: ExportPeriod): AsyncGenerator<string> {
  yield csvRow(ORDERS_CSV_COLUMNS);
  for await (const rows of batches((after) => ordersBatch(db, period, after))) {
    yield rows
      .map((o) =>
        csvRow([
          o.order_number,
          o.at,
          o.status,
          o.paid_at,
          o.customer_name,
          o.customer_email,
          o.payment_method,
          o.items,
          Number(o.copies),
          money(o.subtotal_cents),
          money(o.discount_cents),
          money(o.shipping_cents),
          money(o.tax_cents),
          `${(o.tax_rate_bp / 100).toFixed(2)}%`,
          money(o.total_cents),
          money(o.refunded_cents),
          o.country,
          o.state,
        ]),
      )
      .join('');
  }
}

/** The money CSV: the period's completed payments, then its refunds (made or pending), each oldest first. */
export async function* moneyCsv(db: Kysely<DB>, period: ExportPeriod): AsyncGenerator<string> {
  yield csvRow(MONEY_CSV_COLUMNS);
  const payments = batches((key) => {
    let q = db
      .selectFrom('payments as p')
      .innerJoin('orders as o', 'o.id', 'p.order_id')
      .select(['p.id', 'p.provider', 'p.provider_ref', 'p.amount_cents', 'o.order_number'])
      .select(cursorTimeOf('p.completed_at').as('at'))
      .where('p.status', '=', 'completed')
      .where('p.completed_at', '>=', period.start)
      .where('p.completed_at', '<', period.until)
      .orderBy('p.completed_at', 'asc')
      .orderBy('p.id', 'asc')
      .limit(EXPORT_BATCH);
    if (key) q = q.where((eb) => eb(eb.refTuple('p.completed_at', 'p.id'), '>', eb.tuple(sql<Date>`${key[0]}::timestamptz`, key[1])));
    return q.execute();
  });
  for await (const rows of payments) {
    yield rows
      .map((p) =>
        csvRow([p.at, 'payment', p.order_number, methodOf(p.provider), p.provider_ref, money(p.amount_cents), 'completed', null]),
      )
      .join('');
  }
  const refunds = batches((key) => {
    let q = db
      .selectFrom('refunds as r')
      .innerJoin('orders as o', 'o.id', 'r.order_id')
      .select(['r.id', 'r.provider', 'r.provider_refund_id', 'r.amount_cents', 'r.status', 'r.reason', 'o.order_number'])
      .select(cursorTimeOf('r.created_at').as('at'))
      .where('r.status', '!=', 'failed')
      .where('r.created_at', '>=', period.start)
      .where('r.created_at', '<', period.until)
      .orderBy('r.created_at', 'asc')
      .orderBy('r.id', 'asc')
      .limit(EXPORT_BATCH);
    if (key) q = q.where((eb) => eb(eb.refTuple('r.created_at', 'r.id'), '>', eb.tuple(sql<Date>`${key[0]}::timestamptz`, key[1])));
    return q.execute();
  });
  for await (const rows of refunds) {
    yield rows
      .map((r) =>
        csvRow([r.at, 'refund', r.order_number, methodOf(r.provider), r.provider_refund_id, money(r.amount_cents), r.status, r.reason]),
      )
      .join('');
  }
}
