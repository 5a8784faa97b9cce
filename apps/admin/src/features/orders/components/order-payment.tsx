/**
 * The payment of an order: the method and the completed payment's provider references, what was refunded and
 * what is left, every payment attempt and every refund.
 */
import { Table } from '@bindery/ui/table';
import type { AdminOrderDetail, AdminPayment, Refund } from '@bindery/contracts/admin/orders';
import { formatDateTimeShort, formatUsd, paymentMethodLabel } from '../lib/order-format';
import { Facts, orDash, Section } from './order-facts';

const PAYMENT_STATUS: Record<AdminPayment['status'], string> = {
  created: 'Started, not paid',
  completed: 'Paid',
  failed: 'Failed',
  expired: 'Expired',
};
const REFUND_STATUS: Record<Refund['status'], string> = {
  pending: 'Pending',
  succeeded: 'Refunded',
  failed: 'Failed',
};

export function PaymentSection({ order }: { order: AdminOrderDetail }) {
  return (
    <Section id="order-payment" title="Payment">
      <Facts
        rows={[
          ['Method', paymentMethodLabel(order.payment_method)],
          ['Provider reference', orDash(order.payment_reference)],
          ['Charge reference', orDash(order.charge_reference)],
          ['Refunded', formatUsd(order.refunded)],
          ['Left to refund', formatUsd(order.refundable)],
        ]}
      />
      {order.payments.length > 0 ? (
        <Table<AdminPayment>
          caption="Payment attempts"
          stacked
          columns={[
            { key: 'when', header: 'Started', cell: (p) => formatDateTimeShort(p.created_at) },
            { key: 'method', header: 'Method', cell: (p) => paymentMethodLabel(p.method) },
            { key: 'ref', header: 'Reference', cell: (p) => <code>{p.provider_reference}</code> },
            {
              key: 'charge',
              header: 'Charge',
              cell: (p) => (p.charge_reference ? <code>{p.charge_reference}</code> : '—'),
            },
            { key: 'amount', header: 'Amount', cell: (p) => formatUsd(p.amount), numeric: true },
            { key: 'status', header: 'Status', cell: (p) => PAYMENT_STATUS[p.status] },
          ]}
          rows={order.payments}
          rowKey={(p) => String(p.id)}
        />
      ) : (
        <p className="b-muted">No payment was started.</p>
      )}
      {order.refunds.length > 0 ? (
        <Table<Refund>
          caption="Refunds"
          stacked
          columns={[
            { key: 'when', header: 'When', cell: (r) => formatDateTimeShort(r.created_at) },
            { key: 'amount', header: 'Amount', cell: (r) => formatUsd(r.amount), numeric: true },
            { key: 'reason', header: 'Reason', cell: (r) => r.reason },
            { key: 'by', header: 'By', cell: (r) => r.actor.label },
            {
              key: 'ref',
              header: 'Provider refund',
              cell: (r) => (r.provider_refund_id ? <code>{r.provider_refund_id}</code> : '—'),
            },
            { key: 'status', header: 'Status', cell: (r) => REFUND_STATUS[r.status] },
          ]}
          rows={order.refunds}
          rowKey={(r) => String(r.id)}
        />
      ) : null}
    </Section>
  );
}
