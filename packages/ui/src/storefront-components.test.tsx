import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Carousel, CAROUSEL_SETTLE_MS } from './carousel.js';
import { Table } from './table.js';
import { ToastProvider, useToast } from './toast.js';

const tiles = ['A', 'B', 'C', 'D', 'E'].map((k) => ({ key: k, content: <a href={`/${k}`}>{k}</a> }));
const realTiles = () =>
  within(screen.getByRole('region', { name: 'tiles' }))
    .getAllByRole('link')
    .map((a) => a.textContent);

describe('Carousel', () => {
  afterEach(() => vi.useRealTimers());

  it('is endless: each arrow slides two tiles, settling after 300 ms, and wraps around', () => {
    vi.useFakeTimers();
    render(<Carousel label="tiles" items={tiles} />);
    expect(realTiles()).toEqual(['A', 'B', 'C', 'D', 'E']);
    fireEvent.click(screen.getByRole('button', { name: 'Next tiles' }));
    expect(realTiles()[0]).toBe('A');
    act(() => {
      vi.advanceTimersByTime(CAROUSEL_SETTLE_MS);
    });
    expect(realTiles()).toEqual(['C', 'D', 'E', 'A', 'B']);
    fireEvent.keyDown(screen.getByRole('button', { name: 'Next tiles' }), { key: 'ArrowRight' });
    act(() => {
      vi.advanceTimersByTime(CAROUSEL_SETTLE_MS);
    });
    expect(realTiles()).toEqual(['E', 'A', 'B', 'C', 'D']);
    fireEvent.keyDown(screen.getByRole('button', { name: 'Previous tiles' }), { key: 'ArrowLeft' });
    act(() => {
      vi.advanceTimersByTime(CAROUSEL_SETTLE_MS);
    });
    expect(realTiles()).toEqual(['C', 'D', 'E', 'A', 'B']);
  });

  it('keeps the filler copies out of the keyboard and accessibility tree', () => {
    const { container } = render(<Carousel label="tiles" items={tiles} />);
    const copies = container.querySelectorAll('li[aria-hidden="true"]');
    expect(copies.length).toBeGreaterThan(0);
    copies.forEach((li) => expect(li).toHaveAttribute('inert'));
    expect(realTiles()).toHaveLength(5);
  });
});

describe('Table', () => {
  it('captions the table, aligns numbers and marks the current row', () => {
    render(
      <Table
        caption="Tiers"
        columns={[
          { key: 'q', header: 'Quantity', cell: (r: { q: string; p: string }) => r.q },
          { key: 'p', header: 'Per book', cell: (r) => r.p, numeric: true },
        ]}
        rows={[
          { q: '1–99', p: '$4.01' },
          { q: '100–499', p: '$3.81' },
        ]}
        rowKey={(r) => r.q}
        isCurrent={(r) => r.q === '100–499'}
      />,
    );
    const table = screen.getByRole('table', { name: 'Tiers' });
    const rows = within(table).getAllByRole('row');
    expect(rows[2]).toHaveAttribute('aria-current', 'true');
    expect(rows[1]).not.toHaveAttribute('aria-current');
    expect(within(rows[2] as HTMLElement).getByText('$3.81')).toHaveClass('b-num');
  });
});

describe('Toasts', () => {
  function Trigger() {
    const toast = useToast();
    return (
      <>
        <button onClick={() => toast.show('All changes saved.', 'success')}>save</button>
        <button onClick={() => toast.show('Failed to save changes.', 'error')}>fail</button>
      </>
    );
  }

  it('shows messages with the right role, dismisses them and lets them expire', () => {
    vi.useFakeTimers();
    render(
      <ToastProvider duration={1000}>
        <Trigger />
      </ToastProvider>,
    );
    fireEvent.click(screen.getByText('save'));
    fireEvent.click(screen.getByText('fail'));
    expect(screen.getByRole('status')).toHaveTextContent('All changes saved.');
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to save changes.');
    fireEvent.click(within(screen.getByRole('alert')).getByRole('button', { name: 'Dismiss message' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    vi.useRealTimers();
  });

  it('refuses to work outside a provider', () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => render(<Trigger />)).toThrow('useToast must be used inside <ToastProvider>');
    spy.mockRestore();
  });
});
