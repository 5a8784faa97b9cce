import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { messages } from '@bindery/contracts/messages';
import { renderAdminRoute } from '#testing/render-route.tsx';
import { signInForTest } from '#testing/session.ts';
import { server } from '#testing/msw-server.ts';
import { listsHandler } from './price-fixtures';
import { PRODUCTS } from '@bindery/pricing/products';
import { defined } from '@bindery/ui/testing';

const titles = () =>
  within(screen.getByRole('table'))
    .getAllByRole('row')
    .slice(1)
    .map((r) => defined(within(r).getAllByRole('cell')[0]).textContent);

describe('Manage Books', () => {
  beforeEach(() => void signInForTest());

  it('lists the seven printed categories and the e-book (ADR 0034), each with Edit to its editor path', async () => {
    renderAdminRoute('/manage-books');
    expect(await screen.findByRole('heading', { name: 'Manage Books' })).toBeInTheDocument();
    expect(titles()).toEqual([
      'Print Book',
      'Photo Book',
      'Magazine',
      'Yearbook',
      'Calendar',
      'Comic Book',
      'Thesis Binding',
      'E-book',
    ]);
    const edits = screen.getAllByRole('link', { name: /^Edit / });
    expect(edits.map((a) => [a.getAttribute('aria-label'), a.getAttribute('href')])).toEqual([
      ['Edit Print Book', '/admin/books/printbook/edit'],
      ['Edit Photo Book', '/admin/books/photo/edit'],
      ['Edit Magazine', '/admin/books/magazinebook/edit'],
      ['Edit Yearbook', '/admin/books/yearbook/edit'],
      ['Edit Calendar', '/admin/books/calendar/edit'],
      ['Edit Comic Book', '/admin/books/comic/edit'],
      ['Edit Thesis Binding', '/admin/books/thesis/edit'],
      ['Edit E-book', '/admin/books/ebook/edit'],
    ]);
    expect(screen.getByRole('link', { name: 'Manage Books' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Manage Orders' })).not.toHaveAttribute('aria-current');
  });

  it("searches by title or category, case-insensitively, says 'No books found.', and clears", async () => {
    renderAdminRoute('/manage-books');
    const user = userEvent.setup();
    const search = await screen.findByPlaceholderText(messages.admin.searchBooks);
    await user.type(search, 'BOOK');
    expect(titles()).toEqual(['Print Book', 'Photo Book', 'Yearbook', 'Comic Book', 'E-book']);
    await user.clear(search);
    // "Calender" is the category's value (as projects spell it); people read "Calendar" (ADR 0058).
    await user.type(search, 'calender');
    expect(titles()).toEqual(['Calendar']);
    await user.clear(search);
    await user.type(search, 'cookbook');
    expect(screen.getByText(messages.admin.noBooks)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear search books' }));
    expect(search).toHaveValue('');
    expect(titles()).toHaveLength(8);
  });

  it('Edit opens that book’s price editor', async () => {
    server.use(listsHandler(PRODUCTS.yearbook, [{}]));
    renderAdminRoute('/manage-books');
    await userEvent.setup().click(await screen.findByRole('link', { name: 'Edit Yearbook' }));
    expect(await screen.findByRole('heading', { name: 'YearBook Settings', level: 1 })).toBeInTheDocument();
    expect(await screen.findAllByRole('region')).toHaveLength(4);
  });
});
