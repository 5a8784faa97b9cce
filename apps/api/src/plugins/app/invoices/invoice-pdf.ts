/**
 * An invoice or credit note as a PDF, drawn with pdf-lib through the API's one PDF writer (lib/pdf-writer.ts,
 * docs/decisions/0071 and 0075) from the figures copied when it was issued: the same bytes every time.
 */
import type { InvoiceDocument } from '@bindery/contracts/store/invoices';
import { newPdfDocument, PdfWriter } from '#lib/pdf-writer.js';

const day = (at: string) => at.slice(0, 10);

/** "$12.34" for dollars, "12.34 EUR" otherwise. */
const amount = (value: string, currency: string) =>
  currency.toUpperCase() === 'USD' ? `$${value}` : `${value} ${currency.toUpperCase()}`;

/** Item | Qty | Unit price | Discount | Amount: the cells' left edges, in points from the margin. */
const COLUMNS = [0, 276, 326, 396, 456];

export async function invoicePdf(d: InvoiceDocument): Promise<Uint8Array> {
  const credit = d.kind === 'credit_note' ? d.credit : null;
  const title = credit ? 'CREDIT NOTE' : 'INVOICE';
  const { doc, font, bold } = await newPdfDocument(`${credit ? 'Credit note' : 'Invoice'} ${d.number}`);
  const w = new PdfWriter(doc, font, bold);
  const $ = (value: string) => amount(value, d.currency);

  w.line(`${title}  ${d.number}`, { size: 18, bold: true });
  w.line(`Issued ${day(d.issued_at)}    Order ${d.order_number}`);
  if (credit) {
    w.line(`Credits invoice ${credit.invoice_number}: refunded ${day(credit.refunded_at)}`, { bold: true });
  }
  // A hold's paid price difference (docs/decisions/0077).
  if (d.kind === 'adjustment' && d.adjusts) w.line(`Adds to invoice ${d.adjusts}`, { bold: true });
  w.gap(8);
  w.line('Seller', { bold: true });
  w.line(d.seller.name, { indent: 12 });
  for (const l of d.seller.address) w.line(l, { indent: 12 });
  if (d.seller.tax_id) w.line(`Tax id: ${d.seller.tax_id}`, { indent: 12 });
  w.gap(4);
  w.line('Bill to', { bold: true });
  w.line(`${d.buyer.name} <${d.buyer.email}>`, { indent: 12 });
  for (const l of d.buyer.address) w.line(l, { indent: 12 });

  w.gap(10);
  w.row(['Item', 'Qty', 'Unit price', 'Discount', 'Amount'], COLUMNS, { bold: true });
  for (const line of d.lines) {
    w.row(
      [
        `${line.title} (${line.category})`,
        String(line.quantity),
        $(line.unit_price),
        $(line.discount),
        $(line.total),
      ],
      COLUMNS,
    );
  }
  w.gap(6);
  const totals: [string, string][] = [
    ['Subtotal', $(d.subtotal)],
    ...(Number(d.discount) > 0 ? [['Discount', `-${$(d.discount)}`] as [string, string]] : []),
    [`Shipping${d.shipping_service ? ` (${d.shipping_service})` : ''}`, $(d.shipping)],
    [`Tax ${d.tax.rate}`, $(d.tax.amount)],
  ];
  for (const [label, value] of totals) w.row([label, value], [0, 396]);
  w.row(['Total', $(d.total)], [0, 396], { bold: true });
  w.line(`Tax: ${d.tax.reason}`, { size: 9 });
  if (d.tax.resale_certificate)
    w.line(`Exempt under resale certificate ${d.tax.resale_certificate}`, { size: 9 });
  w.gap(6);
  const method = d.payment.method === 'card' ? 'card' : 'PayPal';
  w.line(`Paid by ${method} on ${day(d.payment.paid_at)}.`);
  if (credit) {
    w.gap(10);
    w.row(['Amount credited', $(credit.amount)], [0, 396], { size: 12, bold: true });
    w.line(`Reason: ${credit.reason}`);
    w.line(`Refunded to the ${method === 'card' ? 'card' : 'PayPal account'} that paid.`);
  }
  return doc.save();
}
