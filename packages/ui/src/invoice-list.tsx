/**
 * An order's invoice, credit notes (ADR 0075) and price-difference invoices (ADR 0077) as the customer's order page and the admin's Order Details list
 * them: the number, when it was issued, the amount (a credit note's refund and the invoice it credits), and the
 * page's own download button beside each (the apps fetch the PDF with their own token).
 */
import type { ReactNode } from 'react';
import type { InvoiceSummary } from '@bindery/contracts/store/invoices';
import { formatUsd } from './format';

export interface InvoiceListProps {
  documents: readonly InvoiceSummary[];
  /** The issue date as the page prints dates. */
  formatDate: (iso: string) => string;
  /** The download button of one document. */
  action: (document: InvoiceSummary, label: string) => ReactNode;
}

export function InvoiceList({ documents, formatDate, action }: InvoiceListProps) {
  return (
    <ul className="b-stack" style={{ margin: 0, paddingLeft: 0, listStyle: 'none' }}>
      {documents.map((d) => {
        // An adjustment is an invoice too: a hold's paid price difference (ADR 0077).
        const invoice = d.kind !== 'credit_note';
        const adjustment = d.kind === 'adjustment';
        return (
          <li key={d.number} className="b-row">
            <span>
              <strong>
                {invoice ? `Invoice ${d.number}` : `Credit note ${d.number}`}
                {adjustment ? ' (price difference)' : ''}
              </strong>{' '}
              <span className="b-muted">
                {formatDate(d.issued_at)} · {invoice ? '' : 'refunded '}
                {formatUsd(d.total)}
                {d.invoice_number ? ` · ${adjustment ? 'adds to' : 'credits'} ${d.invoice_number}` : ''}
              </span>
            </span>
            {action(d, invoice ? 'Download invoice' : 'Download credit note')}
          </li>
        );
      })}
    </ul>
  );
}
