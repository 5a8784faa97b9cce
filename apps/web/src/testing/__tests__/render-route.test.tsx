import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '../render-route';

describe('renderRoute', () => {
  // Every page is loaded and put on its route when the helper is imported, so the router has no lazy
  // route left and render() draws layout and page inside act(). Awaiting even one microtask here would hide the
  // difference: the CI run that failed had the header drawn a turn later, outside act(), its cart subscription
  // not yet made when the test changed the cart (storefront test, 'counts the guest cart in the badge').
  it.each([
    ['/success', 'No payment to confirm'],
    ['/cancel', 'Payment Cancelled'],
  ])('draws %s and the header within render(), with nothing left to wait for', (path, name) => {
    renderRoute(path);
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name })).toBeInTheDocument();
  });
});
