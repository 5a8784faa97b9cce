import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '../render-route';

describe('renderRoute', () => {
  // Issue 14.8: a page module imported inside a test raced the findBy* deadline (/success's first test flaked in
  // full runs). With every page loaded when the helper is imported, the first render needs no import at all.
  it.each([
    ['/success', 'No payment to confirm'],
    ['/cancel', 'Payment Cancelled'],
  ])('shows %s once React has flushed, with no import left to wait for', async (path, name) => {
    renderRoute(path);
    await act(() => Promise.resolve());
    expect(screen.getByRole('heading', { level: 1, name })).toBeInTheDocument();
  });
});
