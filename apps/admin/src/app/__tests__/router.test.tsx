/**
 * The router at a full page load (ADR 0052): the first page's code is still loading (its route is lazy), and the
 * router says what to show meanwhile instead of warning "No `HydrateFallback` element provided" at every load. The
 * route table is used as the browser's router gets it, not preloaded as renderAdminRoute() does.
 */
import { QueryClient } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { AppProvider } from '../provider';

describe('the router at a full load', () => {
  it('shows the hydrate fallback while the first page loads, then the page, with no warning', async () => {
    const warn = vi.spyOn(console, 'warn');
    // The route table as a fresh module: the suite shares modules between files (no isolation, ADR 0049), and the
    // test render helper resolves the lazy routes of the module it imported, in place.
    vi.resetModules();
    const { routes } = await import('../router');
    const router = createMemoryRouter(routes, { initialEntries: ['/login'] });
    render(
      <AppProvider queryClient={new QueryClient()}>
        <RouterProvider router={router} />
      </AppProvider>,
    );
    // The fallback (nothing) while the page's module loads.
    expect(screen.queryByRole('heading')).toBeNull();
    expect(await screen.findByRole('heading', { name: 'Admin Login' })).toBeInTheDocument();
    const said = warn.mock.calls.map((args) => args.map(String).join(' '));
    expect(said.filter((text) => text.includes('HydrateFallback'))).toEqual([]);
  });
});
