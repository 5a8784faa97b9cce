/**
 * The shipping estimate form of the design page (docs/spec/customer-journey.md §4, §8): once country, state, city and
 * postal code are all filled it asks the server after a 500 ms pause; otherwise it shows nothing. The services
 * and prices are the server's (markup included). Once the book is known (options chosen, PDF counted) the server
 * weighs that book as checkout will, so the estimate is what the shop charges for it; before that it
 * says it is for a standard book.
 */
import { useId, useState } from 'react';
import { Alert } from '@bindery/ui/alert';
import { TextField, type TextFieldProps } from '@bindery/ui/field';
import { Spinner } from '@bindery/ui/spinner';
import { Table } from '@bindery/ui/table';
import { messages } from '@bindery/contracts/messages';
import type { EstimateBook, ShippingService } from '@bindery/contracts/store/checkout';
import { errorText } from '#lib/error-text.ts';
import { formatUsd } from '@bindery/ui/format';
import { shippingServiceName } from '#lib/shipping-service-name.ts';
import { useShippingEstimate, type EstimateAddress } from '../api/get-shipping-estimate';
import { useDebouncedValue } from '@bindery/ui/use-debounced-value';

const m = messages.checkout;
export const ESTIMATE_DEBOUNCE_MS = 500;

const ADDRESS_FIELDS: { field: keyof EstimateAddress; label: string; input: Partial<TextFieldProps> }[] = [
  {
    field: 'country',
    label: 'Country',
    input: { placeholder: 'US', maxLength: 2, autoComplete: 'country', hint: 'Two-letter code' },
  },
  { field: 'state', label: 'State', input: { placeholder: 'TX', autoComplete: 'address-level1' } },
  { field: 'city', label: 'City', input: { autoComplete: 'address-level2' } },
  { field: 'postal_code', label: 'Postal Code', input: { autoComplete: 'postal-code' } },
];

const EMPTY: EstimateAddress = { country: '', state: '', city: '', postal_code: '' };

function complete(a: EstimateAddress): EstimateAddress | null {
  const t = {
    country: a.country.trim(),
    state: a.state.trim(),
    city: a.city.trim(),
    postal_code: a.postal_code.trim(),
  };
  return t.country && t.state && t.city && t.postal_code ? t : null;
}

export interface ShippingEstimateProps {
  quantity: number;
  /** The book as designed so far, or null while an option or the PDF is missing. */
  book: EstimateBook | null;
}

export function ShippingEstimate({ quantity, book }: ShippingEstimateProps) {
  const [address, setAddress] = useState(EMPTY);
  const headingId = useId();
  const ready = complete(address);
  // Keyed by text so the pause restarts on each keystroke, not on each render.
  const settled = useDebouncedValue(ready ? JSON.stringify(ready) : null, ESTIMATE_DEBOUNCE_MS);
  const current = ready && settled === JSON.stringify(ready) ? ready : null;
  const estimate = useShippingEstimate(current, quantity, book);
  const copies = `${quantity} ${quantity === 1 ? 'copy' : 'copies'}`;
  return (
    <section className="b-stack" aria-labelledby={headingId}>
      <h3 id={headingId}>Shipping estimate</h3>
      <div className="p-fields">
        {ADDRESS_FIELDS.map((f) => (
          <TextField
            key={f.field}
            label={f.label}
            name={f.field}
            value={address[f.field]}
            onChange={(e) => setAddress((a) => ({ ...a, [f.field]: e.target.value }))}
            {...f.input}
          />
        ))}
      </div>
      {!ready ? (
        <p className="b-hint">Fill in all four fields to see shipping options for {copies}.</p>
      ) : null}
      <p className="b-hint" data-testid="estimate-basis">
        {book
          ? 'For your book as configured: the shop charges the same for this address and quantity.'
          : 'For a standard book (6 × 9 in, 200 pages) until you choose every option and upload your PDF; then for your own book.'}
      </p>
      {ready && (!current || estimate.isFetching) ? <Spinner label="Finding shipping options..." /> : null}
      {current && estimate.isError ? (
        <Alert tone="error">{errorText(estimate.error, m.fetchShippingOptionsFailed)}</Alert>
      ) : null}
      {current && estimate.data && !estimate.isFetching ? (
        estimate.data.available_services.length === 0 ? (
          <Alert tone="info">{m.noShippingOptions}</Alert>
        ) : (
          <Table<ShippingService>
            caption={`Shipping options for ${copies}${book ? ' of your book' : ' of a standard book'}`}
            columns={[
              { key: 'service', header: 'Service', cell: shippingServiceName },
              { key: 'time', header: 'Delivery', cell: (s) => s.delivery_time },
              { key: 'rate', header: 'Rate', cell: (s) => formatUsd(s.total_charge), numeric: true },
            ]}
            rows={estimate.data.available_services}
            rowKey={(s) => s.service_code}
          />
        )
      ) : null}
    </section>
  );
}
