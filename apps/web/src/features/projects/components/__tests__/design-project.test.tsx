import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { messages } from '@bindery/contracts/messages';
import { urlOf } from '@bindery/contracts/route';
import { checkoutRoutes, type ShippingRateResponse } from '@bindery/contracts/store/checkout';
import { projectRoutes, type Project, type UploadedFile } from '@bindery/contracts/store/projects';
import { PRODUCTS, type CategorySlug } from '@bindery/pricing/products';
import { sessionStore } from '#lib/session-store.ts';
import { readCart } from '#lib/cart.ts';
import {
  availableOptionsFor,
  bindingItem,
  dropdownsFor,
  item,
  quote100,
  trimItem,
  catalogUrl,
} from '#testing/catalog-fixtures.ts';
import { server } from '#testing/msw-server.ts';
import {
  deferred,
  errorBody,
  myBooksHandler,
  projectFixture,
  projectHandler,
  uploadBookHandler,
  uploadedFixture,
  uploadFactsHandler,
  uploadsHandler,
} from '#testing/project-fixtures.ts';
import { renderRoute } from '#testing/render-route.tsx';
import { signInForTest } from '#testing/session.ts';
import { defined } from '@bindery/ui/testing';

const m = messages.projects;

const book = {
  trim_size: [trimItem(1, 'US Trade', '6 x 9 in'), trimItem(2, 'US Letter', '8.5 x 11 in')],
  binding: [
    bindingItem(10, 'Perfect Bound', 1),
    bindingItem(11, 'Saddle Stitch', 1),
    bindingItem(13, 'Coil Bound', 2),
  ],
  interior_color: [item(20, 'Standard Black & White'), item(21, 'Premium Color')],
  paper_type: [item(30, '60# Cream-Uncoated'), item(31, '80# White-Coated')],
  cover_finish: [item(40, 'Gloss'), item(41, 'Matte')],
};

/** The print book catalog: Saddle Stitch is not available above 48 pages. */
function catalogApi(slug: CategorySlug = 'calculator') {
  const seen = { availability: [] as string[], calculate: [] as Record<string, unknown>[] };
  server.use(
    http.get(catalogUrl(slug, 'options'), () => HttpResponse.json(dropdownsFor(PRODUCTS[slug], book))),
    http.get(catalogUrl(slug, 'availableOptions'), ({ request }) => {
      const url = new URL(request.url);
      seen.availability.push(url.search);
      const trim = Number(url.searchParams.get('trim_size_id'));
      const lists = { ...book, binding: book.binding.filter((b) => b.trim_size_id === trim) };
      return HttpResponse.json(
        availableOptionsFor(
          PRODUCTS[slug],
          lists,
          new Set(Number(url.searchParams.get('page_count')) > 48 ? [11] : []),
        ),
      );
    }),
    http.post(catalogUrl(slug, 'calculate'), async ({ request }) => {
      seen.calculate.push((await request.json()) as Record<string, unknown>);
      return HttpResponse.json(quote100);
    }),
  );
  return seen;
}

/** POST api/book/uploads/: answers `answer(purpose)` once `gate` opens; records the purposes. */
function uploadsApi(
  answer: (purpose: string) => Response = (purpose) =>
    HttpResponse.json<UploadedFile>(uploadedFixture({ purpose: purpose as UploadedFile['purpose'] }), {
      status: 201,
    }),
  gate?: Promise<void>,
) {
  const { handler, purposes } = uploadsHandler(answer, gate);
  server.use(handler);
  return purposes;
}

/** GET api/book/uploads/{id}/facts/: the server's facts for these uploads, 404 for any other id; records the ids asked. */
function uploadFactsApi(files: UploadedFile[]) {
  const asked: string[] = [];
  server.use(uploadFactsHandler(files, asked));
  return asked;
}

const coverFixture = uploadedFixture({
  id: '6f1c1a52-3c1e-4d6f-9a53-0d3cb1d2a002',
  purpose: 'cover',
  file_name: 'cover.png',
  content_type: 'image/png',
  page_count: null,
});

const pdfFile = (name = 'book.pdf') => new File(['%PDF-1.7 test'], name, { type: 'application/pdf' });

function startWith(
  data: Record<string, unknown> = { projectTitle: 'My Novel', language: 'english', category: 'Print Book' },
) {
  localStorage.setItem('projectData', JSON.stringify(data));
}

/** A signed-in customer with saved project data (a print book by default), the catalog and the upload endpoint. */
function openDesign(data?: Record<string, unknown>, userOptions: Parameters<typeof userEvent.setup>[0] = {}) {
  const user = userEvent.setup(userOptions);
  signInForTest();
  startWith(data);
  const seen = catalogApi();
  const purposes = uploadsApi();
  return { user, seen, purposes };
}

async function uploadPdf(user: ReturnType<typeof userEvent.setup>, file = pdfFile()) {
  await user.upload(await screen.findByLabelText('Interior PDF'), file);
  expect(await screen.findByText(/Uploaded book\.pdf/)).toBeInTheDocument();
}

/** An image-card option: a radio named by its card, in the group named by its legend. */
const card = (group: string, name: string) =>
  within(screen.getByRole('group', { name: group })).getByRole('radio', { name });

async function chooseAll(user: ReturnType<typeof userEvent.setup>) {
  await user.selectOptions(await screen.findByLabelText('Trim Size'), 'US Trade — 6 × 9 in');
  await waitFor(() => expect(card('Binding', 'Perfect Bound')).toBeEnabled());
  await user.click(card('Binding', 'Perfect Bound'));
  await user.click(card('Interior Color', 'Premium Color'));
  await user.click(card('Paper Type', '60# Cream-Uncoated'));
  await user.click(card('Cover Finish', 'Matte'));
}

describe('/design-project', () => {
  it('asks to complete the previous steps without project data, and to start over when it is corrupt', async () => {
    signInForTest();
    const view = renderRoute('/design-project');
    expect(await screen.findByRole('alert')).toHaveTextContent(m.missingProjectData);
    expect(screen.getByRole('link', { name: 'Start your project' })).toHaveAttribute(
      'href',
      '/start-project',
    );
    view.unmount();
    localStorage.setItem('projectData', '{not json');
    renderRoute('/design-project');
    expect(await screen.findByRole('alert')).toHaveTextContent(m.savedDataCorrupt);
  });

  it('uploads the PDF at once with a progress bar and fills Page Count with the page count the server found', async () => {
    const user = userEvent.setup();
    signInForTest();
    startWith();
    catalogApi();
    const gate = deferred();
    const purposes = uploadsApi(
      () => HttpResponse.json<UploadedFile>(uploadedFixture({ page_count: 120 }), { status: 201 }),
      gate.promise,
    );
    renderRoute('/design-project');
    expect(await screen.findByText('My Novel')).toBeInTheDocument();
    const pageCount = screen.getByLabelText('Page Count');
    expect(pageCount).toHaveAttribute('readonly');
    expect(pageCount).toHaveValue('');

    await user.upload(screen.getByLabelText('Interior PDF'), pdfFile());
    const bar = await screen.findByRole('progressbar', { name: 'Uploading book.pdf' });
    expect(bar).toHaveAttribute('aria-valuenow', '0');
    expect(screen.getByText('Uploading book.pdf… 0%')).toBeInTheDocument();
    gate.release();
    expect(await screen.findByText('Uploaded book.pdf · 120 pages')).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(pageCount).toHaveValue('120');
    expect(purposes).toEqual(['interior']);
  });

  it("refuses a non-PDF in the browser ('Only PDF files are allowed.') and shows the server's refusal of a bad PDF", async () => {
    const user = userEvent.setup({ applyAccept: false });
    signInForTest();
    startWith();
    catalogApi();
    const purposes = uploadsApi(() => HttpResponse.json(errorBody(m.pageCountRange, 400), { status: 400 }));
    renderRoute('/design-project');
    await user.upload(
      await screen.findByLabelText('Interior PDF'),
      new File(['hello'], 'notes.txt', { type: 'text/plain' }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(m.onlyPdf);
    expect(purposes).toEqual([]);

    // Dropped on the zone, the file is checked and uploaded the same way; the server's words are shown.
    const zone = screen.getByLabelText('Interior PDF').closest('.p-drop') as HTMLElement;
    fireEvent.drop(zone, { dataTransfer: { files: [pdfFile('long.pdf')] } });
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(m.pageCountRange));
    expect(purposes).toEqual(['interior']);
    expect(screen.getByLabelText('Page Count')).toHaveValue('');
  });

  it('narrows the options by trim size and the PDF page count, greying out what does not fit', async () => {
    const { user, seen } = openDesign();
    renderRoute('/design-project');
    const bindings = await screen.findByRole('group', { name: 'Binding' });
    expect(bindings).toHaveAccessibleDescription('Choose a trim size and upload your PDF first.');
    expect(card('Binding', 'Perfect Bound')).toBeDisabled();
    await user.selectOptions(screen.getByLabelText('Trim Size'), 'US Trade — 6 × 9 in');
    expect(card('Binding', 'Perfect Bound')).toBeDisabled();
    await uploadPdf(user);
    await waitFor(() => expect(card('Binding', 'Perfect Bound')).toBeEnabled());
    expect(seen.availability).toEqual(['?trim_size_id=1&page_count=120']);
    // Greyed with the reason: the binding's page range.
    expect(card('Binding', 'Saddle Stitch')).toBeDisabled();
    expect(card('Binding', 'Saddle Stitch')).toHaveAccessibleDescription(/Needs 4–800 pages/);
    expect(within(bindings).queryByRole('radio', { name: 'Coil Bound' })).not.toBeInTheDocument();
  });

  it('hides trim size and page count for a calendar', async () => {
    signInForTest();
    startWith({ projectTitle: 'Wall 2027', language: null, category: 'Calender' });
    server.use(
      http.get(catalogUrl('calender', 'options'), () =>
        HttpResponse.json(dropdownsFor(PRODUCTS.calender, book)),
      ),
    );
    renderRoute('/design-project');
    await waitFor(() => expect(card('Binding', 'Perfect Bound')).toBeEnabled());
    expect(screen.queryByLabelText('Trim Size')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Page Count')).not.toBeInTheDocument();
    for (const label of ['Interior Color', 'Paper Type', 'Cover Finish'])
      expect(screen.getByRole('group', { name: label })).toBeInTheDocument();
  });

  it('calculates with the server, names missing fields, and clears the price when an option changes', async () => {
    const { user, seen } = openDesign();
    renderRoute('/design-project');
    expect(await screen.findByRole('button', { name: 'Quantity and Shipping Estimates' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    expect(screen.getByRole('table', { name: 'Bulk discounts' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Calculate' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      `${m.fillRequiredFields} Trim Size, Binding, Interior Color, Paper Type, Cover Finish, Page Count`,
    );

    await uploadPdf(user);
    await chooseAll(user);
    await user.clear(screen.getByLabelText('Quantity'));
    await user.type(screen.getByLabelText('Quantity'), '100');
    await user.click(screen.getByRole('button', { name: 'Calculate' }));
    expect(await screen.findByTestId('quote-total')).toHaveTextContent('$2,003.55');
    expect(seen.calculate).toEqual([
      {
        trim_size_id: 1,
        binding_id: 10,
        interior_color_id: 21,
        paper_type_id: 30,
        cover_finish_id: 41,
        page_count: 120,
        quantity: 100,
      },
    ]);
    // The quantity may change without losing the price; any other field clears it.
    await user.type(screen.getByLabelText('Quantity'), '0');
    expect(screen.getByTestId('quote-total')).toBeInTheDocument();
    await user.click(card('Cover Finish', 'Gloss'));
    expect(screen.queryByTestId('quote-total')).not.toBeInTheDocument();
  });

  it("says 'Failed to calculate price. Please try again.' when the server fails", async () => {
    const { user } = openDesign();
    server.use(
      http.post(catalogUrl('calculator', 'calculate'), () =>
        HttpResponse.json(errorBody('boom', 500), { status: 500 }),
      ),
    );
    renderRoute('/design-project');
    await uploadPdf(user);
    await chooseAll(user);
    await user.click(screen.getByRole('button', { name: 'Calculate' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.calculators.calculateFailed);
  });

  it('estimates shipping 500 ms after all four address fields are filled, for the chosen quantity', async () => {
    const user = userEvent.setup();
    signInForTest();
    startWith();
    catalogApi();
    const bodies: unknown[] = [];
    let services: ShippingRateResponse['available_services'] = [
      {
        service_code: 'fedex-ground',
        service_name: 'Ground',
        courier_name: 'FedEx',
        total_charge: '25.00',
        delivery_time: '3-5 days',
      },
    ];
    server.use(
      http.post(urlOf(checkoutRoutes.shippingRate), async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json<ShippingRateResponse>({
          shipping_rate: services[0]?.total_charge ?? '0.00',
          tax: '0.00',
          tax_rate: '0.00%',
          tax_reason: 'Individual account - no tax for out-of-state shipping',
          account_type: 'individual',
          courier_name: 'FedEx',
          service_code: 'fedex-ground',
          estimated_delivery: '3-5 days',
          available_services: services,
          weight_grams: 500,
        });
      }),
    );
    renderRoute('/design-project');
    await user.clear(await screen.findByLabelText('Quantity'));
    await user.type(screen.getByLabelText('Quantity'), '3');
    await user.type(screen.getByLabelText('Country'), 'US');
    await user.type(screen.getByLabelText('State'), 'CA');
    await user.type(screen.getByLabelText('City'), 'Fresno');
    expect(
      screen.getByText('Fill in all four fields to see shipping options for 3 copies.'),
    ).toBeInTheDocument();
    await user.type(screen.getByLabelText('Postal Code'), '93650');
    expect(bodies).toEqual([]);
    const table = await screen.findByRole('table', {
      name: 'Shipping options for 3 copies of a standard book',
    });
    expect(within(table).getByText('FedEx Ground')).toBeInTheDocument();
    expect(within(table).getByText('$25.00')).toBeInTheDocument();
    // One request for the settled address, not one per keystroke.
    expect(bodies).toEqual([
      { country: 'US', state: 'CA', city: 'Fresno', postal_code: '93650', quantity: 3 },
    ]);

    services = [];
    await user.type(screen.getByLabelText('Postal Code'), '1');
    expect(await screen.findByText(messages.checkout.noShippingOptions)).toBeInTheDocument();
    // A failure without the server's own words gets the spec's text.
    server.use(
      http.post(urlOf(checkoutRoutes.shippingRate), () => new HttpResponse('upstream', { status: 502 })),
    );
    await user.type(screen.getByLabelText('Postal Code'), '2');
    expect(await screen.findByText(messages.checkout.fetchShippingOptionsFailed)).toBeInTheDocument();
    await user.clear(screen.getByLabelText('City'));
    expect(screen.queryByText(messages.checkout.fetchShippingOptionsFailed)).not.toBeInTheDocument();
  });

  it('estimates shipping for the book as designed once its options and PDF are known: what checkout will weigh', async () => {
    const { user } = openDesign();
    const bodies: Record<string, unknown>[] = [];
    server.use(
      http.post(urlOf(checkoutRoutes.shippingRate), async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        bodies.push(body);
        const charge = body['book'] ? '16.70' : '18.40';
        return HttpResponse.json<ShippingRateResponse>({
          shipping_rate: charge,
          tax: '0.00',
          tax_rate: '0.00%',
          tax_reason: 'Texas individual sales tax',
          account_type: 'individual',
          courier_name: 'FedEx',
          service_code: 'FEDEX_GROUND',
          estimated_delivery: '3-5 days',
          available_services: [
            {
              service_code: 'FEDEX_GROUND',
              service_name: 'FedEx Ground',
              courier_name: 'FedEx',
              total_charge: charge,
              delivery_time: '3-5 days',
            },
          ],
          weight_grams: body['book'] ? 300 : 829,
        });
      }),
    );
    renderRoute('/design-project');
    await user.type(await screen.findByLabelText('Country'), 'US');
    await user.type(screen.getByLabelText('State'), 'TX');
    await user.type(screen.getByLabelText('City'), 'Austin');
    await user.type(screen.getByLabelText('Postal Code'), '78701');
    const standard = await screen.findByRole('table', {
      name: 'Shipping options for 1 copy of a standard book',
    });
    expect(within(standard).getByText('$18.40')).toBeInTheDocument();
    expect(screen.getByTestId('estimate-basis')).toHaveTextContent('For a standard book');

    await uploadPdf(user);
    await chooseAll(user);
    const own = await screen.findByRole('table', { name: 'Shipping options for 1 copy of your book' });
    expect(within(own).getByText('$16.70')).toBeInTheDocument();
    expect(screen.getByTestId('estimate-basis')).toHaveTextContent('the shop charges the same');
    expect(bodies.at(-1)).toEqual({
      country: 'US',
      state: 'TX',
      city: 'Austin',
      postal_code: '78701',
      quantity: 1,
      book: {
        category: 'Print Book',
        configuration: {
          trim_size_id: 1,
          binding_id: 10,
          interior_color_id: 21,
          paper_type_id: 30,
          cover_finish_id: 41,
        },
        page_count: 120,
      },
    });
  });

  it('checks a print submission in the spec order, with its texts', async () => {
    const { user } = openDesign({ projectTitle: 'My Novel', language: 'klingon', category: 'Print Book' });
    const submit = uploadBookHandler();
    server.use(submit.handler);
    renderRoute('/design-project');
    const print = await screen.findByRole('button', { name: 'Print Your Book' });
    await user.click(print);
    expect(screen.getByRole('alert')).toHaveTextContent(m.uploadPdf);
    await uploadPdf(user);
    await user.click(print);
    // Names every option still to choose (docs/decisions/0059), then only what is left.
    expect(screen.getByRole('alert')).toHaveTextContent(
      m.completeConfigurationNaming(['Trim Size', 'Binding', 'Interior Color', 'Paper Type', 'Cover Finish']),
    );
    await user.selectOptions(await screen.findByLabelText('Trim Size'), 'US Trade — 6 × 9 in');
    await waitFor(() => expect(card('Binding', 'Perfect Bound')).toBeEnabled());
    await user.click(card('Binding', 'Perfect Bound'));
    await user.click(card('Interior Color', 'Premium Color'));
    await user.click(print);
    expect(screen.getByRole('alert')).toHaveTextContent(
      m.completeConfigurationNaming(['Paper Type', 'Cover Finish']),
    );
    await chooseAll(user);
    await user.click(print);
    expect(screen.getByRole('alert')).toHaveTextContent(m.validCategoryLanguage);
    expect(submit.bodies).toEqual([]);
  });

  it("says 'You must be logged in to submit the project.' when the session ended on the page", async () => {
    const { user } = openDesign();
    renderRoute('/design-project');
    await uploadPdf(user);
    await chooseAll(user);
    act(() => sessionStore.clear());
    await user.click(screen.getByRole('button', { name: 'Print Your Book' }));
    expect(screen.getByRole('alert')).toHaveTextContent(m.mustBeLoggedIn);
    expect(screen.getByLabelText('Interior PDF')).toBeDisabled();
  });

  it('submits the project, adds it to the cart and goes to /shop', async () => {
    const user = userEvent.setup();
    signInForTest();
    startWith();
    catalogApi();
    uploadsApi((purpose) =>
      HttpResponse.json<UploadedFile>(
        purpose === 'cover'
          ? uploadedFixture({
              id: '6f1c1a52-3c1e-4d6f-9a53-0d3cb1d2a002',
              purpose: 'cover',
              file_name: 'cover.png',
              content_type: 'image/png',
              page_count: null,
            })
          : uploadedFixture(),
      ),
    );
    const submit = uploadBookHandler();
    server.use(submit.handler);
    const { router } = renderRoute('/design-project');
    await uploadPdf(user);
    await chooseAll(user);
    await user.clear(screen.getByLabelText('Quantity'));
    await user.type(screen.getByLabelText('Quantity'), '25');
    await user.upload(
      screen.getByLabelText('Cover design'),
      new File(['png'], 'cover.png', { type: 'image/png' }),
    );
    expect(await screen.findByText(/Uploaded cover\.png/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Contact Cover Design Expert' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Print Your Book' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/shop'));
    expect(await screen.findByText(m.submitted)).toBeInTheDocument();
    expect(submit.bodies).toEqual([
      {
        title: 'My Novel',
        category: 'Print Book',
        language: 'english',
        pdf_upload_id: uploadedFixture().id,
        cover_upload_id: '6f1c1a52-3c1e-4d6f-9a53-0d3cb1d2a002',
        page_count: 120,
        configuration: {
          trim_size_id: 1,
          binding_id: 10,
          interior_color_id: 21,
          paper_type_id: 30,
          cover_finish_id: 41,
        },
        quantity: 25,
      },
    ]);
    expect(readCart(7)).toEqual([{ id: 501, title: 'My Novel', category: 'Print Book' }]);
    // Kept as the edit of project 501, so that Back from the shop finds it.
    expect(JSON.parse(localStorage.getItem('projectData') ?? 'null')).toEqual({
      projectTitle: 'My Novel',
      language: 'english',
      category: 'Print Book',
      projectId: 501,
    });
  });

  it("shows the server's refusal, 'Submission failed: …' for a non-success answer, and the generic text otherwise", async () => {
    const { user } = openDesign();
    const answers = [
      () =>
        HttpResponse.json(
          errorBody('This upload was not found or has expired. Please upload the file again.', 400),
          { status: 400 },
        ),
      // A 2xx that is not a success breaks the route's contract: its body is not read (projectRoutes.uploadBook).
      () => HttpResponse.json({ status: 'error', message: 'Title already used' }),
      () => HttpResponse.error(),
    ];
    server.use(uploadBookHandler(() => (answers.shift() as () => Response)()).handler);
    renderRoute('/design-project');
    await uploadPdf(user);
    await chooseAll(user);
    const print = screen.getByRole('button', { name: 'Print Your Book' });
    await user.click(print);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This upload was not found or has expired. Please upload the file again.',
    );
    await user.click(print);
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(m.submissionFailed(m.unknownError)),
    );
    await user.click(print);
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(m.submitError));
    expect(readCart(7)).toEqual([]);
  });

  it('refuses a cover that is not JPG, PNG or PDF', async () => {
    const { user, purposes } = openDesign(undefined, { applyAccept: false });
    renderRoute('/design-project');
    await user.upload(
      await screen.findByLabelText('Cover design'),
      new File(['gif'], 'cover.gif', { type: 'image/gif' }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(m.coverType);
    expect(purposes).toEqual([]);
    // A refused cover is no cover: the expert is still there to make one.
    expect(screen.getByRole('button', { name: 'Contact Cover Design Expert' })).toBeEnabled();
  });

  it('keeps Contact Cover Design Expert for a cover the server refused, and disables it for an uploaded one', async () => {
    const { user } = openDesign();
    server.use(
      uploadsHandler(() => HttpResponse.json(errorBody(m.invalidPdf, 400), { status: 400 })).handler,
    );
    renderRoute('/design-project');
    const expert = await screen.findByRole('button', { name: 'Contact Cover Design Expert' });
    await user.upload(
      screen.getByLabelText('Cover design'),
      new File(['%PDF-broken'], 'cover.pdf', { type: 'application/pdf' }),
    );
    expect(await screen.findByText(m.invalidPdf)).toBeInTheDocument();
    expect(expert).toBeEnabled();
    uploadsApi();
    await user.upload(
      screen.getByLabelText('Cover design'),
      new File(['png'], 'cover.png', { type: 'image/png' }),
    );
    await waitFor(() => expect(expert).toBeDisabled());
  });

  it('saves the design form and goes to /cover-expert', async () => {
    const { user } = openDesign();
    const { router } = renderRoute('/design-project');
    await user.click(await screen.findByRole('button', { name: 'Contact Cover Design Expert' }));
    expect(screen.getByRole('alert')).toHaveTextContent(m.completeConfiguration);
    await uploadPdf(user);
    await chooseAll(user);
    await user.click(screen.getByRole('button', { name: 'Contact Cover Design Expert' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/cover-expert'));
    expect(JSON.parse(localStorage.getItem('designForm') ?? 'null')).toEqual({
      category: 'Print Book',
      ids: { trim_size_id: 1, binding_id: 10, interior_color_id: 21, paper_type_id: 30, cover_finish_id: 41 },
      page_count: 120,
      quantity: 1,
      pdf_upload: uploadedFixture(),
      cover_upload: null,
      user_id: 7,
    });
    expect(await screen.findByRole('heading', { name: 'Cover Design Expert' })).toBeInTheDocument();
  });

  it('edits a project: prefilled from the server, keeping its PDF and cover unless new ones are chosen', async () => {
    const existing: Project = projectFixture({
      id: 5,
      title: 'Old Title',
      quantity: 40,
      cover_upload_id: coverFixture.id,
    });
    const projectPdf = uploadedFixture({ id: existing.pdf_upload_id, file_name: 'old.pdf', page_count: 96 });
    const { user } = openDesign({
      projectTitle: 'New Title',
      language: 'english',
      category: 'Print Book',
      projectId: 5,
    });
    server.use(projectHandler(existing));
    uploadFactsApi([projectPdf, coverFixture]);
    const submit = uploadBookHandler();
    server.use(submit.handler);
    renderRoute('/design-project');
    expect(await screen.findByText(/You are editing this project/)).toBeInTheDocument();
    await waitFor(() => expect(card('Binding', 'Perfect Bound')).toBeChecked());
    expect(screen.getByLabelText('Trim Size')).toHaveValue('1');
    expect(card('Cover Finish', 'Gloss')).toBeChecked();
    expect(screen.getByLabelText('Quantity')).toHaveValue(40);
    // The project's own files, as the server describes them: no new upload needed.
    expect(screen.getByText(/Uploaded old\.pdf · 96 pages/)).toBeInTheDocument();
    expect(screen.getByText(/Uploaded cover\.png/)).toBeInTheDocument();
    expect(screen.getByLabelText('Page Count')).toHaveValue('96');
    await user.click(screen.getByRole('button', { name: 'Print Your Book' }));
    await waitFor(() => expect(submit.bodies).toHaveLength(1));
    expect(submit.bodies[0]).toMatchObject({
      project_id: 5,
      title: 'New Title',
      quantity: 40,
      pdf_upload_id: existing.pdf_upload_id,
      cover_upload_id: coverFixture.id,
      page_count: 96,
    });
  });

  it('edits a project with a new PDF when one is chosen, and drops the cover when it is removed', async () => {
    const existing: Project = projectFixture({ id: 6, cover_upload_id: coverFixture.id });
    const { user } = openDesign({ projectTitle: 'Book', category: 'Print Book', projectId: 6 });
    server.use(projectHandler(existing));
    uploadFactsApi([uploadedFixture({ id: existing.pdf_upload_id, file_name: 'old.pdf' }), coverFixture]);
    const submit = uploadBookHandler();
    server.use(submit.handler);
    renderRoute('/design-project');
    expect(await screen.findByText(/Uploaded old\.pdf/)).toBeInTheDocument();
    await uploadPdf(user);
    await user.click(screen.getByRole('button', { name: 'Remove' }));
    await user.click(screen.getByRole('button', { name: 'Print Your Book' }));
    await waitFor(() => expect(submit.bodies).toHaveLength(1));
    expect(submit.bodies[0]).toMatchObject({
      project_id: 6,
      pdf_upload_id: uploadedFixture().id,
      cover_upload_id: null,
    });
  });

  it('designs an e Book from its PDF and cover at the catalog’s flat fee, then puts it in the cart (ADR 0034)', async () => {
    const user = userEvent.setup();
    signInForTest();
    startWith({ projectTitle: 'Digital', language: 'arabic', category: 'e Book' });
    const purposes = uploadsApi();
    const submit = uploadBookHandler((body) =>
      HttpResponse.json({
        status: 'success',
        message: 'ok',
        project: projectFixture({
          id: 9,
          title: body.title,
          category: 'e Book',
          configuration: null,
          price: { ...defined(projectFixture().price), cost_per_book: '12.50', total_cost: '12.50' },
        }),
      }),
    );
    server.use(
      submit.handler,
      myBooksHandler([]),
      http.get(catalogUrl('ebook', 'options'), () =>
        HttpResponse.json({
          flat_fees: [{ id: 77, code: 'e-book-files', name: 'E-Book Files', price: '12.5000' }],
        }),
      ),
    );
    const { router } = renderRoute('/design-project');
    // The fee staff set, and nothing printed: no options, no quantity, no shipping estimate.
    expect(await screen.findByTestId('ebook-fee')).toHaveTextContent('$12.50');
    expect(screen.getByText(/there is nothing to print or ship/)).toBeInTheDocument();
    for (const label of ['Trim Size', 'Binding', 'Quantity', 'Page Count'])
      expect(screen.queryByLabelText(label)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Print Your Book' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Contact Cover Design Expert' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Buy E-Book' }));
    expect(screen.getByRole('alert')).toHaveTextContent(m.uploadPdf);
    await uploadPdf(user);
    await user.click(screen.getByRole('button', { name: 'Buy E-Book' }));
    // The cover is the e-book's face: required.
    expect(screen.getByRole('alert')).toHaveTextContent('An e-book needs its cover: upload a cover image.');
    await user.upload(
      screen.getByLabelText('Cover image'),
      new File(['png'], 'front.png', { type: 'image/png' }),
    );
    await waitFor(() => expect(purposes).toEqual(['interior', 'cover']));
    await user.click(screen.getByRole('button', { name: 'Buy E-Book' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/shop'));
    expect(submit.bodies[0]).toMatchObject({
      category: 'e Book',
      language: 'arabic',
      configuration: null,
      quantity: 1,
      cover_upload_id: expect.any(String) as string,
    });
    expect(readCart(7)).toEqual([{ id: 9, title: 'Digital', category: 'e Book' }]);
  });
});

describe('/design-project keeps its state (docs/decisions/0038)', () => {
  async function designBook(user: ReturnType<typeof userEvent.setup>) {
    await uploadPdf(user);
    await chooseAll(user);
    await user.clear(screen.getByLabelText('Quantity'));
    await user.type(screen.getByLabelText('Quantity'), '25');
    await user.upload(
      screen.getByLabelText('Cover design'),
      new File(['png'], 'cover.png', { type: 'image/png' }),
    );
    expect(await screen.findByText(/Uploaded cover\.png/)).toBeInTheDocument();
  }

  function expectFilled() {
    expect(screen.getByLabelText('Trim Size')).toHaveValue('1');
    expect(card('Binding', 'Perfect Bound')).toBeChecked();
    expect(card('Interior Color', 'Premium Color')).toBeChecked();
    expect(card('Paper Type', '60# Cream-Uncoated')).toBeChecked();
    expect(card('Cover Finish', 'Matte')).toBeChecked();
    expect(screen.getByLabelText('Quantity')).toHaveValue(25);
  }

  it('a reload keeps the options, the quantity and the uploaded files, asking the server for the files again', async () => {
    const { user } = openDesign();
    uploadsApi((purpose) =>
      HttpResponse.json<UploadedFile>(purpose === 'cover' ? coverFixture : uploadedFixture(), {
        status: 201,
      }),
    );
    const first = renderRoute('/design-project');
    await designBook(user);
    first.unmount();

    // The server describes the file now: its name and page count are what the page shows.
    const asked = uploadFactsApi([
      uploadedFixture({ file_name: 'My Novel (final).pdf', page_count: 124 }),
      coverFixture,
    ]);
    renderRoute('/design-project');
    expect(await screen.findByText(/Uploaded My Novel \(final\)\.pdf · 124 pages/)).toBeInTheDocument();
    expect(screen.getByText(/Uploaded cover\.png/)).toBeInTheDocument();
    expect(asked.sort()).toEqual([coverFixture.id, uploadedFixture().id].sort());
    await waitFor(() => expect(card('Binding', 'Perfect Bound')).toBeChecked());
    expectFilled();
    expect(screen.getByLabelText('Page Count')).toHaveValue('124');
  });

  it('says so when the server no longer has a saved file, and keeps the rest of the form', async () => {
    const { user } = openDesign();
    const first = renderRoute('/design-project');
    await uploadPdf(user);
    await chooseAll(user);
    first.unmount();
    uploadFactsApi([]);
    renderRoute('/design-project');
    expect(await screen.findByText(/Your uploaded PDF is no longer available/)).toBeInTheDocument();
    expect(screen.queryByText(/Uploaded book\.pdf/)).not.toBeInTheDocument();
    expect(screen.getByLabelText('Page Count')).toHaveValue('');
    expect(await screen.findByLabelText('Trim Size')).toHaveValue('1');
  });

  it("never fills the page with another account's draft", async () => {
    const { user } = openDesign();
    const first = renderRoute('/design-project');
    await uploadPdf(user);
    await chooseAll(user);
    first.unmount();
    signInForTest({ id: 8, name: 'Bo', email: 'bo@example.test' });
    const asked = uploadFactsApi([uploadedFixture()]);
    renderRoute('/design-project');
    expect(await screen.findByLabelText('Trim Size')).toHaveValue('');
    expect(screen.queryByText(/Uploaded book\.pdf/)).not.toBeInTheDocument();
    expect(asked).toEqual([]);
  });

  it('Back from the shop returns to the page filled, as the edit of the project just made', async () => {
    const { user } = openDesign();
    uploadsApi((purpose) =>
      HttpResponse.json<UploadedFile>(purpose === 'cover' ? coverFixture : uploadedFixture(), {
        status: 201,
      }),
    );
    const created = projectFixture({
      id: 501,
      title: 'My Novel',
      quantity: 25,
      configuration: {
        trim_size_id: 1,
        binding_id: 10,
        interior_color_id: 21,
        paper_type_id: 30,
        cover_finish_id: 41,
      },
      pdf_upload_id: uploadedFixture().id,
      cover_upload_id: coverFixture.id,
    });
    const submit = uploadBookHandler();
    server.use(
      submit.handler,
      projectHandler(created),
      http.get(urlOf(projectRoutes.myBooks), () => HttpResponse.json({ data: [created] })),
    );
    uploadFactsApi([uploadedFixture(), coverFixture]);
    const { router } = renderRoute('/design-project');
    await designBook(user);
    await user.click(screen.getByRole('button', { name: 'Print Your Book' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/shop'));

    await act(() => router.navigate(-1));
    expect(router.state.location.pathname).toBe('/design-project');
    expect(await screen.findByText(/You are editing this project/)).toBeInTheDocument();
    expect(await screen.findByText(/Uploaded book\.pdf · 120 pages/)).toBeInTheDocument();
    expect(screen.getByText(/Uploaded cover\.png/)).toBeInTheDocument();
    await waitFor(() => expect(card('Binding', 'Perfect Bound')).toBeChecked());
    expectFilled();
    // Printing again changes that project: never a second copy of the book.
    await user.click(screen.getByRole('button', { name: 'Print Your Book' }));
    await waitFor(() => expect(submit.bodies).toHaveLength(2));
    expect(submit.bodies[1]).toMatchObject({
      project_id: 501,
      pdf_upload_id: uploadedFixture().id,
      quantity: 25,
    });
    expect(readCart(7)).toEqual([{ id: 501, title: 'My Novel', category: 'Print Book' }]);
  });
});
