import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { messages } from '@bindery/contracts/messages';
import { urlOf } from '@bindery/contracts/route';
import { catalogRoutes, type CatalogItem } from '@bindery/contracts/store/catalog';
import { PRODUCTS } from '@bindery/pricing/products';
import { server } from '#testing/msw-server.ts';
import { renderAdminRoute } from '#testing/render-route.tsx';
import { signInForTest } from '#testing/session.ts';
import {
  allBindingsHandler,
  binding,
  item,
  listsHandler,
  updateHandlers,
  type Lists,
  type RecordedPut,
} from './price-fixtures';
import { bodyCells, defined } from '@bindery/ui/testing';

const comic = PRODUCTS.comicbook;
const comicLists: Lists = {
  trim_size: [],
  interior_color: [
    item(11, 'Premium Black & White', { price_per_page: '0.03' }),
    item(12, 'Premium Color', { price_per_page: '0.19' }),
  ],
  paper_type: [item(21, '70# White-Uncoated', { price_per_page: '0.01' })],
  cover_finish: [item(31, 'Gloss', { price: '0.00' }), item(32, 'Matte', { price: '0.00' })],
};
const comicBindings = [
  binding(41, 'Saddle Stitch', '1.50', 'Comic Book', [8, 48]),
  binding(42, 'Perfect Bound', '2.50', 'Comic Book', [32, null]),
  binding(43, 'Perfect Bound', '5.50', 'Larger Deluxe', [32, 800]),
];
const comicItem = (id: number): CatalogItem | undefined =>
  [...Object.values(comicLists).flat(), ...comicBindings].find((i) => i.id === id);

const section = (title: string) => screen.getByRole('region', { name: new RegExp(title) });
const saveButton = () => screen.getByRole('button', { name: /^Save Changes|^Saving/ });
const input = (name: string) => screen.getByRole<HTMLInputElement>('spinbutton', { name });

async function openComic(versions: Lists[] = [comicLists], calls = { count: 0 }) {
  server.use(listsHandler(comic, versions, calls), allBindingsHandler(comic, comicBindings));
  renderAdminRoute('/admin/books/comic/edit');
  expect(await screen.findByText(messages.admin.priceEditors.comicbook.loading)).toBeInTheDocument();
  await screen.findByRole('heading', { name: comic.editorTitle, level: 1 });
  await screen.findByRole('region', { name: /Binding Types/ });
  return userEvent.setup();
}

async function typeInto(user: ReturnType<typeof userEvent.setup>, name: string, value: string) {
  await user.clear(input(name));
  if (value) await user.type(input(name), value);
}

describe('price editor: comic book', () => {
  beforeEach(() => void signInForTest());

  it('shows the summary cards, the open sections with their counts, and the bindings with Min/Max Pages (∞ for none)', async () => {
    await openComic();
    const cards = screen.getByRole('list', { name: `${comic.editorTitle} summary` });
    expect(
      within(cards)
        .getAllByRole('listitem')
        .map((c) => c.textContent),
    ).toEqual(['Interior Colors2', 'Paper Types1', 'Cover Finishes2', 'Binding Types3']);
    expect(
      screen
        .getAllByRole('region')
        .map((r) => r.getAttribute('aria-labelledby') && within(r).getByRole('heading').textContent),
    ).toEqual([
      '▾ Interior Colors2 items',
      '▾ Paper Types1 item',
      '▾ Cover Finishes2 items',
      '▾ Binding Types3 items',
    ]);
    const bindings = within(section('Binding Types')).getByRole('table');
    expect(
      within(bindings)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Name', 'Price', 'Min Pages', 'Max Pages']);
    expect(bodyCells(bindings)).toEqual([
      ['Saddle Stitch (Comic Book — 6.625 × 10.25 in)', '', '8', '48'],
      ['Perfect Bound (Comic Book — 6.625 × 10.25 in)', '', '32', '∞'],
      ['Perfect Bound (Larger Deluxe — 7 × 10.875 in)', '', '32', '800'],
    ]);
    expect(input('Perfect Bound (Larger Deluxe — 7 × 10.875 in) price')).toHaveValue(5.5);
    // Per-page kinds edit price_per_page; every input steps by 0.01.
    expect(
      within(section('Interior Colors'))
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Name', 'Price per page']);
    expect(input('Premium Color price per page')).toHaveValue(0.19);
    expect(screen.getAllByRole('spinbutton').every((i) => i.getAttribute('step') === '0.01')).toBe(true);
    // Manage Books stays the current sidebar link inside an editor.
    expect(screen.getByRole('link', { name: 'Manage Books' })).toHaveAttribute('aria-current', 'page');
  });

  it('folds a section away and opens it again', async () => {
    const user = await openComic();
    const toggle = within(section('Paper Types')).getByRole('button', { name: /Paper Types/ });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(
      screen.queryByRole('spinbutton', { name: '70# White-Uncoated price per page' }),
    ).not.toBeInTheDocument();
    await user.click(toggle);
    expect(input('70# White-Uncoated price per page')).toBeVisible();
  });

  it("searches a section case-insensitively, says 'No items found matching your search.', and clears", async () => {
    const user = await openComic();
    const bindings = section('Binding Types');
    const search = within(bindings).getByRole('searchbox', { name: 'Search binding types' });
    await user.type(search, 'perfect');
    expect(
      within(bindings)
        .getAllByRole('spinbutton')
        .map((i) => i.getAttribute('aria-label')),
    ).toEqual([
      'Perfect Bound (Comic Book — 6.625 × 10.25 in) price',
      'Perfect Bound (Larger Deluxe — 7 × 10.875 in) price',
    ]);
    // Other sections are not filtered.
    expect(within(section('Cover Finishes')).getAllByRole('spinbutton')).toHaveLength(2);
    await user.clear(search);
    await user.type(search, 'SPIRAL');
    expect(within(bindings).getByText(messages.admin.noItemsMatching)).toBeInTheDocument();
    await user.click(within(bindings).getByRole('button', { name: 'Clear search binding types' }));
    expect(search).toHaveValue('');
    expect(within(bindings).getAllByRole('spinbutton')).toHaveLength(3);
  });

  it('keeps one pending change per item and field: a later edit replaces the earlier, an edit back to the saved price drops it', async () => {
    const user = await openComic();
    expect(saveButton()).toHaveTextContent(/^Save Changes$/);
    expect(saveButton()).toBeDisabled();
    await typeInto(user, 'Gloss price', '1.25');
    expect(saveButton()).toHaveTextContent('Save Changes (1)');
    expect(saveButton()).toBeEnabled();
    await typeInto(user, 'Gloss price', '1.5');
    expect(saveButton()).toHaveTextContent('Save Changes (1)');
    expect(input('Gloss price')).toHaveValue(1.5);
    await typeInto(user, 'Premium Color price per page', '0.2');
    expect(saveButton()).toHaveTextContent('Save Changes (2)');
    await typeInto(user, 'Gloss price', '0');
    expect(saveButton()).toHaveTextContent('Save Changes (1)');
  });

  it('refuses an empty or negative price before sending anything, with a precise message', async () => {
    const puts: RecordedPut[] = [];
    server.use(...updateHandlers(comic, comicItem, { puts }));
    const user = await openComic();
    await typeInto(user, 'Matte price', '');
    expect(await screen.findByText(messages.admin.enterPrice)).toBeInTheDocument();
    expect(input('Matte price')).toHaveAttribute('aria-invalid', 'true');
    await typeInto(user, 'Matte price', '-2');
    expect(screen.getByText('Must not be negative.')).toBeInTheDocument();
    await typeInto(user, 'Premium Color price per page', '0.12345');
    expect(screen.getByText('Must have at most 4 decimal places.')).toBeInTheDocument();
    await user.click(saveButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.admin.fixPricesFirst);
    expect(puts).toEqual([]);
    expect(saveButton()).toHaveTextContent('Save Changes (2)');
  });

  it("saves one change at a time in order, with the admin's token; shows 'Saving...' meanwhile; on success says so, clears the list and reloads", async () => {
    const puts: RecordedPut[] = [];
    const events: string[] = [];
    const calls = { count: 0 };
    const reloaded: Lists = {
      ...comicLists,
      interior_color: [
        item(11, 'Premium Black & White', { price_per_page: '0.0325' }),
        defined(comicLists.interior_color?.[1]),
      ],
    };
    server.use(...updateHandlers(comic, comicItem, { puts, events, wait: 60 }));
    const user = await openComic([comicLists, reloaded], calls);
    await typeInto(user, 'Premium Black & White price per page', '0.0325');
    await typeInto(user, 'Perfect Bound (Larger Deluxe — 7 × 10.875 in) price', '6');
    await typeInto(user, 'Gloss price', '0.75');
    await user.click(saveButton());
    expect(saveButton()).toHaveTextContent('Saving...');
    expect(saveButton()).toBeDisabled();
    expect(input('Gloss price')).toBeDisabled();
    expect(await screen.findByText(messages.admin.priceEditors.comicbook.saved)).toBeInTheDocument();
    // The literal paths are the assertion: each change goes to its kind's spec path, in the screen's order.
    expect(puts).toEqual([
      {
        path: '/api/comicbook/interior-color/11/update/',
        body: { price_per_page: '0.0325' },
        auth: 'Bearer admin-access',
      },
      { path: '/api/comicbook/binding-type/43/update/', body: { price: '6' }, auth: 'Bearer admin-access' },
      {
        path: '/api/comicbook/cover-finish/31/update/',
        body: { price: '0.75' },
        auth: 'Bearer admin-access',
      },
    ]);
    expect(events).toEqual(['start 11', 'end 11', 'start 43', 'end 43', 'start 31', 'end 31']);
    expect(saveButton()).toHaveTextContent(/^Save Changes$/);
    expect(saveButton()).toBeDisabled();
    // Reloaded: the lists were fetched again and show the server's values.
    await waitFor(() => expect(calls.count).toBe(2));
    expect(input('Premium Black & White price per page')).toHaveValue(0.0325);
  });

  it("stops at the first failure: the rest stay pending, the server's message names the failing item, no reload", async () => {
    const puts: RecordedPut[] = [];
    const calls = { count: 0 };
    server.use(
      ...updateHandlers(comic, comicItem, {
        puts,
        // The server is the authority: here it refuses a price the client's own check let through.
        refuse: (id) => (id === 42 ? 'price: Must be at most 1000.00 for a binding.' : undefined),
      }),
    );
    const user = await openComic([comicLists], calls);
    await typeInto(user, 'Premium Color price per page', '0.21');
    await typeInto(user, 'Perfect Bound (Comic Book — 6.625 × 10.25 in) price', '2000');
    await typeInto(user, 'Matte price', '0.5');
    await user.click(saveButton());
    const failure = await screen.findByRole('alert');
    expect(failure).toHaveTextContent(
      `${messages.admin.priceEditors.comicbook.saveFailed} Perfect Bound (Comic Book — 6.625 × 10.25 in): price: Must be at most 1000.00 for a binding.`,
    );
    // The literal paths are the assertion: what was sent, in order, before the refusal stopped the rest.
    expect(puts.map((p) => p.path)).toEqual([
      '/api/comicbook/interior-color/12/update/',
      '/api/comicbook/binding-type/42/update/',
    ]);
    // The saved change left the list; the failed one and the unsent one remain.
    expect(saveButton()).toHaveTextContent('Save Changes (2)');
    expect(saveButton()).toBeEnabled();
    expect(input('Premium Color price per page')).toHaveValue(0.21);
    expect(input('Perfect Bound (Comic Book — 6.625 × 10.25 in) price')).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(
      within(section('Binding Types')).getByText('price: Must be at most 1000.00 for a binding.'),
    ).toBeInTheDocument();
    expect(input('Matte price')).toHaveValue(0.5);
    expect(calls.count).toBe(1);

    // Fixing the refused price and saving again sends the two that are left, in their order.
    server.use(...updateHandlers(comic, comicItem, { puts }));
    await typeInto(user, 'Perfect Bound (Comic Book — 6.625 × 10.25 in) price', '2.75');
    expect(
      within(section('Binding Types')).queryByText('price: Must be at most 1000.00 for a binding.'),
    ).not.toBeInTheDocument();
    await user.click(saveButton());
    expect(await screen.findByText(messages.admin.priceEditors.comicbook.saved)).toBeInTheDocument();
    // The literal paths are the assertion: the two changes left, and nothing else, in their order.
    expect(puts.slice(2).map((p) => [p.path, p.body])).toEqual([
      ['/api/comicbook/binding-type/42/update/', { price: '2.75' }],
      ['/api/comicbook/cover-finish/32/update/', { price: '0.5' }],
    ]);
  });

  it("says 'Failed to load comic book settings.' when the lists cannot be loaded", async () => {
    server.use(
      http.get(urlOf(catalogRoutes(comic).options), () =>
        HttpResponse.json({ error: 'boom', code: 'INTERNAL', statusCode: 500 }, { status: 500 }),
      ),
      allBindingsHandler(comic, comicBindings),
    );
    renderAdminRoute('/admin/books/comic/edit');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      messages.admin.priceEditors.comicbook.loadFailed,
    );
    expect(screen.queryByRole('button', { name: /Save Changes/ })).not.toBeInTheDocument();
  });
});

describe('price editor: the other six from the same component', () => {
  beforeEach(() => void signInForTest());

  it('calendar: four searchable sections, all priced per copy', async () => {
    const calendar = PRODUCTS.calender;
    server.use(
      listsHandler(calendar, [
        {
          binding: [binding(1, 'Wire O', '3.00', null, [null, null])],
          interior_color: [item(2, 'Standard Color', { price: '4.00' })],
          paper_type: [item(3, '100# White-Coated', { price: '1.00' })],
          cover_finish: [item(4, 'Gloss', { price: '0.50' })],
        },
      ]),
    );
    renderAdminRoute('/admin/books/calendar/edit');
    expect(await screen.findByText(messages.admin.priceEditors.calender.loading)).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Calendar Settings', level: 1 })).toBeInTheDocument();
    expect(
      (await screen.findAllByRole('region')).map((r) =>
        within(r)
          .getAllByRole('columnheader')
          .map((h) => h.textContent),
      ),
    ).toEqual([
      ['Name', 'Price'],
      ['Name', 'Price'],
      ['Name', 'Price'],
      ['Name', 'Price'],
    ]);
    expect(screen.getAllByRole('searchbox')).toHaveLength(4);
    expect(screen.queryByRole('list', { name: /summary/ })).not.toBeInTheDocument();
  });

  it("print book: no search, no trim size section and 'No {section} found.' for an empty one", async () => {
    const print = PRODUCTS.calculator;
    server.use(
      listsHandler(print, [
        {
          interior_color: [item(2, 'Standard Black & White', { price_per_page: '0.01' })],
          paper_type: [item(3, '60# Cream-Uncoated', { price_per_page: '0.005' })],
          binding: [binding(5, 'Perfect Bound', '2.00', '6" x 9"', [24, 800])],
        },
      ]),
    );
    renderAdminRoute('/admin/books/printbook/edit');
    expect(await screen.findByRole('heading', { name: 'Print Book Settings', level: 1 })).toBeInTheDocument();
    const titles = await screen.findAllByRole('region');
    expect(titles.map((r) => within(r).getByRole('heading').textContent)).toEqual([
      '▾ Interior Colors1 item',
      '▾ Paper Types1 item',
      '▾ Cover Finishes0 items',
      '▾ Binding Types1 item',
    ]);
    expect(screen.queryByRole('searchbox')).not.toBeInTheDocument();
    expect(within(section('Cover Finishes')).getByText('No cover finishes found.')).toBeInTheDocument();
    // Bindings come from the dropdowns here: no page-range columns.
    expect(within(section('Binding Types')).getAllByRole('columnheader')).toHaveLength(2);
  });

  it('names each binding’s trim with its dimensions, from the catalog’s trims (ADR 0058)', async () => {
    const print = PRODUCTS.calculator;
    server.use(
      listsHandler(print, [
        {
          interior_color: [],
          paper_type: [],
          binding: [
            binding(1001, 'Perfect Bound', '2.00', 'US Trade', [24, 800]),
            binding(1002, 'Perfect Bound', '2.50', 'A4', [24, 800]),
          ],
        },
      ]),
    );
    renderAdminRoute('/admin/books/printbook/edit');
    const bindingsSection = await screen.findByRole('region', { name: /Binding Types/ });
    expect(within(bindingsSection).getByText('Perfect Bound (US Trade — 6 × 9 in)')).toBeInTheDocument();
    expect(within(bindingsSection).getByText('Perfect Bound (A4 — 210 × 297 mm)')).toBeInTheDocument();
  });

  it('print book: a section of more than 20 rows (74 bindings) gets a search box and one group per trim size', async () => {
    const print = PRODUCTS.calculator;
    const styles = ['Perfect Bound', 'Coil Bound', 'Saddle Stitch', 'Case Wrap', 'Linen Wrap'];
    const trims = Array.from({ length: 15 }, (_, t) => `Trim ${t + 1}`);
    // 15 trims × 5 styles, less one: 74 rows, as the seeded print book has.
    const bindings = trims
      .flatMap((trim, t) =>
        styles.map((style, s) => binding(1000 + t * 10 + s, style, '2.00', trim, [24, 800])),
      )
      .slice(0, 74);
    server.use(
      listsHandler(print, [
        {
          interior_color: [item(2, 'Standard Black & White', { price_per_page: '0.01' })],
          paper_type: [item(3, '60# Cream-Uncoated', { price_per_page: '0.005' })],
          binding: bindings,
        },
      ]),
    );
    renderAdminRoute('/admin/books/printbook/edit');
    const bindingsSection = await screen.findByRole('region', { name: /Binding Types/ });
    // Only the long section gets the search; the print editor's short ones stay as the spec has them.
    expect(screen.getAllByRole('searchbox')).toHaveLength(1);
    const tables = within(bindingsSection).getAllByRole('table');
    expect(tables).toHaveLength(15);
    expect(tables[0]).toHaveAccessibleName('Binding Types: Trim 1 (5 items)');
    expect(tables[14]).toHaveAccessibleName('Binding Types: Trim 15 (4 items)');
    expect(
      within(defined(tables[0]))
        .getAllByRole('row')
        .slice(1)
        .map((r) => within(r).getAllByRole('cell')[0]?.textContent),
    ).toEqual(styles);
    // Each input is still named with its trim.
    expect(input('Coil Bound (Trim 7) price')).toBeInTheDocument();

    const user = userEvent.setup();
    await user.type(within(bindingsSection).getByRole('searchbox'), 'coil');
    const found = within(bindingsSection).getAllByRole('table');
    expect(found).toHaveLength(15);
    expect(found.every((t) => within(t).getAllByRole('row').length === 2)).toBe(true);
    await user.clear(within(bindingsSection).getByRole('searchbox'));
    await user.type(within(bindingsSection).getByRole('searchbox'), 'trim 12');
    expect(within(bindingsSection).getAllByRole('table')).toHaveLength(1);
  });

  it("thesis: eight sections; success says 'Changes saved'", async () => {
    const thesis = PRODUCTS.pricing;
    const lists: Lists = { corner_protector: [item(9, 'Gold Round', { price: '4.00' })] };
    server.use(
      listsHandler(thesis, [lists]),
      ...updateHandlers(thesis, (id) => defined(lists.corner_protector).find((i) => i.id === id)),
    );
    renderAdminRoute('/admin/books/thesis/edit');
    expect(await screen.findByRole('heading', { name: 'Thesis Settings', level: 1 })).toBeInTheDocument();
    expect(
      (await screen.findAllByRole('region')).map((r) => within(r).getByRole('button').textContent),
    ).toEqual([
      '▾ Binding Types',
      '▾ Spine Types',
      '▾ Exterior Colors',
      '▾ Foil Stampings',
      '▾ Screen Stampings',
      '▾ Corner Protectors',
      '▾ Interior Colors',
      '▾ Paper Types',
    ]);
    const user = userEvent.setup();
    await typeInto(user, 'Gold Round price', '4.5');
    await user.click(saveButton());
    expect(await screen.findByText(messages.admin.priceEditors.pricing.saved)).toBeInTheDocument();
  });

  it('photo book: eight searchable sections; an unknown book gets the not-found page', async () => {
    const photo = PRODUCTS.photobook;
    server.use(listsHandler(photo, [{}]));
    const { router } = renderAdminRoute('/admin/books/photo/edit');
    expect(await screen.findByRole('heading', { name: 'Photo Book Settings', level: 1 })).toBeInTheDocument();
    expect(await screen.findAllByRole('searchbox')).toHaveLength(8);
    await router.navigate('/admin/books/cookbook/edit');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });
});

describe('price editor: leaving with unsaved changes', () => {
  beforeEach(() => void signInForTest());
  afterEach(() => vi.restoreAllMocks());

  it('asks before leaving for another page while changes are pending; stays on no, leaves on yes', async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    const user = await openComic();
    await typeInto(user, 'Gloss price', '1');
    await user.click(screen.getByRole('link', { name: 'Manage Books' }));
    expect(confirm).toHaveBeenCalledWith(messages.admin.leaveUnsaved);
    expect(screen.getByRole('heading', { name: comic.editorTitle, level: 1 })).toBeInTheDocument();
    expect(saveButton()).toHaveTextContent('Save Changes (1)');
    await user.click(screen.getByRole('link', { name: 'Manage Books' }));
    expect(await screen.findByRole('heading', { name: 'Manage Books', level: 1 })).toBeInTheDocument();
    expect(confirm).toHaveBeenCalledTimes(2);
  });

  it('does not ask when nothing is pending', async () => {
    const confirm = vi.spyOn(window, 'confirm');
    const user = await openComic();
    await typeInto(user, 'Gloss price', '0');
    await user.click(screen.getByRole('link', { name: 'Manage Books' }));
    expect(await screen.findByRole('heading', { name: 'Manage Books', level: 1 })).toBeInTheDocument();
    expect(confirm).not.toHaveBeenCalled();
  });
});
