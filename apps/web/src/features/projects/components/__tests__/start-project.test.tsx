import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { messages } from '@bindery/contracts/messages';
import { urlOf } from '@bindery/contracts/route';
import { PROJECT_CATEGORIES, projectRoutes } from '@bindery/contracts/store/projects';
import { PRODUCTS } from '@bindery/pricing/products';
import { dropdownsFor, item, catalogUrl } from '#testing/catalog-fixtures.ts';
import { server } from '#testing/msw-server.ts';
import {
  dropdownDataHandler,
  errorBody,
  projectFixture,
  projectHandler,
  uploadedFixture,
  uploadFactsHandler,
} from '#testing/project-fixtures.ts';
import { renderRoute } from '#testing/render-route.tsx';
import { signInForTest } from '#testing/session.ts';

const m = messages.projects;

/** The e Book's dropdowns (no printed options): the design page both edit tests end on reads them. */
const ebookOptionsHandler = () =>
  http.get(catalogUrl('ebook', 'options'), () => HttpResponse.json(dropdownsFor(PRODUCTS.ebook, {})));

describe('/start-project', () => {
  it('sends guests to /login', async () => {
    renderRoute('/start-project');
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
  });

  it('shows the tabs and one card per category from the server, with its description and calculator', async () => {
    signInForTest();
    let auth: string | null = null;
    server.use(
      http.get(urlOf(projectRoutes.dropdownData), async (info) => {
        auth = info.request.headers.get('authorization');
        return (await dropdownDataHandler().run(info))?.response;
      }),
    );
    renderRoute('/start-project');
    const cards = await screen.findByRole('group', { name: 'Product type' });
    expect(auth).toBe('Bearer access-token');
    const radios = within(cards).getAllByRole('radio');
    expect(radios.map((r) => (r as HTMLInputElement).value)).toEqual([...PROJECT_CATEGORIES]);
    expect(within(cards).getByRole('radio', { name: 'Photo Book' })).toHaveAccessibleDescription(
      'Premium photo books.',
    );
    expect(within(cards).getByText('Calculator: Calendar Calculator')).toBeInTheDocument();
    const tabs = screen.getByRole('navigation', { name: 'Project steps' });
    expect(within(tabs).getByRole('link', { name: 'Start Project' })).toHaveAttribute('aria-current', 'page');
    expect(within(tabs).getByRole('link', { name: 'Designs' })).toHaveAttribute('href', '/design-project');
  });

  it('enables Design Your Project only with a title and a category, then goes to /design-project with the data', async () => {
    const user = userEvent.setup();
    signInForTest();
    server.use(
      dropdownDataHandler(),
      http.get(catalogUrl('calender', 'options'), () =>
        HttpResponse.json(
          dropdownsFor(PRODUCTS.calender, {
            binding: [item(9, 'Wire O')],
            interior_color: [item(2, 'Premium Color')],
            paper_type: [item(3, '100# Coated')],
            cover_finish: [item(4, 'Gloss')],
          }),
        ),
      ),
    );
    const { router } = renderRoute('/start-project');
    const button = await screen.findByRole('button', { name: 'Design Your Project' });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription(`${m.enterDetails} ${m.selectCategory}`);
    expect(screen.getByText('0/255')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Project Title'), '  Our Year  ');
    expect(screen.getByText('12/255')).toBeInTheDocument();
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription(m.selectCategory);
    // A card sets the category select, and the select the card.
    // People read "Calendar"; the value sent stays the spec's "Calender" (ADR 0058).
    await user.click(screen.getByRole('radio', { name: 'Calendar' }));
    expect(screen.getByLabelText('Book Category')).toHaveValue('Calender');
    await user.selectOptions(screen.getByLabelText('Book Category'), 'Magazine');
    expect(screen.getByRole('radio', { name: 'Magazine' })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: 'Calendar' }));
    await user.selectOptions(screen.getByLabelText('Book Language'), 'urdu');
    expect(button).toBeEnabled();

    await user.click(button);
    await waitFor(() => expect(router.state.location.pathname).toBe('/design-project'));
    expect(router.state.location.state).toEqual({
      projectTitle: 'Our Year',
      language: 'urdu',
      category: 'Calender',
    });
    expect(JSON.parse(localStorage.getItem('projectData') ?? 'null')).toEqual({
      projectTitle: 'Our Year',
      language: 'urdu',
      category: 'Calender',
    });
    expect(await screen.findByRole('heading', { name: 'Design Your Project' })).toBeInTheDocument();
    expect(screen.getByText('Our Year')).toBeInTheDocument();
  });

  it('keeps the title at 255 characters', async () => {
    signInForTest();
    server.use(dropdownDataHandler());
    renderRoute('/start-project');
    const title = await screen.findByLabelText('Project Title');
    expect(title).toHaveAttribute('maxlength', '255');
    const user = userEvent.setup();
    await user.click(title);
    await user.paste('x'.repeat(300));
    expect(title).toHaveValue('x'.repeat(255));
    expect(screen.getByText('255/255')).toBeInTheDocument();
  });

  it('comes back prefilled from the saved project data after a reload', async () => {
    signInForTest();
    localStorage.setItem(
      'projectData',
      JSON.stringify({ projectTitle: 'Saved Title', language: null, category: 'Photo Book' }),
    );
    server.use(dropdownDataHandler());
    renderRoute('/start-project');
    expect(await screen.findByLabelText('Project Title')).toHaveValue('Saved Title');
    expect(screen.getByRole('radio', { name: 'Photo Book' })).toBeChecked();
    expect(screen.getByLabelText('Book Language')).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Design Your Project' })).toBeEnabled();
  });

  it('starts a new project afresh after an edit left unfinished, which it must not replace', async () => {
    const user = userEvent.setup();
    signInForTest();
    // The dashboard's Edit of project 9 reached the design page; the customer left without submitting.
    localStorage.setItem(
      'projectData',
      JSON.stringify({ projectTitle: 'Old Book', category: 'Magazine', projectId: 9 }),
    );
    localStorage.setItem(
      'designForm',
      JSON.stringify({
        category: 'Magazine',
        ids: { binding_id: 3 },
        page_count: 40,
        quantity: 2,
        pdf_upload: null,
      }),
    );
    server.use(dropdownDataHandler(), ebookOptionsHandler());
    const { router } = renderRoute('/start-project');
    expect(await screen.findByRole('heading', { name: 'Start Your Project' })).toBeInTheDocument();
    expect(await screen.findByLabelText('Project Title')).toHaveValue('');
    await waitFor(() => expect(localStorage.getItem('projectData')).toBeNull());
    expect(localStorage.getItem('designForm')).toBeNull();

    await user.type(screen.getByLabelText('Project Title'), 'New Book');
    await user.selectOptions(screen.getByLabelText('Book Category'), 'e Book');
    await user.click(screen.getByRole('button', { name: 'Design Your Project' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/design-project'));
    expect(router.state.location.state).toEqual({
      projectTitle: 'New Book',
      language: null,
      category: 'e Book',
    });
    expect(await screen.findByRole('heading', { name: 'Design Your Project' })).toBeInTheDocument();
    expect(screen.queryByText(/You are editing this project/)).not.toBeInTheDocument();
  });

  it("keeps an edit an edit when the design page's Change link or the tabs go back to it", async () => {
    const user = userEvent.setup();
    signInForTest();
    const existing = projectFixture({
      id: 5,
      title: 'Old Title',
      category: 'e Book',
      configuration: null,
      price: null,
    });
    localStorage.setItem(
      'projectData',
      JSON.stringify({ projectTitle: 'Old Title', language: 'english', category: 'e Book', projectId: 5 }),
    );
    server.use(
      dropdownDataHandler(),
      ebookOptionsHandler(),
      projectHandler(existing),
      // The design page shows the project's own PDF, as the server describes it (docs/decisions/0038).
      uploadFactsHandler([uploadedFixture({ id: existing.pdf_upload_id })]),
    );
    const { router } = renderRoute('/design-project');
    expect(await screen.findByText(/You are editing this project/)).toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'Change' }));
    expect(await screen.findByRole('heading', { name: 'Edit Your Project' })).toBeInTheDocument();
    expect(await screen.findByLabelText('Project Title')).toHaveValue('Old Title');
    await user.click(
      within(screen.getByRole('navigation', { name: 'Project steps' })).getByRole('link', {
        name: 'Designs',
      }),
    );
    expect(await screen.findByText(/You are editing this project/)).toBeInTheDocument();
    await user.click(
      within(screen.getByRole('navigation', { name: 'Project steps' })).getByRole('link', {
        name: 'Start Project',
      }),
    );
    expect(await screen.findByRole('heading', { name: 'Edit Your Project' })).toBeInTheDocument();
    await user.clear(await screen.findByLabelText('Project Title'));
    await user.type(screen.getByLabelText('Project Title'), 'Renamed');
    await user.click(screen.getByRole('button', { name: 'Design Your Project' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/design-project'));
    expect(router.state.location.state).toMatchObject({ projectTitle: 'Renamed', projectId: 5 });
  });

  it('still offers the categories when the list cannot be loaded', async () => {
    signInForTest();
    server.use(
      http.get(urlOf(projectRoutes.dropdownData), () =>
        HttpResponse.json(errorBody('down', 503), { status: 503 }),
      ),
    );
    renderRoute('/start-project');
    const select = await screen.findByLabelText('Book Category');
    expect(screen.getByRole('status')).toHaveTextContent('We could not load the product descriptions');
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([
      'Select a category',
      'Print Book',
      'Photo Book',
      'Comic Book',
      'Magazine',
      'Yearbook',
      'Calendar',
      'E-book',
    ]);
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.getAttribute('value')),
    ).toEqual(['', ...PROJECT_CATEGORIES]);
  });
});
