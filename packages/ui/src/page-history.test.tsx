import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { SCROLL_POSITIONS_KEY, startFullLoadsAtTop, usePageRestored } from './page-history';

/** A window's history, sessionStorage and navigation timing, as a full load of one entry finds them. */
function fakeWindow(state: unknown, navigation: string, saved: Record<string, number> | null) {
  const storage = new Map<string, string>(saved ? [[SCROLL_POSITIONS_KEY, JSON.stringify(saved)]] : []);
  const history = {
    state,
    replaceState(next: unknown) {
      history.state = next;
    },
  };
  const win = {
    history,
    sessionStorage: {
      getItem: (k: string) => storage.get(k) ?? null,
      setItem: (k: string, v: string) => void storage.set(k, v),
    },
    performance: { getEntriesByType: () => [{ type: navigation }] },
  } as unknown as Parameters<typeof startFullLoadsAtTop>[0];
  const positions = () =>
    JSON.parse(storage.get(SCROLL_POSITIONS_KEY) ?? 'null') as Record<string, number> | null;
  return { win, history, positions };
}

describe('startFullLoadsAtTop', () => {
  it("gives an entry a full load opened a key of its own, so it never takes the last full load's position", () => {
    // The router's old behaviour: every such entry was 'default', whose saved position was another page's.
    const { win, history, positions } = fakeWindow(null, 'navigate', { default: 500, abc: 120 });
    startFullLoadsAtTop(win);
    const key = (history.state as { key: string }).key;
    expect(key).toMatch(/^[a-z0-9]+$/);
    expect(key).not.toBe('default');
    expect(positions()).toEqual({ default: 500, abc: 120 });
  });

  it("forgets the saved position of a reloaded entry (a full load starts at the top), keeping the router's state", () => {
    const { win, history, positions } = fakeWindow({ usr: { from: '/x' }, key: 'abc', idx: 3 }, 'reload', {
      abc: 120,
      def: 40,
    });
    startFullLoadsAtTop(win);
    expect(history.state).toEqual({ usr: { from: '/x' }, key: 'abc', idx: 3 });
    expect(positions()).toEqual({ def: 40 });
  });

  it('keeps the position of an entry Back or Forward returns to', () => {
    const { win, positions } = fakeWindow({ key: 'abc', idx: 1 }, 'back_forward', { abc: 120 });
    startFullLoadsAtTop(win);
    expect(positions()).toEqual({ abc: 120 });
  });
});

function Probe({ onRestore }: { onRestore: () => void }) {
  const restored = usePageRestored(onRestore);
  return <p>restored {restored}</p>;
}

describe('usePageRestored', () => {
  it('counts returns from the back/forward cache (pageshow persisted) and ignores ordinary page shows', () => {
    const onRestore = vi.fn();
    render(<Probe onRestore={onRestore} />);
    const show = (persisted: boolean) =>
      act(() => {
        window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted }));
      });
    show(false);
    expect(screen.getByText('restored 0')).toBeInTheDocument();
    show(true);
    show(true);
    expect(screen.getByText('restored 2')).toBeInTheDocument();
    expect(onRestore).toHaveBeenCalledTimes(2);
  });
});
