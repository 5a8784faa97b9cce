import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { deferred } from '@bindery/vite-config/dom-test-setup';
import { server } from '#testing/msw-server.ts';
import { PRODUCTS, type CategorySlug } from '@bindery/pricing/products';
import {
  availableOptionsFor,
  bindingItem,
  dropdownsFor,
  item,
  quote100,
  trimItem,
  type Lists,
  catalogUrl,
} from '#testing/catalog-fixtures.ts';
import { renderRoute } from '#testing/render-route.tsx';
import { signInForTest } from '#testing/session.ts';

const book = {
  trim_size: [trimItem(1, 'US Trade', '6 x 9 in'), trimItem(2, 'US Letter', '8.5 x 11 in')],
  binding: [
    bindingItem(10, 'Perfect Bound', 1),
    bindingItem(11, 'Saddle Stitch', 1),
    bindingItem(12, 'Case Wrap', 1),
    bindingItem(13, 'Coil Bound', 2),
  ],
  interior_color: [item(20, 'Standard Black & White'), item(21, 'Premium Color')],
  paper_type: [item(30, '60# Cream-Uncoated'), item(31, '80# White-Coated')],
  cover_finish: [item(40, 'Gloss'), item(41, 'Matte')],
};
const dropdowns = (slug: CategorySlug, extra: Lists = {}) =>
  dropdownsFor(PRODUCTS[slug], { ...book, ...extra });

/** The print book API; available-options marks Saddle Stitch and Premium Color unavailable above 48 pages. */
function printBookApi(calc: (body: Record<string, unknown>) => Response | Promise<Response>) {
  const seen: { availability: string[]; bodies: Record<string, unknown>[] } = {
    availability: [],
    bodies: [],
  };
  server.use(
    http.get(catalogUrl('calculator', 'options'), () => HttpResponse.json(dropdowns('calculator'))),
    http.get(catalogUrl('calculator', 'availableOptions'), ({ request }) => {
      const url = new URL(request.url);
      seen.availability.push(url.search);
      const trim = Number(url.searchParams.get('trim_size_id'));
      const big = Number(url.searchParams.get('page_count')) > 48;
      const lists = { ...book, binding: book.binding.filter((b) => b.trim_size_id === trim) };
      return HttpResponse.json(availableOptionsFor(PRODUCTS.calculator, lists, new Set(big ? [11, 21] : [])));
    }),
    http.post(catalogUrl('calculator', 'calculate'), async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      seen.bodies.push(body);
      return calc(body);
    }),
  );
  return seen;
}

async function fillPrintBook(user: ReturnType<typeof userEvent.setup>, pages = '120') {
  await user.selectOptions(await screen.findByLabelText('Trim Size'), 'US Trade — 6 × 9 in');
  await user.type(screen.getByLabelText('Page Count'), pages);
  await user.tab();
  await waitFor(() => expect(screen.getByLabelText('Binding')).toBeEnabled());
  await user.selectOptions(screen.getByLabelText('Binding'), 'Perfect Bound');
  await user.selectOptions(screen.getByLabelText('Interior Color'), '20');
  await user.selectOptions(screen.getByLabelText('Paper Type'), '60# Cream-Uncoated');
  await user.selectOptions(screen.getByLabelText('Cover Finish'), 'Matte');
}

describe('calculator page', () => {
  it('shows the banner, the carousel, the title and a loading state, then every labelled field', async () => {
    printBookApi(() => HttpResponse.json(quote100));
    renderRoute('/calculator/comicbook');
    server.use(http.get(catalogUrl('comicbook', 'options'), () => HttpResponse.json(dropdowns('comicbook'))));
    expect(await screen.findByText('Pricing Calculator')).toBeInTheDocument();
    expect(
      screen.getByRole('heading', { level: 1, name: 'High-Quality Comic Printing' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Loading options...' })).toBeInTheDocument();
    for (const label of [
      'Trim Size',
      'Page Count',
      'Binding',
      'Interior Color',
      'Paper Type',
      'Cover Finish',
      'Quantity',
    ]) {
      expect(await screen.findByLabelText(label)).toBeInTheDocument();
    }
    const carousel = screen.getByRole('region', { name: 'calculators' });
    expect(within(carousel).getByRole('link', { name: /Comic Book/ })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(carousel).getByRole('link', { name: /Thesis Binding/ })).toHaveAttribute(
      'href',
      '/pricing-calculator',
    );
  });

  it("says 'Failed to load dropdowns.' when the options cannot be loaded", async () => {
    server.use(
      http.get(catalogUrl('magazine', 'options'), () =>
        HttpResponse.json({ error: 'down' }, { status: 500 }),
      ),
    );
    renderRoute('/calculator/magazine');
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load dropdowns.');
    expect(
      screen.getByRole('heading', { level: 1, name: 'High-Quality Magazine Printing' }),
    ).toBeInTheDocument();
  });

  it('reloads availability once trim size and page count are set, greys out and resets what is unavailable', async () => {
    const user = userEvent.setup();
    const seen = printBookApi(() => HttpResponse.json(quote100));
    renderRoute('/calculator/printbook');
    const binding = await screen.findByLabelText('Binding');
    expect(binding).toBeDisabled();
    expect(screen.getByText('Choose a trim size and page count first.')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Interior Color'), 'Premium Color');
    await user.selectOptions(screen.getByLabelText('Trim Size'), 'US Trade — 6 × 9 in');
    await user.type(screen.getByLabelText('Page Count'), '40');
    await user.tab();
    await waitFor(() => expect(binding).toBeEnabled());
    expect(seen.availability).toEqual(['?trim_size_id=1&page_count=40']);
    expect(screen.getByRole('option', { name: 'Saddle Stitch' })).toBeEnabled();
    // Bindings are priced per trim size: only the chosen trim's rows are offered.
    expect(screen.queryByRole('option', { name: 'Coil Bound' })).not.toBeInTheDocument();
    await user.selectOptions(binding, 'Saddle Stitch');

    // 120 pages: saddle stitch and premium color become unavailable; both chosen values are reset.
    await user.clear(screen.getByLabelText('Page Count'));
    await user.type(screen.getByLabelText('Page Count'), '120');
    await user.tab();
    expect(await screen.findByRole('option', { name: 'Saddle Stitch (not available)' })).toBeDisabled();
    expect(screen.getByRole('option', { name: 'Premium Color (not available)' })).toBeDisabled();
    expect(binding).toHaveValue('');
    expect(screen.getByLabelText('Interior Color')).toHaveValue('');
    expect(
      screen.getByText(/Binding, Interior Color are not available for this trim size and page count/),
    ).toBeInTheDocument();
    expect(seen.availability).toContain('?trim_size_id=1&page_count=120');
  });

  it("reports 'Failed to load available options.' when availability cannot be reloaded", async () => {
    const user = userEvent.setup();
    printBookApi(() => HttpResponse.json(quote100));
    server.use(
      http.get(catalogUrl('calculator', 'availableOptions'), () =>
        HttpResponse.json({ error: 'x' }, { status: 500 }),
      ),
    );
    renderRoute('/calculator/printbook');
    await user.selectOptions(await screen.findByLabelText('Trim Size'), 'US Trade — 6 × 9 in');
    await user.type(screen.getByLabelText('Page Count'), '100');
    await user.tab();
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load available options.');
  });

  it('clamps the page count into the allowed range', async () => {
    const user = userEvent.setup();
    printBookApi(() => HttpResponse.json(quote100));
    renderRoute('/calculator/printbook');
    const pages = await screen.findByLabelText('Page Count');
    await user.type(pages, '5000');
    await user.tab();
    expect(pages).toHaveValue(800);
    await user.clear(pages);
    await user.type(pages, '0');
    await user.tab();
    expect(pages).toHaveValue(2);
    expect(within(screen.getByTestId('calculator-summary')).getByText('2')).toBeInTheDocument();
  });

  it("shows the spec's validation messages and sends nothing while the form is incomplete", async () => {
    const user = userEvent.setup();
    const seen = printBookApi(() => HttpResponse.json(quote100));
    renderRoute('/calculator/printbook');
    await user.click(await screen.findByRole('button', { name: 'Calculate Price' }));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Please fill in all required fields and ensure quantity is positive.',
    );
    expect(screen.getByLabelText('Trim Size')).toHaveAttribute('aria-invalid', 'true');

    await fillPrintBook(user);
    await user.clear(screen.getByLabelText('Quantity'));
    await user.type(screen.getByLabelText('Quantity'), '0');
    await user.click(screen.getByRole('button', { name: 'Calculate Price' }));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Please fill in all required fields and ensure quantity is positive.',
    );
    expect(screen.getByLabelText('Quantity')).toHaveAttribute('aria-invalid', 'true');
    expect(seen.bodies).toEqual([]);
  });

  it("uses the comic book's own wording for an incomplete form", async () => {
    const user = userEvent.setup();
    server.use(http.get(catalogUrl('comicbook', 'options'), () => HttpResponse.json(dropdowns('comicbook'))));
    renderRoute('/calculator/comicbook');
    await user.click(await screen.findByRole('button', { name: 'Calculate Price' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please fill all fields correctly.');
  });

  it('prices with the server and shows its numbers, the discount tier and the tier table; a change clears it', async () => {
    const user = userEvent.setup();
    const answer = deferred();
    const seen = printBookApi(async () => {
      await answer.promise;
      return HttpResponse.json(quote100);
    });
    renderRoute('/calculator/printbook');
    await fillPrintBook(user);
    await user.clear(screen.getByLabelText('Quantity'));
    await user.type(screen.getByLabelText('Quantity'), '100');
    await user.click(screen.getByRole('button', { name: 'Calculate Price' }));
    expect(await screen.findByRole('button', { name: /Calculating/ })).toBeDisabled();
    answer.resolve();

    const result = await screen.findByTestId('quote-result');
    expect(seen.bodies).toEqual([
      {
        trim_size_id: 1,
        page_count: 120,
        binding_id: 10,
        interior_color_id: 20,
        paper_type_id: 30,
        cover_finish_id: 41,
        quantity: 100,
      },
    ]);
    expect(within(result).getByTestId('quote-cost-per-book')).toHaveTextContent('$20.04');
    expect(within(result).getByTestId('quote-original-total')).toHaveTextContent('$2,109.00');
    // The figures agree to the cent: 100 × the list price is the original total.
    expect(within(result).getByTestId('quote-unit-price')).toHaveTextContent('$21.09');
    expect(within(result).getByText('Original total (100 × $21.09)')).toBeInTheDocument();
    expect(within(result).getByText('Cost per book (total ÷ 100, rounded)')).toBeInTheDocument();
    expect(within(result).getByTestId('quote-discount')).toHaveTextContent('−$105.45');
    expect(within(result).getByText('Bulk discount (5%, 100–499 copies)')).toBeInTheDocument();
    expect(within(result).getByTestId('quote-total')).toHaveTextContent('$2,003.55');
    const rows = within(within(result).getByRole('table')).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual([
      '1–99 copiesNone$21.09',
      '100–499 copies5%$20.04',
      '500–999 copies10%$18.98',
      '1000+ copies15%$17.93',
    ]);
    expect(rows[1]).toHaveAttribute('aria-current', 'true');

    await user.selectOptions(screen.getByLabelText('Cover Finish'), 'Gloss');
    expect(screen.queryByTestId('quote-result')).not.toBeInTheDocument();
  });

  it("shows 'Error calculating cost: …' with the server's error text", async () => {
    const user = userEvent.setup();
    printBookApi(() =>
      HttpResponse.json(
        {
          error: 'Perfect Bound is available for 32 to 800 pages, not 20.',
          code: 'BAD_REQUEST',
          statusCode: 400,
        },
        { status: 400 },
      ),
    );
    renderRoute('/calculator/printbook');
    await fillPrintBook(user);
    await user.click(screen.getByRole('button', { name: 'Calculate Price' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Error calculating cost: Perfect Bound is available for 32 to 800 pages, not 20.',
    );
  });

  it('shows the photo book extras and all eight thesis kinds, and no trim size or pages for calendars', async () => {
    server.use(
      http.get(catalogUrl('photobook', 'options'), () =>
        HttpResponse.json(dropdowns('photobook', { spine: [item(50, 'Round')] })),
      ),
      http.get(catalogUrl('pricing', 'options'), () =>
        HttpResponse.json(dropdownsFor(PRODUCTS.pricing, { binding: [bindingItem(1, 'Hardcover')] })),
      ),
      http.get(catalogUrl('calender', 'options'), () => HttpResponse.json(dropdowns('calender'))),
    );
    const photo = renderRoute('/calculator/photobook');
    for (const label of ['Spine', 'Exterior Color', 'Foil Stamping', 'Screen Stamping'])
      expect(await screen.findByLabelText(label)).toBeInTheDocument();
    expect(
      screen.getByRole('heading', { level: 1, name: 'High-Quality Photo Printing' }),
    ).toBeInTheDocument();
    photo.unmount();

    const thesis = renderRoute('/pricing-calculator');
    const thesisKinds = [
      'Binding',
      'Spine',
      'Exterior Color',
      'Foil Stamping',
      'Screen Stamping',
      'Corner Protector',
      'Interior Color',
      'Paper Type',
    ];
    for (const label of thesisKinds) expect(await screen.findByLabelText(label)).toBeInTheDocument();
    expect(screen.getByLabelText('Page Count')).toBeInTheDocument();
    expect(screen.queryByLabelText('Trim Size')).not.toBeInTheDocument();
    thesis.unmount();

    renderRoute('/calculator/calender');
    expect(await screen.findByLabelText('Binding')).toBeEnabled();
    expect(screen.getByRole('heading', { level: 1, name: 'Custom Calendar Printing' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Trim Size')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Page Count')).not.toBeInTheDocument();
  });

  it("sends 'Create Your Print Book' to /login for guests and /userdashboard when logged in", async () => {
    printBookApi(() => HttpResponse.json(quote100));
    const guest = renderRoute('/calculator/printbook');
    expect(await screen.findByRole('link', { name: 'Create Your Print Book' })).toHaveAttribute(
      'href',
      '/login',
    );
    guest.unmount();
    signInForTest();
    renderRoute('/calculator/printbook');
    expect(await screen.findByRole('link', { name: 'Create Your Print Book' })).toHaveAttribute(
      'href',
      '/userdashboard',
    );
  });

  it('redirects /calculator/thesis to the thesis calculator at /pricing-calculator', async () => {
    server.use(
      http.get(catalogUrl('pricing', 'options'), () => HttpResponse.json(dropdownsFor(PRODUCTS.pricing, {}))),
    );
    const { router } = renderRoute('/calculator/thesis');
    expect(await screen.findByLabelText('Corner Protector')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/pricing-calculator');
  });

  it("greys out the bindings the bindings endpoint leaves out, and says 'Failed to load bindings.' on error", async () => {
    const user = userEvent.setup();
    let fail = false;
    server.use(
      http.get(catalogUrl('yearbook', 'options'), () => HttpResponse.json(dropdowns('yearbook'))),
      http.get(catalogUrl('yearbook', 'bindings'), () =>
        fail
          ? HttpResponse.json({ error: 'x' }, { status: 500 })
          : HttpResponse.json([book.binding[0], book.binding[2]]),
      ),
    );
    renderRoute('/calculator/yearbook');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Custom Yearbook Printing' }),
    ).toBeInTheDocument();
    await user.selectOptions(await screen.findByLabelText('Trim Size'), 'US Trade — 6 × 9 in');
    await user.type(screen.getByLabelText('Page Count'), '60');
    await user.tab();
    expect(await screen.findByRole('option', { name: 'Saddle Stitch (not available)' })).toBeDisabled();
    expect(screen.getByRole('option', { name: 'Perfect Bound' })).toBeEnabled();
    fail = true;
    await user.clear(screen.getByLabelText('Page Count'));
    await user.type(screen.getByLabelText('Page Count'), '70');
    await user.tab();
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load bindings.');
  });
});
