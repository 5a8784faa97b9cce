import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Address } from '@bindery/contracts/store/checkout';
import { OrderAddress } from './order-address.js';

const ADDRESS: Address = {
  first_name: 'Ada',
  last_name: 'Lovelace',
  company: 'Analytical Engines',
  address: '12 St James Square',
  apt_floor: 'Floor 2',
  city: 'Austin',
  state: 'TX',
  postal_code: '73301',
  country: 'US',
  phone_number: '+1 512 555 0100',
  account_type: 'individual',
  has_resale_cert: false,
};

/** The block's lines, split at its <br>s. */
const lines = (el: HTMLElement) => el.innerHTML.split('<br>').map((l) => l.replace(/<[^>]+>/g, ''));

describe('OrderAddress', () => {
  it('prints name and company, street and apartment, and the city line, without the phone by default', () => {
    render(<OrderAddress address={ADDRESS} label="Delivery address" />);
    const block = screen.getByLabelText('Delivery address');
    expect(block.tagName).toBe('ADDRESS');
    expect(lines(block)).toEqual([
      'Ada Lovelace, Analytical Engines',
      '12 St James Square, Floor 2',
      'Austin, TX 73301, US',
    ]);
  });

  it('leaves out an empty company and apartment, and adds a heading and the phone when asked', () => {
    const { container } = render(
      <OrderAddress
        address={{ ...ADDRESS, company: '', apt_floor: '' }}
        heading={<strong>Ships to</strong>}
        showPhone
      />,
    );
    const block = container.querySelector('address');
    if (!block) throw new Error('no address block');
    expect(block).not.toHaveAttribute('aria-label');
    expect(lines(block)).toEqual([
      'Ships to',
      'Ada Lovelace',
      '12 St James Square',
      'Austin, TX 73301, US',
      '+1 512 555 0100',
    ]);
  });
});
