/**
 * The admin's "Sales and payments" report (docs/decisions/0022): per UTC day and per method over a period,
 * money paid, refunded and outstanding in integer cents, the totals, and the latest payments as a keyset page.
 * `createSales({ db, clock })`; never imports Fastify.
 */
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import {
  SALES_MAX_DAYS,
  type SalesByMethod,
  type SalesDay,
  type SalesFigures,
  type SalesReportQuery,
  type SalesReportResponse,
} from '@bindery/contracts/admin/sales';
import type { DB } from '#db/database.js';
import type { Clock } from '#lib/clock.js';
import { DomainError } from '#lib/domain-error.js';
import { moneyCsv, ordersCsv } from './exports.js';
import { TimeIdCursor, decodeCursor, toPage } from '#lib/keyset.js';
import {
  countPayments,
  listPayments,
  outstandingByDay,
  paidByDay,
  refundedByDay,
  type DayFigure,
  type Method,
} from './sales.repository.js';

/** The query as the route's contract parsed it (limit defaulted). */
export type SalesQuery = z.output<typeof SalesReportQuery>;

const DAY_MS = 86_400_000;
const DEFAULT_DAYS = 30;

const dayOf = (date: Date) => date.toISOString().slice(0, 10);
const startOf = (day: string) => new Date(`${day}T00:00:00.000Z`);

const zero = (): SalesFigures => ({
  paid_cents: 0,
  refunded_cents: 0,
  outstanding_cents: 0,
  payments: 0,
  refunds: 0,
  awaiting_orders: 0,
});

type Kind = 'paid' | 'refunded' | 'outstanding';
/** The figures kept for `key`, started at zero the first time. */
function entryOf<K>(map: Map<K, SalesFigures>, key: K): SalesFigures {
  let figures = map.get(key);
  if (!figures) map.set(key, (figures = zero()));
  return figures;
}

const add = (figures: SalesFigures, kind: Kind, f: DayFigure) => {
  if (kind === 'paid') {
    figures.paid_cents += f.cents;
    figures.payments += f.count;
  } else if (kind === 'refunded') {
    figures.refunded_cents += f.cents;
    figures.refunds += f.count;
  } else {
    figures.outstanding_cents += f.cents;
    figures.awaiting_orders += f.count;
  }
};

/** card, paypal, then "no payment started" (null) last. */
const METHOD_ORDER: (Method | null)[] = ['card', 'paypal', null];

/** The report's (and the exports') period: UTC days [from, to], 30 days to today by default, at most 366. */
export function periodOf(query: { from?: string; to?: string }, now: Date) {
  const to = query.to ?? dayOf(now);
  const from = query.from ?? dayOf(new Date(startOf(to).getTime() - (DEFAULT_DAYS - 1) * DAY_MS));
  const days = Math.round((startOf(to).getTime() - startOf(from).getTime()) / DAY_MS) + 1;
  if (days < 1 || days > SALES_MAX_DAYS) {
    throw new DomainError('invalid', `The period must be 1 to ${SALES_MAX_DAYS} days.`, {
      code: 'INVALID_PERIOD',
      fields: [{ path: 'querystring.from', message: `The period must be 1 to ${SALES_MAX_DAYS} days` }],
    });
  }
  return { from, to, days, start: startOf(from), until: new Date(startOf(to).getTime() + DAY_MS) };
}

export function createSales({ db, clock }: { db: Kysely<DB>; clock: Clock }) {
  async function report(query: SalesQuery): Promise<SalesReportResponse> {
    const { from, to, days, start, until } = periodOf(query, clock.now());
    const after = decodeCursor(query.cursor, TimeIdCursor);

    const [paid, refunded, outstanding, rows, total] = await Promise.all([
      paidByDay(db, start, until),
      refundedByDay(db, start, until),
      outstandingByDay(db, start, until),
      listPayments(db, { from: start, until, limit: query.limit, after }),
      countPayments(db, start, until),
    ]);

    const perDay = new Map<string, { all: SalesFigures; methods: Map<Method | null, SalesFigures> }>();
    for (let i = 0; i < days; i++) {
      perDay.set(dayOf(new Date(start.getTime() + i * DAY_MS)), { all: zero(), methods: new Map() });
    }
    const totals = zero();
    const byMethod = new Map<Method | null, SalesFigures>();
    const put = (kind: Kind, figures: DayFigure[]) => {
      for (const f of figures) {
        const day = perDay.get(f.day);
        // A row outside the period cannot come back from the queries; guard anyway (time zone mistakes).
        if (!day) continue;
        add(day.all, kind, f);
        add(entryOf(day.methods, f.method), kind, f);
        add(totals, kind, f);
        add(entryOf(byMethod, f.method), kind, f);
      }
    };
    put('paid', paid);
    put('refunded', refunded);
    put('outstanding', outstanding);

    const sorted = (map: Map<Method | null, SalesFigures>): SalesByMethod[] =>
      METHOD_ORDER.flatMap((method) => {
        const figures = map.get(method);
        return figures ? [{ method, ...figures }] : [];
      });
    const daysOut: SalesDay[] = [...perDay.entries()].map(([date, d]) => ({
      date,
      ...d.all,
      methods: sorted(d.methods),
    }));
    const paged = toPage(rows, query.limit, (r) => [r.cursor_time, r.id]);
    return {
      from,
      to,
      currency: 'USD',
      totals,
      by_method: sorted(byMethod),
      days: daysOut,
      payments: {
        data: paged.rows.map((r) => ({
          id: r.id,
          order_id: r.order_id,
          order_number: r.order_number,
          customer_name: r.customer_name,
          customer_email: r.customer_email,
          method: r.provider === 'stripe' ? 'card' : 'paypal',
          provider_reference: r.provider_ref,
          amount_cents: r.amount_cents,
          refunded_cents: r.refunded_cents,
          paid_at: r.completed_at.toISOString(),
          order_status: r.order_status,
        })),
        next_cursor: paged.next_cursor,
        total,
      },
    };
  }
  /**
   * A CSV export of the period (exports.ts): its file name and its text, produced batch by batch as it is read.
   * The period is checked before anything is sent, so a wrong one is a 400, not a broken download.
   */
  function exportCsv(kind: 'orders' | 'payments', query: { from?: string; to?: string }) {
    const { from, to, start, until } = periodOf(query, clock.now());
    return {
      fileName: `bindery-${kind}-${from}-to-${to}.csv`,
      text: kind === 'orders' ? ordersCsv(db, { start, until }) : moneyCsv(db, { start, until }),
    };
  }

  return { report, exportCsv };
}

export type SalesModule = ReturnType<typeof createSales>;
