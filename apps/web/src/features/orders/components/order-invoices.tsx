/**
 * The order page's invoices (docs/decisions/0075): once an order was paid, its invoice and any credit notes of its
 * refunds, each downloaded as the PDF the server draws (fetched with the customer's token, then saved). The
 * receipt mail links here (#invoices). Before payment there is no invoice, so nothing is shown.
 */
import { useEffect, useRef, useState } from 'react';
import { ApiError } from '@bindery/api-client';
import { saveFetchedFile } from '@bindery/api-client/files';
import { Alert } from '@bindery/ui/alert';
import { Button } from '@bindery/ui/button';
import { InvoiceList } from '@bindery/ui/invoice-list';
import { messages } from '@bindery/contracts/messages';
import type { Order } from '@bindery/contracts/store/checkout';
import { invoiceFileName } from '@bindery/contracts/store/invoices';
import { downloadInvoice, useOrderInvoices } from '../api/invoices';
import { formatDateTime } from '../lib/order-display';

export function OrderInvoices({ order }: { order: Order }) {
  const paid = order.paid_at !== null;
  const list = useOrderInvoices(order.id, { enabled: paid });
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const documents = list.data?.documents ?? [];
  const section = useRef<HTMLElement>(null);
  const shown = paid && documents.length > 0;
  // The receipt mail links /orders/{id}#invoices: once the list is here, bring it into view.
  useEffect(() => {
    if (shown && window.location.hash === '#invoices') section.current?.scrollIntoView({ block: 'start' });
  }, [shown]);
  if (!shown) return null;

  async function download(number: string) {
    setError(null);
    setBusy(number);
    try {
      saveFetchedFile(await downloadInvoice(order.id, number), invoiceFileName(number));
    } catch (e) {
      setError(e instanceof ApiError ? e.message : messages.generic.networkError);
    } finally {
      setBusy(null);
    }
  }

  return (
    <section
      ref={section}
      id="invoices"
      className="b-card b-stack b-no-print"
      aria-labelledby="order-invoices"
    >
      <h2 id="order-invoices">Invoices</h2>
      <InvoiceList
        documents={documents}
        formatDate={formatDateTime}
        action={(d, label) => (
          <Button variant="secondary" busy={busy === d.number} onClick={() => void download(d.number)}>
            {label}
          </Button>
        )}
      />
      {error ? <Alert tone="error">{error}</Alert> : null}
    </section>
  );
}
