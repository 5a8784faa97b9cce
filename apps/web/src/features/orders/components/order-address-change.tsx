/**
 * Within the cancel window (docs/decisions/0072): another street, apartment, city or ZIP for a paid order, in the
 * same state and country (the server refuses anything else with its own words).
 */
import { useState, type SyntheticEvent } from 'react';
import { ApiError } from '@bindery/api-client';
import { Alert } from '@bindery/ui/alert';
import { Button } from '@bindery/ui/button';
import { TextField } from '@bindery/ui/field';
import type { Order } from '@bindery/contracts/store/checkout';
import { orderHoldTexts as h } from '@bindery/contracts/store/order-hold';
import { useChangeAddress } from '../api/order-changes';

export function AddressChange({ order }: { order: Order }) {
  const change = useChangeAddress(order.id);
  const [open, setOpen] = useState(false);
  const [fields, setFields] = useState({
    address: order.address.address,
    apt_floor: order.address.apt_floor,
    city: order.address.city,
    postal_code: order.address.postal_code,
  });
  const set = (name: keyof typeof fields) => (e: React.ChangeEvent<HTMLInputElement>) =>
    setFields((f) => ({ ...f, [name]: e.target.value }));
  const submit = (e: SyntheticEvent) => {
    e.preventDefault();
    change.mutate({ ...order.address, ...fields });
  };
  if (!open) {
    return (
      <div className="b-row">
        <Button variant="secondary" onClick={() => setOpen(true)}>
          {h.changeAddress}
        </Button>
      </div>
    );
  }
  return (
    <form className="b-stack" aria-label={h.changeAddress} onSubmit={submit}>
      <p className="b-muted">{h.addressHint}</p>
      <TextField label="Address" name="address" value={fields.address} onChange={set('address')} required />
      <TextField label="Apt / floor" name="apt_floor" value={fields.apt_floor} onChange={set('apt_floor')} />
      <TextField label="City" name="city" value={fields.city} onChange={set('city')} required />
      <TextField
        label="ZIP"
        name="postal_code"
        value={fields.postal_code}
        onChange={set('postal_code')}
        required
      />
      {change.isError ? (
        <Alert tone="error">
          {change.error instanceof ApiError && change.error.body
            ? change.error.body.error
            : h.somethingFailed}
        </Alert>
      ) : null}
      {change.isSuccess ? <Alert tone="success">{h.addressSaved}</Alert> : null}
      <div className="b-row">
        <Button type="submit" disabled={change.isPending}>
          {h.saveAddress}
        </Button>
      </div>
    </form>
  );
}
