/**
 * Invoices and credit notes (docs/decisions/0075). Every order paid gets one invoice, numbered from one gapless
 * series per year (INV-2026-000001) in the transaction that moves it to paid; every refund recorded on it gets a
 * credit note from its own gapless series (CN-2026-000001) referencing the invoice. The figures are copied when
 * the document is issued (`InvoiceDocument`) and never change; the PDF is drawn from them.
 *
 * - GET api/orders/{id}/invoices/                 → InvoiceListResponse (the caller's order; another's is 404)
 * - GET api/orders/{id}/invoices/{number}/        → the document as a PDF (attachment)
 * - GET api/admin/orders/{id}/invoices/           → the same list for staff (./../admin/invoices.ts)
 * - GET api/admin/orders/{id}/invoices/{number}/  → the same PDF for staff
 */
import { z } from 'zod';
import { DecimalString, errorBodies, IdParam, IdParams } from '../common.js';
import { defineRoute } from '../route.js';

/** `adjustment`: the invoice of a hold's paid price difference (INV series, names the order's invoice; ADR 0077). */
export const INVOICE_KINDS = ['invoice', 'credit_note', 'adjustment'] as const;
export const InvoiceKind = z.enum(INVOICE_KINDS);
export type InvoiceKind = z.infer<typeof InvoiceKind>;

/** INV-2026-000001 (invoice) or CN-2026-000001 (credit note): series, year of issue, number within the year. */
export const INVOICE_NUMBER = /^(INV|CN)-\d{4}-\d{6,9}$/;
export const InvoiceNumber = z.string().max(40).regex(INVOICE_NUMBER, { error: 'Not an invoice number' });

/** At most this many documents are listed for one order (an invoice and its credit notes). */
export const ORDER_DOCUMENTS_LIMIT = 200;

/** One line of an invoice: a book of the order, as charged. */
export const InvoiceLine = z.object({
  title: z.string(),
  category: z.string(),
  quantity: z.number().int().positive(),
  unit_price: DecimalString,
  discount: DecimalString,
  total: DecimalString,
});
export type InvoiceLine = z.infer<typeof InvoiceLine>;

const Party = z.object({ name: z.string(), address: z.array(z.string()) });

/**
 * What a document says, copied when it was issued: the seller (configuration: MERCHANT_LEGAL_NAME,
 * MERCHANT_ADDRESS, MERCHANT_TAX_ID), the buyer, the lines and money of the order, the tax with its rate and
 * reason (the resale certificate when exempt), the payment. A credit note adds the invoice it corrects and the
 * amount given back.
 */
export const InvoiceDocument = z.object({
  kind: InvoiceKind,
  number: InvoiceNumber,
  issued_at: z.iso.datetime({ offset: true }),
  order_number: z.string(),
  currency: z.string(),
  seller: Party.extend({ tax_id: z.string().nullable() }),
  buyer: Party.extend({ email: z.string() }),
  lines: z.array(InvoiceLine),
  subtotal: DecimalString,
  discount: DecimalString,
  shipping: DecimalString,
  shipping_service: z.string(),
  tax: z.object({
    rate: z.string(),
    amount: DecimalString,
    reason: z.string(),
    /** The approved resale certificate that exempted the order ("RC-000012, Texas"), else null. */
    resale_certificate: z.string().nullable(),
  }),
  total: DecimalString,
  payment: z.object({ method: z.enum(['card', 'paypal']), paid_at: z.iso.datetime({ offset: true }) }),
  /** A credit note's: the invoice it corrects, the amount refunded and why. */
  credit: z
    .object({
      invoice_number: InvoiceNumber,
      amount: DecimalString,
      reason: z.string(),
      refunded_at: z.iso.datetime({ offset: true }),
    })
    .nullable(),
  /** An adjustment's (a hold's paid price difference, docs/decisions/0077): the order's invoice it adds to. */
  adjusts: InvoiceNumber.nullable().optional(),
});
export type InvoiceDocument = z.infer<typeof InvoiceDocument>;

/** A document in the order's list (the PDF has the rest). */
export const InvoiceSummary = z.object({
  kind: InvoiceKind,
  number: InvoiceNumber,
  issued_at: z.iso.datetime({ offset: true }),
  /** The invoice's total, or the amount a credit note gives back. */
  total: DecimalString,
  currency: z.string(),
  /** A credit note's invoice; null for an invoice. */
  invoice_number: InvoiceNumber.nullable(),
});
export type InvoiceSummary = z.infer<typeof InvoiceSummary>;

/** The order's invoice first, then its credit notes in the order they were issued. Empty before payment. */
export const InvoiceListResponse = z.object({
  documents: z.array(InvoiceSummary).max(ORDER_DOCUMENTS_LIMIT),
});
export type InvoiceListResponse = z.infer<typeof InvoiceListResponse>;

export const InvoiceParams = z.object({ id: IdParam, number: InvoiceNumber }).strict();
export type InvoiceParams = z.infer<typeof InvoiceParams>;

/** The PDF's file name: the document's number. */
export const invoiceFileName = (number: string) => `${number}.pdf`;

const tags = ['orders'];

export const invoiceRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/api/orders/{id}/invoices/',
    operationId: 'getOrdersByIdInvoices',
    summary: 'The invoice and credit notes of one of the caller’s orders',
    tags,
    access: 'owner',
    params: IdParams,
    responses: { 200: InvoiceListResponse, ...errorBodies(400, 401, 404) },
  }),
  pdf: defineRoute({
    method: 'GET',
    path: '/api/orders/{id}/invoices/{number}/',
    operationId: 'getOrdersByIdInvoicesByNumber',
    summary: 'An invoice or credit note of one of the caller’s orders, as a PDF',
    tags,
    access: 'owner',
    params: InvoiceParams,
    produces: ['application/pdf'],
    responses: { 200: null, ...errorBodies(400, 401, 404) },
  }),
};
