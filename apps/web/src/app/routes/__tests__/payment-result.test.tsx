import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '../../../testing/render-route';

describe('payment result pages', () => {
  it.each(['/success', '/payment/success'])('%s thanks the buyer and links home', async (path) => {
    renderRoute(path);
    expect(await screen.findByRole('heading', { level: 1, name: 'Payment Successful!' })).toBeInTheDocument();
    expect(screen.getByText(/Thank you for your order/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
    expect(document.title).toBe('Payment Successful! | Bindery');
  });
  it.each(['/cancel', '/payment/cancel'])('%s says the order must be placed again, with Try Again', async (path) => {
    renderRoute(path);
    expect(await screen.findByRole('heading', { level: 1, name: 'Payment Cancelled' })).toBeInTheDocument();
    expect(screen.getByText(/You cancelled the payment/)).toHaveTextContent('please place the order again');
    expect(screen.getByRole('link', { name: 'Try Again' })).toHaveAttribute('href', '/design-project');
  });
});
