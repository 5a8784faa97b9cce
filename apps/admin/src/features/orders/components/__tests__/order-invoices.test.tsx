import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { adminInvoiceRoutes } from '@bindery/contracts/admin/invoices';
import { urlOf } from '@bindery/contracts/route';
import { InvoiceListResponse } from '@bindery/contracts/store/invoices';
import { server } from '#testing/msw-server.ts';
import { renderAdminRoute } from '#testing/render-route.tsx';
import { signInForTest } from '#testing/session.ts';
import { detail, detailHandler } from '#testing/order-fixtures.ts';

const documents = InvoiceListResponse.parse({
  documents: [
    {
      kind: 'invoice',
      number: 'INV-2026-000007',
      issued_at: '2026-11-21T12:35:00.000Z',
      total: '41.20',
      currency: 'USD',
      invoice_number: null,
    },
    {
      kind: 'credit_note',
      number: 'CN-2026-000002',
      issued_at: '2026-11-22T09:00:00.000Z',
      total: '10.00',
      currency: 'USD',
      invoice_number: 'INV-2026-000007',
    },
  ],
});

describe('Order Details: invoices (ADR 0075)', () => {
  beforeEach(() => signInForTest());

  it('lists the paid order’s invoice and credit notes and downloads each PDF with the admin’s token', async () => {
    const order = detail(7, 'paid');
    const asked: { id: string; number: string; auth: string | null }[] = [];
    server.use(
      detailHandler(new Map([[order.id, order]])),
      http.get(urlOf(adminInvoiceRoutes.list), ({ params }) =>
        HttpResponse.json(params['id'] === '7' ? documents : { documents: [] }),
      ),
      http.get(urlOf(adminInvoiceRoutes.pdf), ({ params, request }) => {
        asked.push({
          id: String(params['id']),
          number: String(params['number']),
          auth: request.headers.get('authorization'),
        });
        return new HttpResponse(new Uint8Array([37, 80, 68, 70]), {
          headers: {
            'content-type': 'application/pdf',
            'content-disposition': `attachment; filename="${String(params['number'])}.pdf"`,
          },
        });
      }),
    );
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:invoice');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderAdminRoute(`/admin/order-info?id=${order.id}`);
    const invoices = await screen.findByRole('region', { name: 'Invoices' });
    expect(await within(invoices).findByText('Invoice INV-2026-000007')).toBeInTheDocument();
    expect(within(invoices).getByText('Credit note CN-2026-000002')).toBeInTheDocument();
    expect(within(invoices).getByText(/credits INV-2026-000007/)).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(within(invoices).getByRole('button', { name: 'Download invoice' }));
    await waitFor(() => expect(clicked).toHaveBeenCalledTimes(1));
    await user.click(within(invoices).getByRole('button', { name: 'Download credit note' }));
    await waitFor(() => expect(clicked).toHaveBeenCalledTimes(2));
    expect(asked).toEqual([
      { id: '7', number: 'INV-2026-000007', auth: expect.stringMatching(/^Bearer /) as string },
      { id: '7', number: 'CN-2026-000002', auth: expect.stringMatching(/^Bearer /) as string },
    ]);
  });

  it('says when a paid order has no invoice (paid before invoices), and shows nothing for an unpaid one', async () => {
    const paid = detail(8, 'paid');
    const unpaid = detail(9, 'awaiting_payment');
    server.use(
      detailHandler(
        new Map([
          [paid.id, paid],
          [unpaid.id, unpaid],
        ]),
      ),
    );
    const { unmount } = renderAdminRoute(`/admin/order-info?id=${paid.id}`);
    const invoices = await screen.findByRole('region', { name: 'Invoices' });
    expect(
      await within(invoices).findByText('No invoice: this order was paid before invoices were issued.'),
    ).toBeInTheDocument();
    unmount();
    renderAdminRoute(`/admin/order-info?id=${unpaid.id}`);
    expect(await screen.findByRole('heading', { name: /Order BND-/, level: 1 })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Invoices' })).toBeNull();
  });
});
