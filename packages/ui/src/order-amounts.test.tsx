import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { OrderAmounts } from './order-amounts.js';

const AMOUNTS = {
  subtotal: '1234.5',
  discount: '0.00',
  shipping: '25.00',
  tax: '12.36',
  tax_rate: '8.25%',
  tax_reason: 'Sales tax of the destination state.',
  total: '1271.86',
};

/** Each line of the list as [term, figure], in order. */
const lines = (list: HTMLElement) =>
  Array.from(list.querySelectorAll('dt')).map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]);

describe('OrderAmounts', () => {
  it('prints the server’s figures in the spec’s words, the total last', () => {
    render(<OrderAmounts amounts={AMOUNTS} label="Amounts" />);
    expect(lines(screen.getByLabelText('Amounts'))).toEqual([
      ['Subtotal', '$1,234.50'],
      ['Shipping', '$25.00'],
      ['Tax (8.25%)', '$12.36'],
      ['Total', '$1,271.86'],
    ]);
    expect(screen.getByTestId('order-total').parentElement).toHaveClass('b-quote__total');
    expect(screen.queryByTestId('order-discount')).not.toBeInTheDocument();
    expect(screen.queryByTestId('order-refunded')).not.toBeInTheDocument();
  });

  it('shows the first-print discount and a refund as deductions, and the shop’s shipping words', () => {
    render(
      <OrderAmounts
        amounts={{ ...AMOUNTS, discount: '5.15' }}
        shippingLabel="Shipping (DHL Express, 2-3 days)"
        refunded="10"
        label="Amounts"
      />,
    );
    expect(lines(screen.getByLabelText('Amounts'))).toEqual([
      ['Subtotal', '$1,234.50'],
      ['First-print discount', '−$5.15'],
      ['Shipping (DHL Express, 2-3 days)', '$25.00'],
      ['Tax (8.25%)', '$12.36'],
      ['Total', '$1,271.86'],
      ['Refunded', '−$10.00'],
    ]);
    expect(within(screen.getByLabelText('Amounts')).getByTestId('order-discount')).toHaveTextContent(
      '−$5.15',
    );
  });

  it('leaves out a refund of nothing', () => {
    render(<OrderAmounts amounts={AMOUNTS} refunded="0.00" />);
    expect(screen.queryByText('Refunded')).not.toBeInTheDocument();
  });
});
