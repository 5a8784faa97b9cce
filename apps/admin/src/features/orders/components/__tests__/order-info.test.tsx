import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ErrorBody } from '@bindery/contracts/common';
import { messages } from '@bindery/contracts/messages';
import type { StoreTokenRefreshResponse } from '@bindery/contracts/store/users';
import type { AdminOrder } from '@bindery/contracts/admin/orders';
import { server } from '../../../../testing/msw-server';
import { renderAdminRoute } from '../../../../testing/render-route';
import { signInForTest } from '../../../../testing/session';
import { sessionStore } from '../../../../lib/api-client';
import { orders, ordersHandler } from './order-fixtures';

const PDF_BYTES = '%PDF-1.7 winter poems';

/** Opens the details the way the list does: navigation state (from a page that makes no request). */
async function openWithState(order: AdminOrder) {
  const rendered = renderAdminRoute('/manage-books');
  await screen.findByRole('heading', { name: 'Manage Books' });
  await rendered.router.navigate(`/admin/order-info?id=${order.id}`, { state: { order } });
  return rendered;
}

const facts = (title: string) => {
  const card = screen.getByRole('heading', { name: title }).closest('.b-card') as HTMLElement;
  return within(card)
    .getAllByRole('term')
    .map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]);
};

interface FileRequest {
  path: string;
  auth: string | null;
}

function fileHandler(requests: FileRequest[], answer?: (auth: string | null) => Response | undefined) {
  return http.get('/api/book/:id/files/:kind/', ({ request }) => {
    const auth = request.headers.get('authorization');
    requests.push({ path: new URL(request.url).pathname, auth });
    return (
      answer?.(auth) ??
      new HttpResponse(PDF_BYTES, {
        headers: { 'content-type': 'application/pdf', 'content-disposition': `attachment; filename*=UTF-8''Winter%20Poems.pdf` },
      })
    );
  });
}

describe('Order Details', () => {
  const created: Blob[] = [];
  beforeEach(() => {
    signInForTest();
    created.length = 0;
    // jsdom has no object URLs: record what the page hands the browser.
    URL.createObjectURL = vi.fn((blob: Blob) => {
      created.push(blob);
      return `blob:admin/${created.length}`;
    });
    URL.revokeObjectURL = vi.fn();
  });
  afterEach(() => vi.restoreAllMocks());

  it("says 'Order Not Found' with 'Back to Orders' when there is neither state nor id (no request)", async () => {
    renderAdminRoute('/admin/order-info');
    expect(await screen.findByRole('heading', { name: messages.admin.orderNotFound })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: messages.admin.backToOrders })).toHaveAttribute('href', '/admin/orders');
  });

  it('shows Basic Information, Technical Specifications and both files of an order from navigation state', async () => {
    await openWithState(orders[0]!);
    expect(await screen.findByRole('heading', { name: 'Winter Poems', level: 1 })).toBeInTheDocument();
    expect(facts('Basic Information')).toEqual([
      ['Title', 'Winter Poems'],
      ['Customer Email', 'ann@example.test'],
      ['Category', 'Print Book'],
      ['Language', 'english'],
      ['Created', expect.stringMatching(/^Saturday, November 21, 2026 at \d{1,2}:30\s[AP]M$/)],
      ['Order', '#7: Paid'],
      ['Quantity', '1'],
    ]);
    expect(facts('Technical Specifications')).toEqual([
      ['Page Count', '120 pages'],
      ['Binding Type', 'Perfect Bound'],
      ['Cover Finish', 'Gloss'],
      ['Interior Color', 'Standard Color'],
      ['Paper Type', '60# White-Uncoated'],
      ['Trim Size', '6" x 9"'],
    ]);
    expect(screen.getByRole('button', { name: 'View book PDF' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download cover file' })).toBeInTheDocument();
    expect(screen.queryByText(messages.admin.noCoverFile)).not.toBeInTheDocument();
  });

  it("finds the order again by ?id= after a reload (no state); shows the cover description with 'No cover file uploaded'", async () => {
    const seen = { auth: [] as (string | null)[] };
    server.use(ordersHandler(orders, seen, 50));
    renderAdminRoute('/admin/order-info?id=3');
    expect(await screen.findByText(messages.admin.loadingOrders)).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Class of 2026', level: 1 })).toBeInTheDocument();
    expect(seen.auth).toEqual(['Bearer admin-access']);
    const cover = screen.getByRole('region', { name: 'Cover file' });
    expect(within(cover).getByText('Blue sky over the campus, gold title')).toBeInTheDocument();
    expect(within(cover).getByText(messages.admin.noCoverFile)).toBeInTheDocument();
    expect(within(cover).queryByRole('button')).not.toBeInTheDocument();
  });

  it("says 'Order Not Found' for an id the list does not have", async () => {
    server.use(ordersHandler());
    renderAdminRoute('/admin/order-info?id=99');
    expect(await screen.findByRole('heading', { name: messages.admin.orderNotFound })).toBeInTheDocument();
  });

  it("View fetches the file with the admin's token and opens its object URL in the tab opened by the click", async () => {
    const requests: FileRequest[] = [];
    server.use(fileHandler(requests));
    const tab = { opener: {} as unknown, location: { href: '' }, close: vi.fn() };
    const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    await openWithState(orders[0]!);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'View book PDF' }));
    await waitFor(() => expect(tab.location.href).toBe('blob:admin/1'));
    expect(open).toHaveBeenCalledWith('', '_blank');
    expect(tab.opener).toBeNull();
    expect(requests).toEqual([{ path: '/api/book/1/files/pdf/', auth: 'Bearer admin-access' }]);
    expect(created[0]!.type).toBe('application/pdf');
    expect(await created[0]!.text()).toBe(PDF_BYTES);
  });

  it("Download saves the file under the server's name (or title and kind), renewing an expired token once", async () => {
    const requests: FileRequest[] = [];
    const refreshed: string[] = [];
    const answer = { cover: false };
    server.use(
      fileHandler(requests, (auth) =>
        auth === 'Bearer admin-access'
          ? HttpResponse.json<ErrorBody>({ error: 'Token expired', code: 'UNAUTHORIZED', statusCode: 401 }, { status: 401 })
          : answer.cover
            ? new HttpResponse(new Uint8Array([0xff, 0xd8, 0xff]), { headers: { 'content-type': 'image/jpeg' } })
            : undefined,
      ),
      http.post('/api/users/token/refresh/', async ({ request: r }) => {
        refreshed.push(((await r.json()) as { refresh: string }).refresh);
        return HttpResponse.json<StoreTokenRefreshResponse>({ access: 'fresh-access', refresh: 'fresh-refresh', access_expires_in: 900 });
      }),
    );
    const downloads: { href: string; download: string }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      downloads.push({ href: this.getAttribute('href')!, download: this.download });
    });
    await openWithState(orders[0]!);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Download book PDF' }));
    await waitFor(() => expect(downloads).toHaveLength(1));
    expect(downloads[0]).toEqual({ href: 'blob:admin/1', download: 'Winter Poems.pdf' });
    expect(requests.map((r) => r.auth)).toEqual(['Bearer admin-access', 'Bearer fresh-access']);
    expect(refreshed).toEqual(['admin-refresh']);
    expect(sessionStore.get()?.access).toBe('fresh-access');

    answer.cover = true;
    await user.click(screen.getByRole('button', { name: 'Download cover file' }));
    await waitFor(() => expect(downloads).toHaveLength(2));
    expect(downloads[1]).toEqual({ href: 'blob:admin/2', download: 'Winter Poems - cover.jpg' });
    expect(requests.at(-1)).toEqual({ path: '/api/book/1/files/cover/', auth: 'Bearer fresh-access' });
  });

  it("shows the server's refusal and closes the tab it opened when the file cannot be fetched", async () => {
    server.use(
      fileHandler([], () =>
        HttpResponse.json<ErrorBody>({ error: 'File not found.', code: 'NOT_FOUND', statusCode: 404 }, { status: 404 }),
      ),
    );
    const tab = { opener: {} as unknown, location: { href: '' }, close: vi.fn() };
    vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    await openWithState(orders[0]!);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'View cover file' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('File not found.');
    expect(tab.close).toHaveBeenCalled();
    expect(tab.location.href).toBe('');
  });
});
