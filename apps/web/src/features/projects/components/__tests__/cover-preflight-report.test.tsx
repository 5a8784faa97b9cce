/**
 * The design page's cover check (docs/decisions/0069): the server's facts of the uploaded cover against the full
 * cover of the book chosen in the form (GET api/cover-dimensions/). A cover made for 100 pages on a 300-page book is
 * an error naming the spine it was made for and the one it needs, and stops 'Print Your Book'; the template
 * downloads (PDF and PNG) are offered for the book as chosen.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { urlOf } from '@bindery/contracts/route';
import { coverRoutes } from '@bindery/contracts/store/cover';
import type { UploadedFile } from '@bindery/contracts/store/projects';
import { PRODUCTS } from '@bindery/pricing/products';
import {
  availableOptionsFor,
  bindingItem,
  catalogUrl,
  dropdownsFor,
  item,
  quote100,
  trimItem,
} from '#testing/catalog-fixtures.ts';
import { coverDimensionsFixture } from '#testing/cover-fixtures.ts';
import { server } from '#testing/msw-server.ts';
import { uploadBookHandler, uploadedFixture, uploadsHandler } from '#testing/project-fixtures.ts';
import { renderRoute } from '#testing/render-route.tsx';
import { signInForTest } from '#testing/session.ts';

const book = {
  trim_size: [{ ...trimItem(1, 'US Trade'), dimensions: '6 x 9 in' }],
  binding: [bindingItem(10, 'Perfect Bound', 1)],
  interior_color: [item(20, 'Standard Black & White')],
  paper_type: [item(31, '60# White-Uncoated')],
  cover_finish: [item(40, 'Matte')],
};

/** The design page with a 300-page interior and a cover PDF of `coverWidthPt` × 666 pt. */
function openDesign(coverWidthPt: number) {
  const user = userEvent.setup();
  signInForTest();
  localStorage.setItem(
    'projectData',
    JSON.stringify({ projectTitle: 'My Novel', language: 'english', category: 'Print Book' }),
  );
  const product = PRODUCTS.calculator;
  server.use(
    http.get(catalogUrl('calculator', 'options'), () => HttpResponse.json(dropdownsFor(product, book))),
    http.get(catalogUrl('calculator', 'availableOptions'), () =>
      HttpResponse.json(availableOptionsFor(product, book, new Set())),
    ),
    http.post(catalogUrl('calculator', 'calculate'), () => HttpResponse.json(quote100)),
    http.get(urlOf(coverRoutes.dimensions), ({ request }) =>
      HttpResponse.json(coverDimensionsFixture(Number(new URL(request.url).searchParams.get('page_count')))),
    ),
    uploadsHandler((purpose) =>
      HttpResponse.json<UploadedFile>(
        purpose === 'cover'
          ? uploadedFixture({
              id: '00000000-0000-4000-8000-0000000000c0',
              purpose: 'cover',
              file_name: 'cover.pdf',
              page_count: 1,
              pdf_facts: {
                page_sizes: [{ width_pt: coverWidthPt, height_pt: 666, pages: [[1, 1]] }],
                rotated: [],
              },
            })
          : uploadedFixture({
              page_count: 300,
              pdf_facts: { page_sizes: [{ width_pt: 432, height_pt: 648, pages: [[1, 300]] }], rotated: [] },
            }),
        { status: 201 },
      ),
    ).handler,
  );
  const submit = uploadBookHandler();
  server.use(submit.handler);
  renderRoute('/design-project');
  return { user, submit };
}

const card = (group: string, name: string) =>
  within(screen.getByRole('group', { name: group })).getByRole('radio', { name });

async function uploadBoth(user: ReturnType<typeof userEvent.setup>) {
  await user.upload(
    await screen.findByLabelText('Interior PDF'),
    new File(['%PDF-1.7 test'], 'book.pdf', { type: 'application/pdf' }),
  );
  expect(await screen.findByText(/Uploaded book\.pdf/)).toBeInTheDocument();
  await user.selectOptions(await screen.findByLabelText('Trim Size'), '1');
  await waitFor(() => expect(card('Binding', 'Perfect Bound')).toBeEnabled());
  await user.click(card('Binding', 'Perfect Bound'));
  await user.click(card('Interior Color', 'Standard Black & White'));
  await user.click(card('Paper Type', '60# White-Uncoated'));
  await user.click(card('Cover Finish', 'Matte'));
  await user.upload(
    screen.getByLabelText('Cover design'),
    new File(['%PDF-1.7 cover'], 'cover.pdf', { type: 'application/pdf' }),
  );
  expect(await screen.findByText(/Uploaded cover\.pdf/)).toBeInTheDocument();
}

const coverCheck = () => screen.getByRole('region', { name: 'Cover check' });

describe('the design page’s cover check', () => {
  it('a cover made for 100 pages on a 300-page book: an error naming both spines stops Print Your Book', async () => {
    // 902.53 pt: the full cover of a 100-page book (spine 0.285 in).
    const { user, submit } = openDesign(902.53);
    await uploadBoth(user);
    const size = await within(await screen.findByRole('region', { name: 'Cover check' })).findByText(
      /This cover was made for a 0\.29 in spine; a 300-page book needs 0\.74 in\./,
    );
    expect(size.closest('li')).toHaveTextContent('Error');
    expect(within(coverCheck()).getByRole('link', { name: 'Download PNG' })).toHaveAttribute(
      'href',
      '/api/cover-template/png/?category=calculator&trim_size_id=1&binding_id=10&paper_type_id=31&page_count=300',
    );
    expect(screen.getByRole('button', { name: 'Print Your Book' })).toBeDisabled();
    expect(submit.bodies).toEqual([]);
  });

  it('a cover of the full size for 300 pages passes, and the book may be printed', async () => {
    const { user, submit } = openDesign(934.97);
    await uploadBoth(user);
    expect(await within(coverCheck()).findByText('This cover passed the print checks.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Print Your Book' }));
    await waitFor(() => expect(submit.bodies).toHaveLength(1));
  });
});
