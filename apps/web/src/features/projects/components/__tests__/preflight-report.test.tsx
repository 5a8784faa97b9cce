/**
 * The design page's print check (docs/decisions/0060): the server's page facts of the uploaded interior against the
 * trim chosen in the form. A wrong size is an error that names the trim the file fits and stops 'Print Your Book';
 * choosing that trim clears it and the book goes on; a rotated page is a warning that does not stop it.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { preflightReport, type PdfFacts } from '@bindery/contracts/store/preflight';
import { TRIM_SIZES } from '@bindery/pricing/trim-sizes';
import type { UploadedFile } from '@bindery/contracts/store/projects';
import { PRODUCTS } from '@bindery/pricing/products';
import {
  availableOptionsFor,
  bindingItem,
  catalogUrl,
  dropdownsFor,
  item,
  quote100,
} from '#testing/catalog-fixtures.ts';
import { server } from '#testing/msw-server.ts';
import { uploadBookHandler, uploadedFixture, uploadsHandler } from '#testing/project-fixtures.ts';
import { renderRoute } from '#testing/render-route.tsx';
import { signInForTest } from '#testing/session.ts';
import { defined } from '@bindery/ui/testing';

const trim = (id: number, code: string, name: string, widthMm: number, heightMm: number) => ({
  ...item(id, name),
  code,
  dimensions: `${widthMm} x ${heightMm} mm`,
  width_mm: widthMm,
  height_mm: heightMm,
});

const book = {
  trim_size: [trim(1, 'us-trade', 'US Trade', 152.4, 228.6), trim(2, 'a4', 'A4', 210, 297)],
  binding: [bindingItem(10, 'Perfect Bound', 1), bindingItem(12, 'Perfect Bound', 2)],
  interior_color: [item(20, 'Standard Black & White')],
  paper_type: [item(30, '60# Cream-Uncoated')],
  cover_finish: [item(40, 'Matte')],
};

function catalogApi() {
  const product = PRODUCTS.calculator;
  server.use(
    http.get(catalogUrl('calculator', 'options'), () => HttpResponse.json(dropdownsFor(product, book))),
    http.get(catalogUrl('calculator', 'availableOptions'), ({ request }) => {
      const trimId = Number(new URL(request.url).searchParams.get('trim_size_id'));
      const lists = { ...book, binding: book.binding.filter((b) => b.trim_size_id === trimId) };
      return HttpResponse.json(availableOptionsFor(product, lists, new Set()));
    }),
    http.post(catalogUrl('calculator', 'calculate'), () => HttpResponse.json(quote100)),
  );
}

/** A 40-page 6 × 9 in file, as the server reads it (page 2 turned by 90° when `rotated`). */
const facts = (rotated = false): PdfFacts => ({
  page_sizes: [{ width_pt: 432, height_pt: 648, pages: [[1, 40]] }],
  rotated: rotated ? [{ degrees: 90, pages: [[2, 2]] }] : [],
});

function openDesign(pdfFacts: PdfFacts) {
  const user = userEvent.setup();
  signInForTest();
  localStorage.setItem(
    'projectData',
    JSON.stringify({ projectTitle: 'My Novel', language: 'english', category: 'Print Book' }),
  );
  catalogApi();
  server.use(
    uploadsHandler(() =>
      HttpResponse.json<UploadedFile>(uploadedFixture({ page_count: 40, pdf_facts: pdfFacts }), {
        status: 201,
      }),
    ).handler,
  );
  const submit = uploadBookHandler();
  server.use(submit.handler);
  renderRoute('/design-project');
  return { user, submit };
}

const card = (group: string, name: string) =>
  within(screen.getByRole('group', { name: group })).getByRole('radio', { name });

const TRIM_IDS: Record<'US Trade' | 'A4', string> = { 'US Trade': '1', A4: '2' };

async function uploadAndChoose(user: ReturnType<typeof userEvent.setup>, trimName: keyof typeof TRIM_IDS) {
  await user.upload(
    await screen.findByLabelText('Interior PDF'),
    new File(['%PDF-1.7 test'], 'book.pdf', { type: 'application/pdf' }),
  );
  expect(await screen.findByText(/Uploaded book\.pdf/)).toBeInTheDocument();
  // By the option's id: the options read 'US Trade — 6 × 9 in' (names with dimensions, ADR 0058).
  await user.selectOptions(await screen.findByLabelText('Trim Size'), TRIM_IDS[trimName]);
  await waitFor(() => expect(card('Binding', 'Perfect Bound')).toBeEnabled());
  await user.click(card('Binding', 'Perfect Bound'));
  await user.click(card('Interior Color', 'Standard Black & White'));
  await user.click(card('Paper Type', '60# Cream-Uncoated'));
  await user.click(card('Cover Finish', 'Matte'));
}

const check = (title: string) =>
  defined(
    within(screen.getByRole('region', { name: 'Print check' }))
      .getAllByRole('listitem')
      .find((li) => li.textContent.includes(title)),
    title,
  );

describe('the design page’s print check', () => {
  it('a 6 × 9 in file for an A4 book: an error naming US Trade stops Print Your Book until the trim fits', async () => {
    const { user, submit } = openDesign(facts());
    await uploadAndChoose(user, 'A4');

    const pageSize = check('Page size');
    expect(pageSize).toHaveTextContent('Error');
    expect(pageSize).toHaveTextContent('pages 1–40');
    expect(pageSize).toHaveTextContent(
      'This file is 6 × 9 in (152.4 × 228.6 mm): choose US Trade, or upload a file of A4 size',
    );
    const print = screen.getByRole('button', { name: 'Print Your Book' });
    expect(print).toBeDisabled();
    expect(submit.bodies).toEqual([]);

    // The trim the check named: the error is gone and the book goes on.
    await user.selectOptions(screen.getByLabelText('Trim Size'), TRIM_IDS['US Trade']);
    await waitFor(() => expect(card('Binding', 'Perfect Bound')).toBeEnabled());
    await user.click(card('Binding', 'Perfect Bound'));
    expect(check('Page size')).toHaveTextContent('OK');
    expect(check('Page size')).toHaveTextContent('Every page is US Trade.');
    expect(print).toBeEnabled();
    await user.click(print);
    await waitFor(() => expect(submit.bodies).toHaveLength(1));
    expect(submit.bodies[0]?.configuration).toMatchObject({ trim_size_id: 1, binding_id: 10 });
  });

  it('a rotated page is a warning with its page: the book is printed once the warnings are reviewed (ADR 0070)', async () => {
    const { user, submit } = openDesign(facts(true));
    await uploadAndChoose(user, 'US Trade');
    expect(check('Rotated pages')).toHaveTextContent('Warning');
    expect(check('Rotated pages')).toHaveTextContent('(page 2)');
    expect(
      screen.getByText(
        'This file can be printed; please read the warnings below and confirm you have reviewed them.',
      ),
    ).toBeInTheDocument();
    const print = screen.getByRole('button', { name: 'Print Your Book' });
    await user.click(print);
    expect(await screen.findByText(/tick “I have reviewed these warnings” first/)).toBeInTheDocument();
    expect(submit.bodies).toEqual([]);

    await user.click(screen.getByRole('checkbox', { name: 'I have reviewed these warnings' }));
    await user.click(print);
    await waitFor(() => expect(submit.bodies).toHaveLength(1));
    // The key of the report the server computes again from its own facts.
    const key = preflightReport(facts(true), TRIM_SIZES['us-trade'], []).warnings_key;
    expect(key).toMatch(/^[0-9a-f]{14}$/);
    expect(submit.bodies[0]?.preflight_acknowledged).toBe(key);
  });

  it('colour in a black-and-white book and a run of blank pages are warnings naming their pages', async () => {
    const { user } = openDesign({
      ...facts(),
      colour: {
        colour_pages: [],
        colour_image_pages: [[7, 7]],
        spot_colours: [],
        device_colour_pages: [[7, 7]],
      },
      text_insets: [[3, 72, 72, 72, 8]],
      blank_pages: [[20, 24]],
    });
    await uploadAndChoose(user, 'US Trade');
    expect(check('Colour')).toHaveTextContent('(page 7)');
    expect(check('Colour')).toHaveTextContent('This black-and-white book has colour images on page 7');
    expect(check('Text inside the safe area')).toHaveTextContent('within 0.25 in of the trim edge on page 3');
    expect(check('Blank pages')).toHaveTextContent('(pages 20–24)');
  });

  it('a font the file does not carry is an error naming it and its pages', async () => {
    const { user } = openDesign({
      ...facts(),
      fonts: [{ name: 'Helvetica', subtype: 'Type1', embedded: false, standard: true, pages: [[3, 5]] }],
    });
    await uploadAndChoose(user, 'US Trade');
    expect(check('Fonts embedded')).toHaveTextContent('Error');
    expect(check('Fonts embedded')).toHaveTextContent('(pages 3–5)');
    expect(check('Fonts embedded')).toHaveTextContent('This font is not embedded: Helvetica');
    expect(screen.getByRole('button', { name: 'Print Your Book' })).toBeDisabled();
  });
});
