/**
 * /admin/payment, 'Sales and payments' (a placeholder titled 'Payment Settings' in the spec; ADR
 * 0030): GET api/admin/sales/ over a chosen period (from/to in the address, the server's last 30 days by default):
 * the period's paid, refunded and outstanding money, the same per method, a chart per day (for all methods or one)
 * with every day also in a table, and the period's payments newest first with "Load more". Every figure is the
 * server's (integer cents); nothing is added up here. The parts: sales-period, sales-totals, sales-by-method,
 * sales-per-day, sales-payments. The period's orders, and its payments and refunds, download as CSV for the books
 * (ADR 0065).
 */
import { useSearchParams } from 'react-router-dom';
import { ApiError } from '@bindery/api-client';
import { Alert } from '@bindery/ui/alert';
import { messages } from '@bindery/contracts/messages';
import { DownloadButton } from '#components/file-actions.tsx';
import { exportPath, useSalesReport } from '../api/get-sales-report';
import { DAY } from '../lib/sales-labels';
import { SalesByMethod } from './sales-by-method';
import { SalesPayments } from './sales-payments';
import { SalesPerDay } from './sales-per-day';
import { Period } from './sales-period';
import { SalesTotals } from './sales-totals';

const s = messages.orderScreens;

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
        <>
          <div className="b-row" role="group" aria-label="Exports for the books">
            <DownloadButton
              path={exportPath('orders', first.from, first.to)}
              fileName={`bindery-orders-${first.from}-to-${first.to}.csv`}
            >
              Export orders (CSV)
            </DownloadButton>
            <DownloadButton
              path={exportPath('payments', first.from, first.to)}
              fileName={`bindery-payments-${first.from}-to-${first.to}.csv`}
            >
              Export payments and refunds (CSV)
            </DownloadButton>
          </div>
          <SalesTotals report={first} />
          <SalesByMethod rows={first.by_method} />
          <SalesPerDay report={first} />
          <SalesPayments payments={payments} total={first.payments.total} list={report} />
        </>
      ) : null}
    </div>
  );
}
