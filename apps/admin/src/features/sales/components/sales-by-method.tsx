/** The period's money per payment method (and orders with no payment started): the server's figures. */
import { Table } from '@bindery/ui/table';
import type { SalesByMethod as SalesByMethodRow } from '@bindery/contracts/admin/sales';
import { messages } from '@bindery/contracts/messages';
import { formatUsdCents } from '#lib/format-usd.ts';
import { methodLabel } from '../lib/sales-labels';

export function SalesByMethod({ rows }: { rows: SalesByMethodRow[] }) {
  return (
    <section className="b-stack" aria-labelledby="sales-by-method">
      <h2 id="sales-by-method">By payment method</h2>
      <Table<SalesByMethodRow>
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
        rows={rows}
        rowKey={(r) => String(r.method)}
        empty={messages.orderScreens.noPaymentsInPeriod}
      />
    </section>
  );
}
