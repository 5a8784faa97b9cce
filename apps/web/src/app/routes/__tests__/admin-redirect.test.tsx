import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { urlOf } from '@bindery/contracts/route';
import { configRoute } from '@bindery/contracts/store/config';
import { describe, expect, it, vi } from 'vitest';
import { LeaveSiteProvider, type LeaveSite } from '#lib/leave-site.tsx';
import { publicConfigHandler } from '#testing/checkout-fixtures.ts';
import { server } from '#testing/msw-server.ts';
import { renderRoute } from '#testing/render-route.tsx';

describe('admin paths opened on the web app', () => {
  it.each([
    ['/admin', 'http://admin.test/admin'],
    ['/manage-users', 'http://admin.test/manage-users'],
    ['/manage-books', 'http://admin.test/manage-books'],
    ['/admin/orders', 'http://admin.test/admin/orders'],
    ['/admin/books/printbook/edit', 'http://admin.test/admin/books/printbook/edit'],
    ['/admin/order-info?id=5', 'http://admin.test/admin/order-info?id=5'],
  ])(
    '%s goes to the same page of the admin console, replacing itself in the history',
    async (path, target) => {
      server.use(publicConfigHandler({ card: true, paypal: true }));
      const leave = vi.fn<LeaveSite>();
      renderRoute(path, (router) => <LeaveSiteProvider value={leave}>{router}</LeaveSiteProvider>);
      await waitFor(() => expect(leave).toHaveBeenCalledWith(target, { replace: true }));
      expect(screen.queryByRole('heading', { name: /not found/i })).not.toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'open the admin console' })).toHaveAttribute('href', target);
    },
  );

  it('says so when the console cannot be found, instead of leaving for nowhere', async () => {
    server.use(http.get(urlOf(configRoute), () => new HttpResponse('down', { status: 503 })));
    const leave = vi.fn<LeaveSite>();
    renderRoute('/admin', (router) => <LeaveSiteProvider value={leave}>{router}</LeaveSiteProvider>);
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not find the admin console');
    expect(leave).not.toHaveBeenCalled();
  });
});
