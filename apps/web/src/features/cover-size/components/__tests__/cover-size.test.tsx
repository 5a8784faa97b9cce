import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { urlOf } from '@bindery/contracts/route';
import { coverRoutes } from '@bindery/contracts/store/cover';
import { PRODUCTS } from '@bindery/pricing/products';
import { coverDimensionsFixture } from '#testing/cover-fixtures.ts';
import { server } from '#testing/msw-server.ts';
import { bindingItem, catalogUrl, dropdownsFor, item, trimItem } from '#testing/catalog-fixtures.ts';
import { renderRoute } from '#testing/render-route.tsx';
import { signInForTest } from '#testing/session.ts';

const lists = {
  trim_size: [
    { ...trimItem(1, 'US Trade'), dimensions: '6 x 9 in' },
    { ...trimItem(2, 'A4'), dimensions: '210 x 297 mm' },
  ],
  binding: [
    bindingItem(10, 'Perfect Bound', 1),
    bindingItem(11, 'Case Wrap', 1),
    bindingItem(12, 'Coil Bound', 2),
  ],
  interior_color: [item(20, 'Standard Black & White')],
  paper_type: [item(30, '60# Cream-Uncoated'), item(31, '60# White-Uncoated')],
  cover_finish: [item(40, 'Gloss')],
};

const usTrade300 = () => coverDimensionsFixture(300);

function coverApi(answer: () => Response = () => HttpResponse.json(usTrade300())) {
  const asked: string[] = [];
  server.use(
    http.get(catalogUrl('calculator', 'options'), () =>
      HttpResponse.json(dropdownsFor(PRODUCTS.calculator, lists)),
    ),
    http.get(urlOf(coverRoutes.dimensions), ({ request }) => {
      asked.push(new URL(request.url).search);
      return answer();
    }),
  );
  return asked;
}

describe('cover size calculator', () => {
  it('asks the server for the chosen book and shows its figures, the diagram and the template link', async () => {
    const user = userEvent.setup();
    const asked = coverApi();
    renderRoute('/cover-size');
    expect(screen.getByRole('heading', { level: 1, name: 'Cover size calculator' })).toBeInTheDocument();
    const trim = await screen.findByRole('option', { name: 'US Trade — 6 × 9 in' });
    // Products are named for people, not by the spec's category values.
    expect(
      within(screen.getByLabelText('Product'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Print Book', 'Photo Book', 'Magazine', 'Yearbook', 'Comic Book']);
    await user.selectOptions(screen.getByLabelText('Trim Size'), trim);
    // Only the bindings of the chosen trim size are offered.
    expect(within(screen.getByLabelText('Binding')).queryByRole('option', { name: 'Coil Bound' })).toBeNull();
    await user.selectOptions(screen.getByLabelText('Binding'), 'Perfect Bound');
    await user.selectOptions(screen.getByLabelText('Paper Type'), '60# White-Uncoated');
    await user.type(screen.getByLabelText('Page Count'), '300');
    await user.click(screen.getByRole('button', { name: 'Show cover size' }));

    const result = await screen.findByRole('region', { name: 'Your cover' });
    expect(asked).toEqual([
      '?category=calculator&trim_size_id=1&binding_id=10&paper_type_id=31&page_count=300',
    ]);
    expect(within(result).getByText('Spine width: 0.736 in (18.686 mm)')).toBeInTheDocument();
    expect(within(result).getByText(/^US Trade — 6 × 9 in, Perfect Bound, 300 pages/)).toBeInTheDocument();
    const full = within(result).getByRole('row', { name: /Full cover/ });
    expect(
      within(full)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['12.986 × 9.25', '329.836 × 234.95', '934.97 × 666']);
    expect(within(result).getByText('Spine text is allowed (80 pages or more).')).toBeInTheDocument();
    const diagram = within(result).getByRole('img', { name: /Cover diagram/ });
    expect(diagram).toHaveAttribute('viewBox', '0 0 12.986 9.25');
    expect(within(result).getByRole('link', { name: 'Download the cover template (PDF)' })).toHaveAttribute(
      'href',
      '/api/cover-template/?category=calculator&trim_size_id=1&binding_id=10&paper_type_id=31&page_count=300',
    );
    expect(within(result).getByRole('link', { name: 'Download PNG' })).toHaveAttribute(
      'href',
      '/api/cover-template/png/?category=calculator&trim_size_id=1&binding_id=10&paper_type_id=31&page_count=300',
    );
  });

  it('opens with the book its address names (the design page’s link) and shows the server’s refusal', async () => {
    coverApi(() =>
      HttpResponse.json(
        {
          error: 'Saddle Stitch is available for 4 to 48 pages on US Trade, not 300.',
          code: 'INVALID_CONFIGURATION',
          statusCode: 400,
        },
        { status: 400 },
      ),
    );
    renderRoute(
      '/cover-size?category=calculator&trim_size_id=1&binding_id=10&paper_type_id=31&page_count=300',
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Saddle Stitch is available for 4 to 48 pages on US Trade, not 300.',
    );
    await waitFor(() => expect(screen.getByLabelText('Trim Size')).toHaveValue('1'));
    expect(screen.getByLabelText('Page Count')).toHaveValue('300');
  });

  it('says what is missing and asks nothing of the server until the book is complete', async () => {
    const user = userEvent.setup();
    const asked = coverApi();
    renderRoute('/cover-size');
    await screen.findByRole('option', { name: 'US Trade — 6 × 9 in' });
    await user.type(screen.getByLabelText('Page Count'), '900');
    await user.click(screen.getByRole('button', { name: 'Show cover size' }));
    expect(await screen.findByText('Choose a trim size.')).toBeInTheDocument();
    expect(screen.getByText('Choose a binding.')).toBeInTheDocument();
    expect(screen.getByText('Choose a paper type.')).toBeInTheDocument();
    expect(screen.getByText('Page count must be between 2 and 800.')).toBeInTheDocument();
    expect(asked).toEqual([]);
  });

  it('is linked from the product pages', async () => {
    coverApi();
    renderRoute('/products/print-book');
    expect(await screen.findByRole('link', { name: 'Cover size calculator' })).toHaveAttribute(
      'href',
      '/cover-size?category=calculator',
    );
  });

  it('is linked from the design page with the book chosen so far', async () => {
    const user = userEvent.setup();
    coverApi();
    signInForTest();
    localStorage.setItem(
      'projectData',
      JSON.stringify({ projectTitle: 'My Novel', language: 'english', category: 'Print Book' }),
    );
    renderRoute('/design-project');
    const link = await screen.findByRole('link', {
      name: 'Cover size calculator and template for this book',
    });
    expect(link).toHaveAttribute('href', '/cover-size?category=calculator');
    await user.selectOptions(await screen.findByLabelText('Trim Size'), 'US Trade — 6 × 9 in');
    await waitFor(() =>
      expect(link).toHaveAttribute('href', '/cover-size?category=calculator&trim_size_id=1'),
    );
  });
});
