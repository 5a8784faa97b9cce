import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import {
  firstPageFailed,
  ListCount,
  ListFailed,
  ListLoading,
  LoadMore,
  type PagedList,
} from './list-state.js';

const list = (over: Partial<PagedList> = {}): PagedList => ({
  hasNextPage: true,
  isFetchingNextPage: false,
  isFetchNextPageError: false,
  fetchNextPage: vi.fn(() => Promise.resolve()),
  ...over,
});

describe('list states', () => {
  it('announces the first load, with or without the spinner', () => {
    const { rerender } = render(<ListLoading>Loading users...</ListLoading>);
    expect(screen.getByRole('status').textContent).toBe('Loading users...');
    rerender(<ListLoading spinner>Loading orders...</ListLoading>);
    expect(screen.getByRole('status').textContent).toBe(' Loading orders...');
    expect(screen.getByRole('status').querySelector('.b-spinner')).not.toBeNull();
  });
  it('shows a failed first page with a Try again that asks again', () => {
    const onRetry = vi.fn();
    render(<ListFailed onRetry={onRetry}>Could not load your orders.</ListFailed>);
    expect(screen.getByRole('alert')).toHaveTextContent('Could not load your orders.');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });
  it('tells a failed first page from a failed next page', () => {
    expect(firstPageFailed({ isError: true, isFetchNextPageError: false })).toBe(true);
    expect(firstPageFailed({ isError: true, isFetchNextPageError: true })).toBe(false);
    expect(firstPageFailed({ isError: false, isFetchNextPageError: false })).toBe(false);
  });
  it("counts by the server's total, one or many", () => {
    const { rerender } = render(<ListCount shown={1} total={1} noun={['order', 'orders']} />);
    expect(screen.getByRole('status')).toHaveTextContent('Showing 1 of 1 order');
    rerender(<ListCount shown={20} total={45} noun={['order', 'orders']} />);
    expect(screen.getByRole('status')).toHaveTextContent('Showing 20 of 45 orders');
  });
  it('loads the next page while the server has more, busy while it comes', () => {
    const paged = list();
    const { rerender } = render(<LoadMore list={paged} failed="Could not load more." />);
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(paged.fetchNextPage).toHaveBeenCalledOnce();
    expect(screen.queryByRole('alert')).toBeNull();
    rerender(<LoadMore list={list({ isFetchingNextPage: true })} />);
    expect(screen.getByRole('button', { name: 'Load more' })).toBeDisabled();
    rerender(<LoadMore list={list({ hasNextPage: false })} />);
    expect(screen.queryByRole('button')).toBeNull();
  });
  it('keeps the button and shows the alert when the next page failed, only if the list has a text for it', () => {
    const failed = list({ isFetchNextPageError: true });
    const { rerender } = render(<LoadMore list={failed} failed="Could not load more." />);
    expect(screen.getByRole('alert')).toHaveTextContent('Could not load more.');
    expect(screen.getByRole('button', { name: 'Load more' })).toBeEnabled();
    rerender(<LoadMore list={failed} />);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
