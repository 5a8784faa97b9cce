/**
 * Invoices and credit notes (docs/decisions/0075).
 *
 * `createInvoices({ db, clock, config })` returns plain functions:
 * - `issueInvoiceWithin(trx, orderId)`: the orders module's invoicer, inside the transaction that moves an order
 *   to paid (order-moves.ts): the next INV number of the year and the figures copied from the order, the seller
 *   from configuration and the resale certificate that exempted it;
 * - `issueAdjustmentWithin(trx, …)`: the orders module's, inside the transaction that settles a hold's difference
 *   payment (ADR 0077): an invoice of the same INV series for the difference alone, naming the order's invoice;
 * - `issueCreditNoteWithin(trx, refundId)`: the refunds module's, inside the transaction that records the
 *   provider's acceptance of a refund: the next CN number and the amount given back, referencing the invoice. A
 *   refund of money that was never invoiced (a duplicate payment, an order paid before invoices existed) gets none;
 * - `list` / `listMine`, `pdf` / `pdfMine`: staff's and the customer's reads (another's order is "not found").
 * Both numbers come from counters raised in the issuing transaction (invoices.repository.ts): a rollback gives
 * the number back. Only `trx` reaches the database inside a transaction (ADR 0050).
 */
import type { Transaction } from 'kysely';
import { messages } from '@bindery/contracts/messages';
import {
  InvoiceDocument,
  ORDER_DOCUMENTS_LIMIT,
  invoiceFileName,
  type InvoiceLine,
  type InvoiceSummary,
} from '@bindery/contracts/store/invoices';
import { holdTexts } from '@bindery/contracts/store/order-hold';
import { formatCents } from '@bindery/pricing/money';
import { splitTaxed, taxRateText, US_STATES } from '@bindery/pricing/tax';
import type { DB, Db } from '#db/database.js';
import type { Clock } from '#lib/clock.js';
import { DomainError } from '#lib/domain-error.js';
import { postalLines } from '#lib/pdf-writer.js';
import { invoicePdf } from './invoice-pdf.js';
import {
  approvedCertificate,
  documentsOfOrder,
  findAdjustmentOfPayment,
  findDocument,
  findInvoiceOfOrder,
  insertDocument,
  isCustomersOrder,
  itemsForInvoice,
  nextNumber,
  orderExists,
  orderForInvoice,
  refundForCredit,
  type InvoiceRow,
  type Series,
} from './invoices.repository.js';

export interface InvoicesConfig {
  /** The seller an invoice names (MERCHANT_LEGAL_NAME, MERCHANT_ADDRESS, MERCHANT_TAX_ID). */
  merchant: { legalName: string; address: string; taxId: string | null };
}

export interface InvoicesDeps {
  db: Db;
  clock: Clock;
  config: InvoicesConfig;
}

/** INV-2026-000001: the series, the year of issue, the number within the year (six digits at least). */
export const documentNumber = (series: Series, year: number, n: number) =>
  `${series}-${year}-${String(n).padStart(6, '0')}`;

const iso = (at: Date | string) => new Date(at).toISOString();
const money = (cents: string | number) => formatCents(Number(cents));

/** The resale certificate as an invoice names it: our record's number and its state. */
export const certificateLabel = (id: number, state: string) =>
  `RC-${String(id).padStart(6, '0')}, ${US_STATES[state] ?? state}`;

/** "FedEx Ground", "DHL Express Worldwide": the courier named once. */
const serviceName = (s: { courier_name?: string; service_name?: string }) =>
  s.service_name && s.courier_name && s.service_name.startsWith(s.courier_name)
    ? s.service_name
    : [s.courier_name, s.service_name].filter(Boolean).join(' ');

export type InvoicesModule = ReturnType<typeof createInvoices>;

export function createInvoices(deps: InvoicesDeps) {
  const { db, clock, config } = deps;
  const notFound = () => new DomainError('not_found', messages.checkout.orderNotFound);

  const seller = () => ({
    name: config.merchant.legalName,
    address: config.merchant.address
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean),
    tax_id: config.merchant.taxId,
  });

  async function issue(
    trx: Transaction<DB>,
    series: Series,
    row: Omit<Parameters<typeof insertDocument>[1], 'number' | 'issued_at' | 'document'>,
    document: (number: string, issuedAt: Date) => InvoiceDocument,
  ): Promise<InvoiceRow> {
    const issuedAt = clock.now();
    const year = issuedAt.getUTCFullYear();
    // Taken last, just before the insert: the counter row stays locked until the transaction ends.
    const number = documentNumber(series, year, await nextNumber(trx, series, year));
    return insertDocument(trx, {
      ...row,
      number,
      issued_at: issuedAt,
      document: JSON.stringify(InvoiceDocument.parse(document(number, issuedAt))),
    });
  }

  /** The order's invoice, issued now (once: an order that already has one keeps it). */
  async function issueInvoiceWithin(trx: Transaction<DB>, orderId: number): Promise<{ number: string }> {
    const existing = await findInvoiceOfOrder(trx, orderId);
    if (existing) return existing;
    const order = await orderForInvoice(trx, orderId);
    if (!order?.paid_at || !order.payment_method) throw new Error(`order ${orderId} is not paid: no invoice`);
    const paidAt = order.paid_at;
    const method = order.payment_method;
    const items = await itemsForInvoice(trx, orderId);
    const address = order.address;
    const state = typeof address.state === 'string' ? address.state : '';
    const exempt = address.has_resale_cert === true && order.tax_rate_bp === 0;
    const certificate = exempt
      ? await approvedCertificate(trx, order.user_id, state, new Date(order.created_at))
      : undefined;
    const service = order.shipping_service as { courier_name?: string; service_name?: string };
    const lines: InvoiceLine[] = items.map((item) => ({
      title: item.title,
      category: item.category,
      quantity: item.quantity,
      unit_price: money(item.cost_per_book_cents),
      discount: money(item.discount_cents),
      total: money(item.line_total_cents),
    }));
    return issue(
      trx,
      'INV',
      {
        kind: 'invoice',
        order_id: orderId,
        currency: order.currency,
        total_cents: Number(order.total_cents),
      },
      (number, issuedAt) => ({
        kind: 'invoice',
        number,
        issued_at: issuedAt.toISOString(),
        order_number: order.order_number,
        currency: order.currency,
        seller: seller(),
        buyer: { name: order.customer_name, email: order.customer_email, address: postalLines(address) },
        lines,
        subtotal: money(order.subtotal_cents),
        discount: money(order.discount_cents),
        shipping: money(order.shipping_cents),
        shipping_service: serviceName(service),
        tax: {
          rate: taxRateText(order.tax_rate_bp),
          amount: money(order.tax_cents),
          reason: order.tax_reason,
          resale_certificate: certificate ? certificateLabel(certificate.id, certificate.state) : null,
        },
        total: money(order.total_cents),
        payment: { method, paid_at: iso(paidAt) },
        credit: null,
      }),
    );
  }

  /**
   * The invoice of a hold's paid price difference (docs/decisions/0077): the next INV number, one line "Price
   * difference: “Title” 40 → 60 pages", the order's tax rate on it, naming the order's invoice. Once per payment.
   */
  async function issueAdjustmentWithin(
    trx: Transaction<DB>,
    args: { orderId: number; paymentId: number; cents: number; what: string; method: 'card' | 'paypal' },
  ): Promise<{ number: string }> {
    const existing = await findAdjustmentOfPayment(trx, args.paymentId);
    if (existing) return existing;
    const order = await orderForInvoice(trx, args.orderId);
    if (!order) throw new Error(`order ${args.orderId} not found: no invoice`);
    const invoice = await findInvoiceOfOrder(trx, args.orderId);
    const invoiced = invoice ? InvoiceDocument.parse(invoice.document) : undefined;
    // The difference was priced as a line plus the order's tax rate on it (order-hold.ts): split back the same way.
    const { lineCents: line, taxCents: tax } = splitTaxed(args.cents, order.tax_rate_bp);
    const method = args.method;
    const total = money(args.cents);
    return issue(
      trx,
      'INV',
      {
        kind: 'adjustment',
        order_id: order.id,
        invoice_id: invoice?.id ?? null,
        payment_id: args.paymentId,
        currency: order.currency,
        total_cents: args.cents,
      },
      (number, issuedAt) => ({
        kind: 'adjustment',
        number,
        issued_at: issuedAt.toISOString(),
        order_number: order.order_number,
        currency: order.currency,
        seller: seller(),
        buyer: invoiced?.buyer ?? {
          name: order.customer_name,
          email: order.customer_email,
          address: postalLines(order.address),
        },
        lines: [
          {
            title: holdTexts.differenceLine(args.what),
            category: invoiced?.lines[0]?.category ?? '',
            quantity: 1,
            unit_price: money(line),
            discount: money(0),
            total: money(line),
          },
        ],
        subtotal: money(line),
        discount: money(0),
        shipping: money(0),
        shipping_service: '',
        tax: {
          rate: taxRateText(order.tax_rate_bp),
          amount: money(tax),
          reason: order.tax_reason,
          resale_certificate: invoiced?.tax.resale_certificate ?? null,
        },
        total,
        payment: { method, paid_at: iso(clock.now()) },
        credit: null,
        adjusts: invoice?.number ?? null,
      }),
    );
  }

  /**
   * The refund's credit note, issued now, or undefined when nothing was invoiced for that money (a duplicate
   * payment, an order paid before invoices existed) or the refund failed. Once per refund.
   */
  async function issueCreditNoteWithin(
    trx: Transaction<DB>,
    refundId: number,
  ): Promise<{ number: string } | undefined> {
    const refund = await refundForCredit(trx, refundId);
    if (!refund || refund.duplicate || refund.status === 'failed') return undefined;
    const invoice = await findInvoiceOfOrder(trx, refund.order_id);
    if (!invoice) return undefined;
    const invoiced = InvoiceDocument.parse(invoice.document);
    const existing = await trx
      .selectFrom('invoices')
      .select('number')
      .where('refund_id', '=', refundId)
      .executeTakeFirst();
    if (existing) return existing;
    return issue(
      trx,
      'CN',
      {
        kind: 'credit_note',
        order_id: refund.order_id,
        refund_id: refund.id,
        invoice_id: invoice.id,
        currency: invoice.currency,
        total_cents: Number(refund.amount_cents),
      },
      (number, issuedAt) => ({
        ...invoiced,
        kind: 'credit_note',
        number,
        issued_at: issuedAt.toISOString(),
        seller: seller(),
        credit: {
          invoice_number: invoice.number,
          amount: money(refund.amount_cents),
          reason: refund.reason,
          refunded_at: iso(refund.updated_at),
        },
      }),
    );
  }

  const summary = (row: Awaited<ReturnType<typeof documentsOfOrder>>[number]): InvoiceSummary => ({
    kind: row.kind,
    number: row.number,
    issued_at: iso(row.issued_at),
    total: money(row.total_cents),
    currency: row.currency,
    invoice_number: row.invoice_number,
  });

  async function documents(orderId: number) {
    return { documents: (await documentsOfOrder(db, orderId, ORDER_DOCUMENTS_LIMIT)).map(summary) };
  }

  async function pdfOf(orderId: number, number: string) {
    const row = await findDocument(db, orderId, number);
    if (!row) throw notFound();
    return {
      bytes: await invoicePdf(InvoiceDocument.parse(row.document)),
      fileName: invoiceFileName(row.number),
    };
  }

  return {
    issueInvoiceWithin,
    issueAdjustmentWithin,
    issueCreditNoteWithin,
    /** Staff: an order's documents (404 for an unknown order). */
    async list(orderId: number) {
      if (!(await orderExists(db, orderId))) throw notFound();
      return documents(orderId);
    },
    /** The customer: their order's documents (another's order is 404). */
    async listMine(userId: number, orderId: number) {
      if (!(await isCustomersOrder(db, userId, orderId))) throw notFound();
      return documents(orderId);
    },
    pdf: pdfOf,
    async pdfMine(userId: number, orderId: number, number: string) {
      if (!(await isCustomersOrder(db, userId, orderId))) throw notFound();
      return pdfOf(orderId, number);
    },
  };
}
