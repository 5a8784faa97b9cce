import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { messages } from '@bindery/contracts/messages';
import { addToCart, readCart } from '#lib/cart.ts';
import { server } from '#testing/msw-server.ts';
import { deferred, myBooksHandler, pricedAt, projectFixture } from '#testing/project-fixtures.ts';
import { renderRoute } from '#testing/render-route.tsx';
import { signInForTest } from '#testing/session.ts';

const c = messages.cart;

const novel = pricedAt('2003.55', { id: 1, title: 'a Novel', category: 'Print Book', quantity: 100 });
const zine = pricedAt('0.10', { id: 2, title: 'Zine', category: 'Magazine' });
const album = pricedAt('1234.50', { id: 3, title: 'Album', category: 'Photo Book' });
const notInCart = pricedAt('99.00', { id: 4, title: 'Elsewhere', category: 'Year Book' });
const ordered = projectFixture({ id: 5, title: 'Paid already', status: 'ordered' });

function cartOf(...projects: { id: number; title: string; category: string }[]) {
  for (const p of projects) addToCart(7, { id: p.id, title: p.title, category: p.category });
}

const rowTitles = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((r) => r.querySelector('strong')?.textContent);

describe('/orders (the cart)', () => {
  it("asks guests to log in: 'Please Login' with 'Go to Login'", async () => {
    renderRoute('/orders');
    expect(await screen.findByRole('heading', { name: c.pleaseLogin })).toBeInTheDocument();
    expect(screen.getByText(c.needLogin)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Login' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: '← Back to Dashboard' })).toHaveAttribute(
      'href',
      '/userdashboard',
    );
  });

  it("shows 'Loading your orders...' and then 'No Orders Yet' with the greeting and three hints", async () => {
    signInForTest();
    // The cart names a project the server no longer has: the cart's ids are read, and nothing comes back.
    cartOf({ id: 99, title: 'Deleted since', category: 'Print Book' });
    const gate = deferred();
    server.use(myBooksHandler([notInCart], { gate: gate.promise }));
    renderRoute('/orders');
    expect(await screen.findByText(c.loadingOrders)).toBeInTheDocument();
    expect(screen.getByText(c.loadingOrdersSub)).toBeInTheDocument();
    gate.release();
    expect(await screen.findByRole('heading', { name: c.noOrdersYet })).toBeInTheDocument();
    expect(screen.getByText('Hi Ann Reader, your cart is empty.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Dashboard' })).toHaveAttribute('href', '/userdashboard');
    const hints = screen.getByRole('list', { name: 'How to order' });
    for (const hint of ['Add Projects', 'Review Cart', 'Place Order'])
      expect(within(hints).getByText(hint)).toBeInTheDocument();
  });

  it("totals the server's prices of the projects in the cart, and drops deleted or ordered ones from it", async () => {
    signInForTest();
    cartOf(novel, zine, album, { id: 77, title: 'Deleted meanwhile', category: 'Print Book' }, ordered);
    const requests: URLSearchParams[] = [];
    server.use(myBooksHandler([novel, zine, album, notInCart, ordered], { requests }));
    renderRoute('/orders');
    expect(await screen.findByTestId('items-in-cart')).toHaveTextContent('3');
    // The server is asked for the cart's own projects only (a page of the whole list could miss them).
    expect(requests[0]?.get('ids')).toBe('1,2,3,5,77');
    // 2003.55 + 0.10 + 1234.50, added in cents.
    expect(screen.getByTestId('total-value')).toHaveTextContent('$3,238.15');
    expect(screen.getByText(/Estimated cost/)).toBeInTheDocument();
    expect(rowTitles()).toEqual(['a Novel', 'Zine', 'Album']);
    for (const row of screen.getAllByRole('row').slice(1))
      expect(within(row).getByText(c.inCart)).toBeInTheDocument();
    expect(
      within(screen.getByText('a Novel').closest('tr') as HTMLElement).getByText('$2,003.55'),
    ).toBeInTheDocument();
    expect(screen.queryByText('Deleted meanwhile')).not.toBeInTheDocument();
    expect(screen.queryByText('Paid already')).not.toBeInTheDocument();
    await waitFor(() => expect(readCart(7).map((i) => i.id)).toEqual([1, 2, 3]));
    expect(screen.getByText(/Showing 3 of 3 items · Last updated: /)).toBeInTheDocument();
    // The header badge counts the same cart.
    expect(within(screen.getByRole('banner')).getByTestId('cart-badge')).toHaveTextContent('3');
  });

  it("searches with an 'n of m items' count, says 'No orders found' with the term, and clears", async () => {
    const user = userEvent.setup();
    signInForTest();
    cartOf(novel, zine, album);
    server.use(myBooksHandler([novel, zine, album]));
    renderRoute('/orders');
    const search = await screen.findByPlaceholderText(c.searchOrders);
    await user.type(search, 'photo');
    expect(rowTitles()).toEqual(['Album']);
    expect(screen.getByText('1 of 3 items')).toBeInTheDocument();
    expect(screen.getByText(/Showing 1 of 3 items/)).toBeInTheDocument();
    await user.clear(search);
    await user.type(search, 'cookbook');
    expect(screen.getByText(c.noOrdersFound)).toBeInTheDocument();
    expect(screen.getByText('No orders match "cookbook"')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear Search' }));
    expect(rowTitles()).toHaveLength(3);
  });

  it('sorts by title and category, ascending then descending', async () => {
    const user = userEvent.setup();
    signInForTest();
    cartOf(zine, novel, album);
    server.use(myBooksHandler([novel, zine, album]));
    renderRoute('/orders');
    const title = await screen.findByRole('columnheader', { name: /Project Title/ });
    await user.click(within(title).getByRole('button'));
    expect(rowTitles()).toEqual(['a Novel', 'Album', 'Zine']);
    await user.click(within(title).getByRole('button'));
    expect(rowTitles()).toEqual(['Zine', 'Album', 'a Novel']);
    const category = screen.getByRole('columnheader', { name: /Category/ });
    await user.click(within(category).getByRole('button'));
    expect(rowTitles()).toEqual(['Zine', 'Album', 'a Novel']); // Magazine, Photo Book, Print Book
    expect(category).toHaveAttribute('aria-sort', 'ascending');
    await user.click(within(category).getByRole('button'));
    expect(rowTitles()).toEqual(['a Novel', 'Album', 'Zine']);
    expect(category).toHaveAttribute('aria-sort', 'descending');
  });

  it('removes an item from the cart, and Checkout goes to /shop', async () => {
    const user = userEvent.setup();
    signInForTest();
    cartOf(novel, zine);
    server.use(myBooksHandler([novel, zine]));
    const { router } = renderRoute('/orders');
    await user.click(await screen.findByRole('button', { name: 'Remove Zine from cart' }));
    expect(rowTitles()).toEqual(['a Novel']);
    expect(screen.getByTestId('total-value')).toHaveTextContent('$2,003.55');
    expect(readCart(7).map((i) => i.id)).toEqual([1]);
    await user.click(screen.getByRole('button', { name: 'Checkout' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/shop'));
  });
});
