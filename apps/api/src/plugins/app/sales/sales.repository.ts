/**
 * All SQL of the sales report (docs/decisions/0022). Days are UTC calendar days; `from` is the first instant of
 * the first day and `until` the first instant after the last day. Each aggregate reads one table through an index
 * on its time column (payments.completed_at, refunds.created_at, orders (status, created_at)).
 */
import { sql } from 'kysely';
import type { Db } from '#db/database.js';
import { cursorTimeOf } from '#lib/keyset.js';

export type Method = 'card' | 'paypal';

export interface DayFigure {
  day: string;
  method: Method | null;
  cents: number;
  count: number;
}

const methodOf = (provider: string) => (provider === 'stripe' ? 'card' : 'paypal');

interface DayRow {
  day: string;
  provider: string;
  cents: string;
  n: string;
}

/** One money table's rows in `status` whose `at` time lies in the period, summed by UTC day and provider. */
async function sumByDay(
  db: Db,
  source: { table: 'payments' | 'refunds'; at: 'completed_at' | 'created_at'; status: string },
  from: Date,
  until: Date,
): Promise<DayFigure[]> {
  const at = sql.ref(source.at);
  const { rows } = await sql<DayRow>`
    select to_char(${at} at time zone 'UTC', 'YYYY-MM-DD') as day, provider,
           sum(amount_cents) as cents, count(*) as n
    from ${sql.table(source.table)}
    where status = ${source.status} and ${at} >= ${from} and ${at} < ${until}
    group by 1, 2
  `.execute(db);
  return rows.map((r) => ({
    day: r.day,
    method: methodOf(r.provider),
    cents: Number(r.cents),
    count: Number(r.n),
  }));
}

/** Money that arrived: completed payments by the day they completed, per method. */
export const paidByDay = (db: Db, from: Date, until: Date): Promise<DayFigure[]> =>
  sumByDay(db, { table: 'payments', at: 'completed_at', status: 'completed' }, from, until);

/** Money given back: succeeded refunds by the day they were made, under the method of the payment. */
export const refundedByDay = (db: Db, from: Date, until: Date): Promise<DayFigure[]> =>
  sumByDay(db, { table: 'refunds', at: 'created_at', status: 'succeeded' }, from, until);

/**
 * Money still to come: orders placed that day that await payment now, under the provider of their newest open
 * attempt (null: no payment started).
 */
export async function outstandingByDay(db: Db, from: Date, until: Date): Promise<DayFigure[]> {
  const { rows } = await sql<{ day: string; provider: string | null; cents: string; n: string }>`
    select to_char(o.created_at at time zone 'UTC', 'YYYY-MM-DD') as day,
           (select p.provider from payments p
             where p.order_id = o.id and p.status = 'created' order by p.id desc limit 1) as provider,
           sum(o.total_cents) as cents, count(*) as n
    from orders o
    where o.status = 'awaiting_payment' and o.created_at >= ${from} and o.created_at < ${until}
    group by 1, 2
  `.execute(db);
  return rows.map((r) => ({
    day: r.day,
    method: r.provider === null ? null : methodOf(r.provider),
    cents: Number(r.cents),
    count: Number(r.n),
  }));
}

export interface SalesPaymentRow {
  id: number;
  order_id: number;
  order_number: string;
  customer_name: string;
  customer_email: string;
  provider: 'stripe' | 'paypal';
  provider_ref: string;
  amount_cents: number;
  refunded_cents: number;
  completed_at: Date;
  /** completed_at with its microseconds: the keyset cursor's key. */
  cursor_time: string;
  order_status: string;
}

/** The period's completed payments, newest first, one keyset page (LIMIT limit + 1). */
export async function listPayments(
  db: Db,
  args: { from: Date; until: Date; limit: number; after?: readonly [string, number] },
): Promise<SalesPaymentRow[]> {
  const after = args.after
    ? sql`and (p.completed_at, p.id) < (${args.after[0]}::timestamptz, ${args.after[1]})`
    : sql``;
  const { rows } = await sql<SalesPaymentRow & { amount_cents: string; refunded_cents: string }>`
    select p.id, p.order_id, o.order_number, o.customer_name, o.customer_email, p.provider, p.provider_ref,
           p.amount_cents, p.completed_at, ${cursorTimeOf('p.completed_at')} as cursor_time, o.status as order_status,
           coalesce((select sum(r.amount_cents) from refunds r
                      where r.payment_id = p.id and r.status = 'succeeded'), 0) as refunded_cents
    from payments p
    join orders o on o.id = p.order_id
    where p.status = 'completed' and p.completed_at >= ${args.from} and p.completed_at < ${args.until} ${after}
    order by p.completed_at desc, p.id desc
    limit ${args.limit + 1}
  `.execute(db);
  return rows.map((r) => ({
    ...r,
    amount_cents: Number(r.amount_cents),
    refunded_cents: Number(r.refunded_cents),
  }));
}

export async function countPayments(db: Db, from: Date, until: Date): Promise<number> {
  const { rows } = await sql<{ n: string }>`
    select count(*) as n from payments
    where status = 'completed' and completed_at >= ${from} and completed_at < ${until}
  `.execute(db);
  return Number(rows[0]?.n ?? 0);
}
