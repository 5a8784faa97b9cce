/**
 * Staff's view of an order's invoice and credit notes (docs/decisions/0075): the same list and the same PDFs as
 * the customer's (../store/invoices.ts), from Order Details.
 *
 * - GET api/admin/orders/{id}/invoices/           → InvoiceListResponse
 * - GET api/admin/orders/{id}/invoices/{number}/  → the document as a PDF (attachment)
 */
import { errorBodies, IdParams } from '../common.js';
import { defineRoute } from '../route.js';
import { InvoiceListResponse, InvoiceParams } from '../store/invoices.js';

const tags = ['admin: orders'];

export const adminInvoiceRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/api/admin/orders/{id}/invoices/',
    operationId: 'getAdminOrdersByIdInvoices',
    summary: 'The invoice and credit notes of an order',
    tags,
    access: 'admin',
    params: IdParams,
    responses: { 200: InvoiceListResponse, ...errorBodies(400, 401, 403, 404) },
  }),
  pdf: defineRoute({
    method: 'GET',
    path: '/api/admin/orders/{id}/invoices/{number}/',
    operationId: 'getAdminOrdersByIdInvoicesByNumber',
    summary: 'An invoice or credit note of an order, as a PDF',
    tags,
    access: 'admin',
    params: InvoiceParams,
    produces: ['application/pdf'],
    responses: { 200: null, ...errorBodies(400, 401, 403, 404) },
  }),
};
