/**
 * An order's invoice and credit notes for staff (docs/decisions/0075): GET api/admin/orders/{id}/invoices/; each
 * PDF at GET api/admin/orders/{id}/invoices/{number}/, fetched with the admin's token.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminInvoiceRoutes } from '@bindery/contracts/admin/invoices';
import { pathOf } from '@bindery/contracts/route';
import { api } from '#lib/api-client.ts';

export const orderInvoicesQueryOptions = (orderId: number) =>
  queryOptions({
    queryKey: ['admin', 'orders', 'invoices', orderId],
    queryFn: ({ signal }) => api.call(adminInvoiceRoutes.list, { params: { id: orderId } }, { signal }),
  });

export const useOrderInvoices = (orderId: number, { enabled }: { enabled: boolean }) =>
  useQuery({ ...orderInvoicesQueryOptions(orderId), enabled });

export const invoicePdfPath = (orderId: number, number: string) =>
  pathOf(adminInvoiceRoutes.pdf, { id: orderId, number });
