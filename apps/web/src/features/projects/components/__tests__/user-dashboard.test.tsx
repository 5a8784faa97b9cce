import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { messages } from '@bindery/contracts/messages';
import { urlOf } from '@bindery/contracts/route';
import { projectRoutes, type DeleteProjectResponse } from '@bindery/contracts/store/projects';
import { addToCart, readCart } from '#lib/cart.ts';
import { PRODUCTS } from '@bindery/pricing/products';
import { dropdownsFor, item, trimItem, catalogUrl } from '#testing/catalog-fixtures.ts';
import { server } from '#testing/msw-server.ts';
import {
  deferred,
  dropdownDataHandler,
  errorBody,
  myBooksHandler,
  pricedAt,
  projectFixture,
} from '#testing/project-fixtures.ts';
import { renderRoute } from '#testing/render-route.tsx';
import { signInForTest } from '#testing/session.ts';

const m = messages.projects;

const alpha = pricedAt('2003.55', {
  id: 1,
  title: 'alpha poems',
  category: 'Print Book',
  page_count: 120,
  quantity: 100,
});
const beta = pricedAt('45.00', { id: 2, title: 'Beta Recipes', category: 'Magazine', page_count: 48 });
const untitled = projectFixture({
  id: 3,
  title: '',
  category: 'Comic Book',
  page_count: 32,
  created_at: '2026-03-05T09:00:00.000Z',
});
const inCart = pricedAt('10.00', { id: 4, title: 'Already in cart', category: 'Year Book' });

const rowTitles = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((r) => within(r).getAllByRole('cell')[0]?.querySelector('strong')?.textContent);

describe('/userdashboard', () => {
  it('sends guests to /login', async () => {
    renderRoute('/userdashboard');
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
  });

  it("shows 'Loading your projects...' and then the welcome with the user's name, Start Project and the steps", async () => {
    signInForTest();
    const gate = deferred();
    server.use(
      http.get(urlOf(projectRoutes.myBooks), async ({ request }) => {
        expect(request.headers.get('authorization')).toBe('Bearer access-token');
        await gate.promise;
        return HttpResponse.json({ data: [], next_cursor: null, total: 0, total_projects: 0 });
      }),
    );
    renderRoute('/userdashboard');
    expect(await screen.findByText(m.loadingProjects)).toBeInTheDocument();
    gate.release();
    expect(await screen.findByRole('heading', { name: 'Welcome, Ann Reader!' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Start Project' })).toHaveAttribute('href', '/start-project');
    const steps = screen.getByRole('list', { name: 'How it works' });
    for (const step of ['Create', 'Track', 'Complete'])
      expect(within(steps).getByText(step)).toBeInTheDocument();
  });

  it('lists the projects not in the cart with counters, server price, page count, avatar letter and Untitled Project', async () => {
    signInForTest();
    addToCart(7, { id: inCart.id, title: inCart.title, category: inCart.category });
    server.use(myBooksHandler([alpha, beta, untitled, inCart]));
    renderRoute('/userdashboard');
    expect(await screen.findByRole('heading', { name: 'Welcome back, Ann Reader' })).toBeInTheDocument();
    expect(screen.getByTestId('total-projects')).toHaveTextContent('4');
    expect(screen.getByTestId('in-cart')).toHaveTextContent('1');
    expect(screen.getByRole('link', { name: 'New Project' })).toHaveAttribute('href', '/start-project');
    expect(screen.queryByText('Already in cart')).not.toBeInTheDocument();

    const alphaRow = screen.getByText('alpha poems').closest('tr') as HTMLElement;
    expect(within(alphaRow).getByText('A')).toBeInTheDocument();
    expect(within(alphaRow).getByText('$2,003.55')).toBeInTheDocument();
    expect(within(alphaRow).getByText('100 copies')).toBeInTheDocument();
    expect(within(alphaRow).getByText('Created Nov 20, 2026 · 120 pages')).toBeInTheDocument();
    const untitledRow = screen.getByText(m.untitled).closest('tr') as HTMLElement;
    expect(within(untitledRow).getByText('P')).toBeInTheDocument();
    expect(within(untitledRow).getByText('Created Mar 5, 2026 · 32 pages')).toBeInTheDocument();
    expect(screen.getByText('Showing 3 of 3 projects')).toBeInTheDocument();
  });

  it('searches title and category on the server once the typing pauses, with a clear button and the empty result', async () => {
    const user = userEvent.setup();
    signInForTest();
    const requests: URLSearchParams[] = [];
    server.use(myBooksHandler([alpha, beta, untitled], { requests }));
    renderRoute('/userdashboard');
    const search = await screen.findByPlaceholderText(m.searchProjects);
    await user.type(search, 'MAGAZ');
    await waitFor(() => expect(rowTitles()).toEqual(['Beta Recipes']));
    expect(screen.getByText('Showing 1 of 1 projects')).toBeInTheDocument();
    // One request for the first page and one for the whole word: none per keystroke.
    expect(requests.map((r) => r.get('q'))).toEqual([null, 'MAGAZ']);
    expect(screen.getByTestId('total-projects')).toHaveTextContent('3');
    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(search).toHaveValue('');
    await waitFor(() => expect(rowTitles()).toHaveLength(3));

    await user.type(search, 'nothing like this');
    expect(await screen.findByText(m.noProjectsFound)).toBeInTheDocument();
    expect(screen.getByText('Showing 0 of 0 projects')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear Search' }));
    await waitFor(() => expect(rowTitles()).toHaveLength(3));
  });

  it('asks the server for each order: by title and by category, ascending then descending', async () => {
    const user = userEvent.setup();
    signInForTest();
    const requests: URLSearchParams[] = [];
    server.use(myBooksHandler([beta, untitled, alpha], { requests }));
    renderRoute('/userdashboard');
    const titleHeader = await screen.findByRole('columnheader', { name: /Project Title/ });
    expect(titleHeader).toHaveAttribute('aria-sort', 'none');
    expect(rowTitles()).toEqual(['Beta Recipes', m.untitled, 'alpha poems']);
    await user.click(within(titleHeader).getByRole('button'));
    expect(titleHeader).toHaveAttribute('aria-sort', 'ascending');
    // The server's order (a blank title, which it never stores, would come first).
    await waitFor(() => expect(rowTitles()).toEqual([m.untitled, 'alpha poems', 'Beta Recipes']));
    await user.click(within(titleHeader).getByRole('button'));
    expect(titleHeader).toHaveAttribute('aria-sort', 'descending');
    await waitFor(() => expect(rowTitles()).toEqual(['Beta Recipes', 'alpha poems', m.untitled]));
    const categoryHeader = screen.getByRole('columnheader', { name: /Category/ });
    await user.click(within(categoryHeader).getByRole('button'));
    // Comic Book, Magazine, Print Book
    await waitFor(() => expect(rowTitles()).toEqual([m.untitled, 'Beta Recipes', 'alpha poems']));
    expect(titleHeader).toHaveAttribute('aria-sort', 'none');
    await user.click(within(categoryHeader).getByRole('button'));
    expect(categoryHeader).toHaveAttribute('aria-sort', 'descending');
    await waitFor(() => expect(rowTitles()).toEqual(['alpha poems', 'Beta Recipes', m.untitled]));
    expect(requests.map((r) => `${r.get('sort')} ${r.get('order')}`)).toEqual([
      'created null',
      'title asc',
      'title desc',
      'category asc',
      'category desc',
    ]);
  });

  it("pages with 'Load more' (the server's next_cursor) and counts on the server; the cart's projects are left out by the server", async () => {
    const user = userEvent.setup();
    signInForTest();
    const many = Array.from({ length: 70 }, (_, i) =>
      pricedAt('10.00', { id: 1000 - i, title: `Book ${i + 1}`, category: 'Print Book' }),
    );
    addToCart(7, { id: 1000, title: 'Book 1', category: 'Print Book' });
    const requests: URLSearchParams[] = [];
    server.use(myBooksHandler(many, { requests }));
    renderRoute('/userdashboard');
    expect(await screen.findByText('Showing 50 of 69 projects')).toBeInTheDocument();
    expect(screen.getByTestId('total-projects')).toHaveTextContent('70');
    expect(screen.getByTestId('in-cart')).toHaveTextContent('1');
    expect(rowTitles()[0]).toBe('Book 2');
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Showing 69 of 69 projects')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(rowTitles().at(-1)).toBe('Book 70');
    const pages = requests.filter((r) => r.get('ids') === null);
    expect(pages.map((r) => [r.get('cursor'), r.get('exclude'), r.get('limit')])).toEqual([
      [null, '1000', '50'],
      ['50', '1000', '50'],
    ]);
  });

  it('Add to Cart puts the project in the cart and opens /orders', async () => {
    const user = userEvent.setup();
    signInForTest();
    server.use(myBooksHandler([alpha, beta]));
    const { router } = renderRoute('/userdashboard');
    await user.click(await screen.findByRole('button', { name: 'Add Beta Recipes to cart' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/orders'));
    expect(readCart(7)).toEqual([{ id: 2, title: 'Beta Recipes', category: 'Magazine' }]);
    expect(await screen.findByTestId('items-in-cart')).toHaveTextContent('1');
  });

  it('Edit opens /start-project prefilled from the project', async () => {
    const user = userEvent.setup();
    signInForTest();
    server.use(myBooksHandler([alpha, beta]), dropdownDataHandler());
    const { router } = renderRoute('/userdashboard');
    await user.click(await screen.findByRole('button', { name: 'Edit Beta Recipes' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/start-project'));
    expect(router.state.location.state).toMatchObject({
      isEdit: true,
      projectData: { id: 2, title: 'Beta Recipes' },
    });
    expect(await screen.findByRole('heading', { name: 'Edit Your Project' })).toBeInTheDocument();
    // The heading shows at once; the form only once the product types (dropdown-data) have arrived.
    expect(await screen.findByLabelText('Project Title')).toHaveValue('Beta Recipes');
    expect(screen.getByLabelText('Book Category')).toHaveValue('Magazine');
    expect(screen.getByLabelText('Book Language')).toHaveValue('english');
  });

  it("marks an ordered project 'Ordered' and offers no Add to Cart, Edit or Delete for it (the server refuses them)", async () => {
    signInForTest();
    const ordered = pricedAt('99.00', {
      id: 5,
      title: 'Printed Already',
      category: 'Print Book',
      status: 'ordered',
    });
    server.use(myBooksHandler([ordered, beta]));
    renderRoute('/userdashboard');
    const row = (await screen.findByText('Printed Already')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Ordered')).toBeInTheDocument();
    expect(within(row).queryByRole('button')).not.toBeInTheDocument();
    // The draft beside it keeps every action.
    for (const action of ['Add Beta Recipes to cart', 'Edit Beta Recipes', 'Delete Beta Recipes']) {
      expect(screen.getByRole('button', { name: action })).toBeEnabled();
    }
  });

  it('deletes only after confirming in a dialog and after the server confirms', async () => {
    const user = userEvent.setup();
    signInForTest();
    let projects = [alpha, beta];
    const gate = deferred();
    const deleted: string[] = [];
    server.use(
      myBooksHandler(() => projects),
      http.delete(urlOf(projectRoutes.remove), async ({ params }) => {
        deleted.push(String(params.id));
        await gate.promise;
        projects = [alpha];
        return HttpResponse.json<DeleteProjectResponse>({ message: 'Project deleted' });
      }),
    );
    renderRoute('/userdashboard');
    const del = await screen.findByRole('button', { name: 'Delete Beta Recipes' });
    await user.click(del);
    let dialog = screen.getByRole('alertdialog', { name: 'Delete project' });
    expect(dialog).toHaveAccessibleDescription(m.confirmDelete);
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(deleted).toEqual([]);

    await user.click(del);
    dialog = screen.getByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(deleted).toEqual(['2']));
    // Still listed while the server has not answered.
    expect(screen.getByText('Beta Recipes')).toBeInTheDocument();
    gate.release();
    await waitFor(() => expect(screen.queryByText('Beta Recipes')).not.toBeInTheDocument());
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.getByTestId('total-projects')).toHaveTextContent('1');
  });

  it("keeps the project and says 'Failed to delete project. Please try again.' when the delete fails", async () => {
    const user = userEvent.setup();
    signInForTest();
    server.use(
      myBooksHandler([alpha, beta]),
      http.delete(urlOf(projectRoutes.remove), () =>
        HttpResponse.json(errorBody('boom', 500), { status: 500 }),
      ),
    );
    renderRoute('/userdashboard');
    await user.click(await screen.findByRole('button', { name: 'Delete alpha poems' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(m.deleteFailed);
    expect(screen.getByText('alpha poems')).toBeInTheDocument();
  });
});

describe('/userdashboard: an unfinished design (docs/decisions/0038)', () => {
  const draftProject = { projectTitle: 'Half a Novel', language: 'english', category: 'Print Book' };
  const draftForm = (extra: Record<string, unknown> = {}) => ({
    category: 'Print Book',
    ids: { trim_size_id: 1 },
    page_count: null,
    quantity: 12,
    pdf_upload: null,
    user_id: 7,
    ...extra,
  });
  const keep = (form: Record<string, unknown>, project: Record<string, unknown> = draftProject) => {
    localStorage.setItem('projectData', JSON.stringify(project));
    localStorage.setItem('designForm', JSON.stringify(form));
  };

  it('offers to resume it, and Resume opens the design page filled', async () => {
    const user = userEvent.setup();
    signInForTest();
    keep(draftForm());
    server.use(
      myBooksHandler([alpha]),
      http.get(catalogUrl('calculator', 'options'), () =>
        HttpResponse.json(
          dropdownsFor(PRODUCTS.calculator, {
            trim_size: [trimItem(1, 'US Trade', '6 x 9 in')],
            interior_color: [item(20, 'Standard Black & White')],
            paper_type: [item(30, '60# Cream-Uncoated')],
            cover_finish: [item(40, 'Gloss')],
          }),
        ),
      ),
    );
    const { router } = renderRoute('/userdashboard');
    const card = await screen.findByRole('region', { name: 'Continue your design' });
    expect(card).toHaveTextContent('Half a Novel · Print Book');
    await user.click(within(card).getByRole('link', { name: 'Resume' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/design-project'));
    // Queried again on each try: the page re-renders its header once the draft is restored, replacing the node.
    await waitFor(() => expect(screen.getByText('Half a Novel')).toBeInTheDocument());
    expect(await screen.findByLabelText('Trim Size')).toHaveValue('1');
    expect(screen.getByLabelText('Quantity')).toHaveValue(12);
  });

  it('offers it on the welcome page too, and never for another account, an edit or a printed project', async () => {
    signInForTest();
    server.use(myBooksHandler([]));
    keep(draftForm());
    const first = renderRoute('/userdashboard');
    expect(await screen.findByRole('region', { name: 'Continue your design' })).toBeInTheDocument();
    first.unmount();
    for (const [form, project] of [
      [draftForm({ user_id: 8 }), draftProject],
      [draftForm({ project_id: 5 }), { ...draftProject, projectId: 5 }],
      [draftForm({ category: 'Magazine' }), draftProject],
    ] as const) {
      keep(form, project);
      const view = renderRoute('/userdashboard');
      expect(await screen.findByRole('heading', { name: /Welcome, Ann Reader/ })).toBeInTheDocument();
      expect(screen.queryByRole('region', { name: 'Continue your design' })).not.toBeInTheDocument();
      view.unmount();
    }
  });
});
