import { act, fireEvent, render, renderHook, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SearchBox, useSearchTerm } from './search-box.js';
import { nextSort, Table, type Column, type SortState } from './table.js';
import { SEARCH_DEBOUNCE_MS } from './use-debounced-value.js';

interface Row {
  id: number;
  title: string;
  pages: number;
}
type Key = 'title' | 'pages';
const columns: Column<Row, Key>[] = [
  { key: 'title', header: 'Title', sortKey: 'title', cell: (r) => r.title },
  { key: 'pages', header: 'Pages', sortKey: 'pages', cell: (r) => r.pages, numeric: true },
  { key: 'actions', header: 'Actions', cell: () => 'Edit' },
];
const rows: Row[] = [
  { id: 1, title: 'Atlas', pages: 40 },
  { id: 2, title: 'Birds', pages: 12 },
];

function Sorted() {
  const [sort, setSort] = useState<SortState<Key> | null>(null);
  return (
    <Table
      caption="Books"
      captionHidden
      columns={columns}
      rows={rows}
      rowKey={(r) => String(r.id)}
      sort={sort}
      onSort={(key) => setSort((s) => nextSort(s, key))}
    />
  );
}

describe('Table sorting', () => {
  it('sorts by a header button, ascending first, and says the order with aria-sort', () => {
    render(<Sorted />);
    const title = screen.getByRole('columnheader', { name: /Title/ });
    const pages = screen.getByRole('columnheader', { name: /Pages/ });
    expect(title).toHaveAttribute('aria-sort', 'none');
    expect(screen.getByRole('columnheader', { name: 'Actions' })).not.toHaveAttribute('aria-sort');
    expect(screen.queryByRole('button', { name: /Actions/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /Title/ }));
    expect(title).toHaveAttribute('aria-sort', 'ascending');
    fireEvent.click(screen.getByRole('button', { name: /Title/ }));
    expect(title).toHaveAttribute('aria-sort', 'descending');
    fireEvent.click(screen.getByRole('button', { name: /Pages/ }));
    expect(pages).toHaveAttribute('aria-sort', 'ascending');
    expect(pages).toHaveClass('b-num');
    expect(title).toHaveAttribute('aria-sort', 'none');
  });
  it('draws plain headers when the table is not sortable', () => {
    render(<Table caption="Books" columns={columns} rows={rows} rowKey={(r) => String(r.id)} />);
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.getByRole('columnheader', { name: 'Title' })).not.toHaveAttribute('aria-sort');
  });
});

describe('SearchBox', () => {
  function Box({ clearLabel }: { clearLabel?: string }) {
    const [value, setValue] = useState('');
    return (
      <SearchBox
        label="Search orders"
        placeholder="Search..."
        value={value}
        onChange={setValue}
        clearLabel={clearLabel}
        count="3 of 8 items"
      />
    );
  }
  it('is a labelled search box whose Clear empties it and gives the focus back', () => {
    render(<Box />);
    expect(screen.getByRole('search')).toBeInTheDocument();
    const input = screen.getByRole('searchbox', { name: 'Search orders' });
    expect(screen.queryByRole('button')).toBeNull();
    fireEvent.change(input, { target: { value: 'atlas' } });
    fireEvent.click(screen.getByRole('button', { name: 'Clear search orders' }));
    expect(input).toHaveValue('');
    expect(input).toHaveFocus();
    expect(screen.getByText('3 of 8 items')).toHaveAttribute('aria-live', 'polite');
  });
  it('names its Clear button as asked', () => {
    render(<Box clearLabel="Clear search" />);
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'x' } });
    expect(screen.getByRole('button', { name: 'Clear search' })).toHaveTextContent('Clear');
  });
});

describe('useSearchTerm', () => {
  afterEach(() => vi.useRealTimers());
  it('settles on the trimmed text once the typing pauses', () => {
    vi.useFakeTimers();
    const { result } = renderHook(() => useSearchTerm('start'));
    expect(result.current.settled).toBe('start');
    act(() => result.current.setTerm('  atlas '));
    expect(result.current.term).toBe('  atlas ');
    act(() => {
      vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 1);
    });
    expect(result.current.settled).toBe('start');
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(result.current.settled).toBe('atlas');
  });
});
