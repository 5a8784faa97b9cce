/**
 * An order's invoice and credit notes (docs/decisions/0075): GET api/orders/{id}/invoices/ lists them, and each
 * PDF (GET api/orders/{id}/invoices/{number}/) is fetched with the customer's token and saved by the browser.
 */
import { useQuery } from '@tanstack/react-query';
import type { FetchedFile } from '@bindery/api-client/files';
import { invoiceRoutes } from '@bindery/contracts/store/invoices';
import { api } from '#lib/api-client.ts';

export const useOrderInvoices = (id: number, { enabled }: { enabled: boolean }) =>
  useQuery({
    queryKey: ['orders', id, 'invoices'],
    queryFn: ({ signal }) => api.call(invoiceRoutes.list, { params: { id } }, { signal }),
    enabled,
  });

export const downloadInvoice = (id: number, number: string): Promise<FetchedFile> =>
  api.download(invoiceRoutes.pdf, { params: { id, number } });
