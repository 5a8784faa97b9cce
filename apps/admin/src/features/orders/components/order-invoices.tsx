/**
 * Order Details' invoices (docs/decisions/0075): once the order was paid, its invoice and the credit notes of its
 * refunds, with the numbers the customer sees, each downloaded as the server's PDF with the admin's token.
 */
import type { AdminOrderDetail } from '@bindery/contracts/admin/orders';
import { invoiceFileName } from '@bindery/contracts/store/invoices';
import { InvoiceList } from '@bindery/ui/invoice-list';
import { DownloadButton } from '#components/file-actions.tsx';
import { invoicePdfPath, useOrderInvoices } from '../api/order-invoices';
import { formatDateTimeShort } from '../lib/order-format';
import { Section } from './order-facts';

export function OrderInvoices({ order }: { order: AdminOrderDetail }) {
  const paid = order.paid_at !== null;
  const list = useOrderInvoices(order.id, { enabled: paid });
  if (!paid) return null;
  const documents = list.data?.documents ?? [];
  return (
    <Section id="order-invoices" title="Invoices">
      {list.isSuccess && documents.length === 0 ? (
        <p className="b-muted" style={{ margin: 0 }}>
          No invoice: this order was paid before invoices were issued.
        </p>
      ) : null}
      <InvoiceList
        documents={documents}
        formatDate={formatDateTimeShort}
        action={(d, label) => (
          <DownloadButton path={invoicePdfPath(order.id, d.number)} fileName={invoiceFileName(d.number)}>
            {label}
          </DownloadButton>
        )}
      />
    </Section>
  );
}
