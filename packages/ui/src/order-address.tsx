/**
 * An order's address as one block: name and company, street and apartment, city line, and (the admin's Order
 * Details only) the phone number. The payment page, the customer's order page and the admin show it the same way
 * (ADR 0045); the words around it (a heading, an accessible name) are each page's own.
 */
import type { ReactNode } from 'react';
import type { Address } from '@bindery/contracts/store/checkout';

export interface OrderAddressProps {
  /** The order's address as the server stored it (store Order or AdminOrderDetail). */
  address: Address;
  /** An accessible name for the block, when no heading or term names it. */
  label?: string;
  /** Words printed first, on their own line, inside the block (the payment page's "Ships to"). */
  heading?: ReactNode;
  /** Adds the phone number as a last line: the shop needs it for the carrier, the customer knows it. */
  showPhone?: boolean;
}

export function OrderAddress({ address: a, label, heading, showPhone = false }: OrderAddressProps) {
  return (
    <address style={{ fontStyle: 'normal' }} aria-label={label}>
      {heading !== undefined ? (
        <>
          {heading}
          <br />
        </>
      ) : null}
      {a.first_name} {a.last_name}
      {a.company ? `, ${a.company}` : ''}
      <br />
      {a.address}
      {a.apt_floor ? `, ${a.apt_floor}` : ''}
      <br />
      {a.city}, {a.state} {a.postal_code}, {a.country}
      {showPhone ? (
        <>
          <br />
          {a.phone_number}
        </>
      ) : null}
    </address>
  );
}
