import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { urlOf } from '@bindery/contracts/route';
import { configRoute } from '@bindery/contracts/store/config';
import { PRODUCTS } from '@bindery/pricing/products';
import { addToCart } from '#lib/cart.ts';
import { publicConfig } from '#testing/checkout-fixtures.ts';
import { bindingItem, dropdownsFor, item, trimItem, catalogUrl } from '#testing/catalog-fixtures.ts';
import { server } from '#testing/msw-server.ts';
import { renderRoute } from '#testing/render-route.tsx';
import { signInForTest } from '#testing/session.ts';

const headerPaths = [
  '/',
  '/about',
  '/calculator/printbook',
  '/print-shop',
  '/portfolio',
  '/products/print-book',
  '/products/comic-book',
  '/products/cookbook',
  '/products/ebook',
  '/products/photo-book',
  '/products/print-magazine',
  '/products/yearbook',
  '/resources/guide-templates',
  '/resources/blog',
  '/resources/publishing-resources',
  '/resources/contact-resources',
  '/resources/hire-professional',
  '/resources/order-lookup',
  '/resources/plan-project',
  '/login',
];

const configWithPromo = (promo: { enabled: boolean; rate_basis_points: number }) => ({
  ...publicConfig({ card: true, paypal: true }),
  first_print_discount: { ...promo, text: `${promo.rate_basis_points / 100}% off first print` },
});

describe('storefront shell', () => {
  it('has every header link of the spec, Pricing to the print book calculator, and a menu button', async () => {
    const user = userEvent.setup();
    renderRoute('/');
    const header = await screen.findByRole('banner');
    const hrefs = new Set<string | null>();
    const collect = () =>
      within(header)
        .getAllByRole('link')
        .forEach((a) => hrefs.add(a.getAttribute('href')));
    await user.click(within(header).getByRole('button', { name: 'Products' }));
    collect();
    await user.click(within(header).getByRole('button', { name: 'Resources' }));
    collect();
    expect(within(header).getByRole('button', { name: 'Products' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
    for (const path of headerPaths) expect([...hrefs]).toContain(path);
    expect(within(header).getByRole('link', { name: 'Pricing' })).toHaveAttribute(
      'href',
      '/calculator/printbook',
    );
    const menu = within(header).getByRole('button', { name: 'Menu' });
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    await user.click(menu);
    expect(menu).toHaveAttribute('aria-expanded', 'true');
  });

  it('sends guests to /login from the cart and profile icons and counts the guest cart in the badge', async () => {
    renderRoute('/');
    const header = await screen.findByRole('banner');
    expect(within(header).getByRole('link', { name: 'Cart, 0 items' })).toHaveAttribute('href', '/login');
    expect(within(header).getByRole('link', { name: 'Your dashboard' })).toHaveAttribute('href', '/login');
    expect(within(header).getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    act(() => {
      addToCart(null, { id: 1, title: 'A', category: 'Print Book' });
      addToCart(null, { id: 2, title: 'B', category: 'Magazine' });
      // The spec's separate generic key is not the cart: it does not count.
      localStorage.setItem('cart', JSON.stringify([{ title: 'C' }]));
    });
    expect(within(header).getByTestId('cart-badge')).toHaveTextContent('2');
    expect(within(header).getByRole('link', { name: 'Cart, 2 items' })).toBeInTheDocument();
  });

  it("counts the signed-in customer's own cart in the badge, not another account's", async () => {
    signInForTest();
    addToCart(99, { id: 5, title: 'Someone else', category: 'Print Book' });
    renderRoute('/');
    const header = await screen.findByRole('banner');
    expect(within(header).queryByTestId('cart-badge')).not.toBeInTheDocument();
    act(() => addToCart(7, { id: 3, title: 'Mine', category: 'Print Book' }));
    expect(within(header).getByTestId('cart-badge')).toHaveTextContent('1');
    expect(within(header).getByRole('link', { name: 'Cart, 1 item' })).toHaveAttribute('href', '/orders');
  });

  it('sends logged-in customers to /orders and /userdashboard', async () => {
    signInForTest();
    renderRoute('/');
    const header = await screen.findByRole('banner');
    expect(within(header).getByRole('link', { name: /^Cart/ })).toHaveAttribute('href', '/orders');
    expect(within(header).getByRole('link', { name: 'Your dashboard' })).toHaveAttribute(
      'href',
      '/userdashboard',
    );
  });

  it('shows the hero, the promo and the instant quote button on home, and the footer', async () => {
    // Only Date is faked: the footer must not follow the clock.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2031-06-01T12:00:00Z'));
    onTestFinished(() => void vi.useRealTimers());
    server.use(
      http.get(urlOf(configRoute), () =>
        HttpResponse.json(configWithPromo({ enabled: true, rate_basis_points: 1000 })),
      ),
    );
    renderRoute('/');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Print your book, your way' }),
    ).toBeInTheDocument();
    expect(await screen.findByText('10% off first print')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Get an Instant Quote' })).toHaveAttribute(
      'href',
      '/calculator/printbook',
    );
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByLabelText('Email address')).toBeInTheDocument();
    // The spec's year, whatever today's date (docs/decisions/0027).
    expect(footer).toHaveTextContent('© 2025 Bindery');
  });

  it('promises the first-print discount at the rate staff set, and not at all when it is off (docs/decisions/0033)', async () => {
    server.use(
      http.get(urlOf(configRoute), () =>
        HttpResponse.json(configWithPromo({ enabled: true, rate_basis_points: 1500 })),
      ),
    );
    const { unmount } = renderRoute('/');
    expect(await screen.findByText('15% off first print')).toBeInTheDocument();
    expect(screen.queryByText('10% off first print')).not.toBeInTheDocument();
    unmount();

    let served = false;
    server.use(
      http.get(urlOf(configRoute), () => {
        served = true;
        return HttpResponse.json(configWithPromo({ enabled: false, rate_basis_points: 1000 }));
      }),
    );
    renderRoute('/');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Print your book, your way' }),
    ).toBeInTheDocument();
    // The config has arrived and still nothing is promised.
    await waitFor(() => expect(served).toBe(true));
    await act(async () => {});
    expect(screen.queryByText(/off first print/)).not.toBeInTheDocument();
  });

  it.each([
    ['/products/printbook', '/products/print-book', 'Print Books'],
    ['/products/printmagzine', '/products/print-magazine', 'Magazines'],
    ['/resources/guidetemplates', '/resources/guide-templates', 'Guides & Templates'],
    ['/resources/blogs', '/resources/blog', 'Blog'],
    ['/resources/orderlookup', '/resources/order-lookup', 'Order Lookup'],
  ])('redirects %s to %s', async (from, to, heading) => {
    // Whatever category a product page reads, its options answer empty.
    server.use(
      ...Object.values(PRODUCTS).map((p) =>
        http.get(catalogUrl(p.slug, 'options'), () => HttpResponse.json({})),
      ),
    );
    const { router } = renderRoute(from);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(to);
  });

  it("lists a product's trim sizes, bindings and papers from the catalog API and links its calculator", async () => {
    server.use(
      http.get(catalogUrl('photobook', 'options'), () =>
        HttpResponse.json(
          dropdownsFor(PRODUCTS.photobook, {
            trim_size: [trimItem(1, 'Square', '8.5 x 8.5 in')],
            binding: [bindingItem(2, 'Case Wrap', 1), bindingItem(3, 'Case Wrap', 2)],
            paper_type: [item(3, '100# White-Coated')],
          }),
        ),
      ),
    );
    renderRoute('/products/photo-book');
    expect(await screen.findByRole('heading', { level: 1, name: 'Photo Books' })).toBeInTheDocument();
    // A trim with its dimensions (ADR 0058).
    expect(await screen.findByText('Square — 8.5 × 8.5 in')).toBeInTheDocument();
    // One chip per binding name, even where a binding is listed once per trim size.
    expect(screen.getAllByText('Case Wrap')).toHaveLength(1);
    expect(screen.getByText('100# White-Coated')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Price your photo book' })).toHaveAttribute(
      'href',
      '/calculator/photobook',
    );
  });

  it('shows a friendly 404 for an unknown product or resource', async () => {
    renderRoute('/products/spaceship');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });

  it('scrolls the endless carousel with the arrows and the keyboard', async () => {
    const user = userEvent.setup();
    server.use(http.get(catalogUrl('calculator', 'options'), () => HttpResponse.json({})));
    renderRoute('/calculator/printbook');
    const carousel = await screen.findByRole('region', { name: 'calculators' });
    const firstTile = () => within(carousel).getAllByRole('link')[0];
    expect(firstTile()).toHaveTextContent('Print Book');
    await user.click(within(carousel).getByRole('button', { name: 'Next calculators' }));
    await waitFor(() => expect(firstTile()).toHaveTextContent('Thesis Binding'));
    within(carousel).getByRole('button', { name: 'Next calculators' }).focus();
    await user.keyboard('{ArrowLeft}');
    await waitFor(() => expect(firstTile()).toHaveTextContent('Print Book'));
    // Endless: going back from the first tile wraps to the last two (once the slide has settled).
    await waitFor(() => expect(carousel).toHaveAttribute('aria-busy', 'false'));
    await user.keyboard('{ArrowLeft}');
    await waitFor(() => expect(firstTile()).toHaveTextContent('Magazine'));
    expect(within(carousel).getAllByRole('link')).toHaveLength(7);
  });
});
