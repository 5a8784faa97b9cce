import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '#testing/render-route.tsx';

describe('payment result pages', () => {
  it.each(['/success', '/payment/success', '/success?session_id=cs_forged'])(
    '%s names no order, so it claims no payment and links to the projects and home',
    async (path) => {
      renderRoute(path);
      expect(
        await screen.findByRole('heading', { level: 1, name: 'No payment to confirm' }),
      ).toBeInTheDocument();
      expect(screen.queryByText('Payment Successful!')).not.toBeInTheDocument();
      expect(screen.queryByText(/received your payment/)).not.toBeInTheDocument();
      expect(screen.getByText(/no payment is confirmed here/)).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Go to your projects' })).toHaveAttribute(
        'href',
        '/userdashboard',
      );
      expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
      // The title is set in an effect, which may run after the heading is on screen: wait for it too.
      await waitFor(() => expect(document.title).toBe('No payment to confirm | Bindery'));
    },
  );
  it.each(['/cancel', '/payment/cancel'])(
    '%s says the order must be placed again, with Try Again',
    async (path) => {
      renderRoute(path);
      expect(await screen.findByRole('heading', { level: 1, name: 'Payment Cancelled' })).toBeInTheDocument();
      expect(screen.getByText(/You cancelled the payment/)).toHaveTextContent('please place the order again');
      expect(screen.getByRole('link', { name: 'Try Again' })).toHaveAttribute('href', '/design-project');
    },
  );
});
