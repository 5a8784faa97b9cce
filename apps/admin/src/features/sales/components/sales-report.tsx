/**
 * /admin/payment, 'Sales and payments' (a placeholder titled 'Payment Settings' in the spec; issue 10 item 3, ADR
 * 0030): GET api/admin/sales/ over a chosen period (from/to in the address, the server's last 30 days by default):
 * the period's paid, refunded and outstanding money, the same per method, a chart per day (for all methods or one)
 * with every day also in a table, and the period's payments newest first with "Load more". Every figure is the
 * server's (integer cents); nothing is added up here.
 */
import { useState, type SubmitEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { ApiError } from '@bindery/api-client';
import { Alert } from '@bindery/ui/alert';
import { Button } from '@bindery/ui/button';
import { TextField } from '@bindery/ui/field';
import { Table } from '@bindery/ui/table';
import type {
  SalesByMethod,
  SalesDay,
  SalesMethod,
  SalesPayment,
  SalesReportResponse,
} from '@bindery/contracts/admin/sales';
import { messages } from '@bindery/contracts/messages';
import { formatUsdCents } from '#lib/format-usd.ts';
import { useSalesReport } from '../api/get-sales-report';
import { SalesChart, shortDay, type ChartDay } from './sales-chart';

const s = messages.orderScreens;

const METHOD_LABELS = { card: 'Card (Stripe)', paypal: 'PayPal' } as const;
const methodLabel = (m: SalesMethod) => (m === null ? 'No payment started' : METHOD_LABELS[m]);
const statusLabel = (status: string) =>
  Object.hasOwn(messages.orderStatus, status)
    ? messages.orderStatus[status as keyof typeof messages.orderStatus]
    : status;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const isoDay = (d: Date) => d.toISOString().slice(0, 10);
const daysBefore = (days: number) => isoDay(new Date(Date.now() - days * 86_400_000));
const paidAt = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

type Filter = 'all' | 'card' | 'paypal';

function chartDays(days: SalesDay[], filter: Filter): ChartDay[] {
  return days.map((d) => {
    const f = filter === 'all' ? d : d.methods.find((m) => m.method === filter);
    return {
      date: d.date,
      paid: f?.paid_cents ?? 0,
      refunded: f?.refunded_cents ?? 0,
      outstanding: f?.outstanding_cents ?? 0,
    };
  });
}

function Period({
  from,
  to,
  onChange,
}: {
  from: string;
  to: string;
  onChange: (from: string, to: string) => void;
}) {
  const [draft, setDraft] = useState({ from, to });
  const [error, setError] = useState<string | undefined>();
  const submit = (e: SubmitEvent) => {
    e.preventDefault();
    if (!DAY.test(draft.from) || !DAY.test(draft.to)) {
      setError('Enter both days.');
      return;
    }
    if (draft.from > draft.to) {
      setError('The first day must not be after the last.');
      return;
    }
    setError(undefined);
    onChange(draft.from, draft.to);
  };
  const preset = (days: number) => {
    const next = { from: daysBefore(days - 1), to: isoDay(new Date()) };
    setDraft(next);
    setError(undefined);
    onChange(next.from, next.to);
  };
  return (
    <form className="b-stack b-card" onSubmit={submit} noValidate aria-label="Period">
      <div className="b-row" style={{ alignItems: 'flex-end' }}>
        <TextField
          label="From"
          type="date"
          name="from"
          value={draft.from}
          onChange={(e) => setDraft({ ...draft, from: e.target.value })}
          error={error}
        />
        <TextField
          label="To"
          type="date"
          name="to"
          value={draft.to}
          onChange={(e) => setDraft({ ...draft, to: e.target.value })}
        />
        <Button type="submit">Show</Button>
      </div>
      <div className="b-row" role="group" aria-label="Quick periods">
        {[7, 30, 90, 365].map((n) => (
          <Button key={n} size="sm" variant="ghost" onClick={() => preset(n)}>
            Last {n} days
          </Button>
        ))}
      </div>
    </form>
  );
}

function Totals({ report }: { report: SalesReportResponse }) {
  const t = report.totals;
  const figures = [
    {
      label: 'Paid',
      value: formatUsdCents(t.paid_cents),
      note: `${t.payments} ${t.payments === 1 ? 'payment' : 'payments'}`,
    },
    {
      label: 'Refunded',
      value: formatUsdCents(t.refunded_cents),
      note: `${t.refunds} ${t.refunds === 1 ? 'refund' : 'refunds'}`,
    },
    {
      label: 'Outstanding',
      value: formatUsdCents(t.outstanding_cents),
      note: `${t.awaiting_orders} ${t.awaiting_orders === 1 ? 'order awaits' : 'orders await'} payment`,
    },
  ];
  return (
    <ul
      className="b-grid"
      aria-label="Totals of the period"
      style={{ listStyle: 'none', padding: 0, margin: 0 }}
    >
      {figures.map((f) => (
        <li key={f.label} className="b-card">
          <p className="b-muted" style={{ margin: 0 }}>
            {f.label}
          </p>
          <p
            style={{ margin: 0, fontSize: '1.75rem', fontWeight: 700 }}
            className="b-num"
            data-testid={`total-${f.label.toLowerCase()}`}
          >
            {f.value}
          </p>
          <p className="b-muted" style={{ margin: 0 }}>
            {f.note}
          </p>
        </li>
      ))}
    </ul>
  );
}

function Report({
  report,
  payments,
  more,
}: {
  report: SalesReportResponse;
  payments: SalesPayment[];
  more: { has: boolean; busy: boolean; failed: boolean; load: () => void };
}) {
  const [filter, setFilter] = useState<Filter>('all');
  const days = chartDays(report.days, filter);
  const sum = (key: keyof Omit<ChartDay, 'date'>) => days.reduce((n, d) => n + d[key], 0);
  const who = filter === 'all' ? 'all methods' : METHOD_LABELS[filter];
  const period = `${shortDay(report.from)} to ${shortDay(report.to)}`;

  return (
    <>
      <Totals report={report} />
      <section className="b-stack" aria-labelledby="sales-by-method">
        <h2 id="sales-by-method">By payment method</h2>
        <Table<SalesByMethod>
          caption="By payment method"
          captionHidden
          stacked
          columns={[
            { key: 'm', header: 'Method', cell: (r) => methodLabel(r.method) },
            { key: 'p', header: 'Paid', cell: (r) => formatUsdCents(r.paid_cents), numeric: true },
            { key: 'r', header: 'Refunded', cell: (r) => formatUsdCents(r.refunded_cents), numeric: true },
            {
              key: 'o',
              header: 'Outstanding',
              cell: (r) => formatUsdCents(r.outstanding_cents),
              numeric: true,
            },
            { key: 'n', header: 'Payments', cell: (r) => r.payments, numeric: true },
          ]}
          rows={report.by_method}
          rowKey={(r) => String(r.method)}
          empty={s.noPaymentsInPeriod}
        />
      </section>
      <section className="b-stack" aria-labelledby="sales-per-day">
        <h2 id="sales-per-day">Per day</h2>
        <fieldset className="b-row" style={{ border: 0, padding: 0, margin: 0 }}>
          <legend className="b-label">Show</legend>
          {(['all', 'card', 'paypal'] as const).map((f) => (
            <label key={f} className="b-row" style={{ gap: 'var(--b-space-1)' }}>
              <input
                type="radio"
                name="sales-method"
                value={f}
                checked={filter === f}
                onChange={() => setFilter(f)}
              />
              {f === 'all' ? 'All methods' : METHOD_LABELS[f]}
            </label>
          ))}
        </fieldset>
        <SalesChart
          days={days}
          title={`Paid, refunded and outstanding per day, ${who}, ${period}`}
          description={`Paid ${formatUsdCents(sum('paid'))}, refunded ${formatUsdCents(sum('refunded'))}, outstanding ${formatUsdCents(sum('outstanding'))}. The table "Figures per day" lists every day.`}
        />
        <details>
          <summary>Figures per day (table)</summary>
          <Table<ChartDay>
            caption={`Figures per day, ${who}`}
            stacked
            columns={[
              { key: 'd', header: 'Day', cell: (d) => d.date },
              { key: 'p', header: 'Paid', cell: (d) => formatUsdCents(d.paid), numeric: true },
              { key: 'r', header: 'Refunded', cell: (d) => formatUsdCents(d.refunded), numeric: true },
              { key: 'o', header: 'Outstanding', cell: (d) => formatUsdCents(d.outstanding), numeric: true },
            ]}
            rows={days}
            rowKey={(d) => d.date}
          />
        </details>
      </section>
      <section className="b-stack" aria-labelledby="sales-payments">
        <h2 id="sales-payments">Payments</h2>
        <Table<SalesPayment>
          caption="Payments of the period, newest first"
          captionHidden
          stacked
          columns={[
            {
              key: 'when',
              header: 'Paid',
              cell: (p) => <time dateTime={p.paid_at}>{paidAt.format(new Date(p.paid_at))}</time>,
            },
            {
              key: 'order',
              header: 'Order',
              cell: (p) => (
                <Link to={`/admin/order-info?id=${p.order_id}`} aria-label={`Order ${p.order_number}`}>
                  {p.order_number}
                </Link>
              ),
            },
            {
              key: 'customer',
              header: 'Customer',
              cell: (p) => (
                <span className="b-stack" style={{ gap: 0 }}>
                  <span>{p.customer_name || '—'}</span>
                  <span className="b-muted">{p.customer_email}</span>
                </span>
              ),
            },
            { key: 'method', header: 'Method', cell: (p) => METHOD_LABELS[p.method] },
            { key: 'ref', header: 'Reference', cell: (p) => <code>{p.provider_reference}</code> },
            { key: 'amount', header: 'Amount', cell: (p) => formatUsdCents(p.amount_cents), numeric: true },
            {
              key: 'refunded',
              header: 'Refunded',
              cell: (p) => (p.refunded_cents > 0 ? formatUsdCents(p.refunded_cents) : '—'),
              numeric: true,
            },
            { key: 'status', header: 'Order status', cell: (p) => statusLabel(p.order_status) },
          ]}
          rows={payments}
          rowKey={(p) => String(p.id)}
          empty={s.noPaymentsInPeriod}
        />
        {report.payments.total !== undefined ? (
          <p role="status" className="b-muted" style={{ margin: 0 }}>
            {s.showing(
              payments.length,
              report.payments.total,
              report.payments.total === 1 ? 'payment' : 'payments',
            )}
          </p>
        ) : null}
        {more.failed ? <Alert tone="error">{s.loadSalesFailed}</Alert> : null}
        {more.has ? (
          <div className="b-row">
            <Button variant="secondary" busy={more.busy} onClick={more.load}>
              {s.loadMore}
            </Button>
          </div>
        ) : null}
      </section>
    </>
  );
}

export function SalesReport() {
  const [params, setParams] = useSearchParams();
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  const period = { ...(DAY.test(from) ? { from } : {}), ...(DAY.test(to) ? { to } : {}) };
  const report = useSalesReport(period);
  const first = report.data?.pages[0];
  const payments = report.data?.pages.flatMap((p) => p.payments.data) ?? [];

  return (
    <div className="b-stack">
      <h1>{s.salesTitle}</h1>
      <Period
        key={`${first?.from ?? from}-${first?.to ?? to}`}
        from={first?.from ?? from}
        to={first?.to ?? to}
        onChange={(f, t) => setParams({ from: f, to: t })}
      />
      {report.isPending ? <p role="status">Loading sales...</p> : null}
      {report.isError && !first ? (
        <Alert tone="error">
          {report.error instanceof ApiError && report.error.status === 400 && report.error.body
            ? [report.error.body.error, ...(report.error.body.fields ?? []).map((f) => f.message)].join(' ')
            : s.loadSalesFailed}
        </Alert>
      ) : null}
      {first ? (
        <Report
          report={first}
          payments={payments}
          more={{
            has: report.hasNextPage,
            busy: report.isFetchingNextPage,
            failed: report.isFetchNextPageError,
            load: () => void report.fetchNextPage(),
          }}
        />
      ) : null}
    </div>
  );
}
