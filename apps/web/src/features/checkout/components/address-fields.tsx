/**
 * The delivery address of the shop (docs/spec/customer-journey.md §3 Address), every field with a visible label. Country
 * is a list of ISO codes and, for the US, the state too: the server taxes by the two-letter code. The phone number is
 * only asked when something is shipped.
 */
import { SelectField, TextField } from '@bindery/ui/field';
import { ADDRESS_LABELS as L, type AddressDraft, type DraftField } from '../hooks/use-shop-form';
import { countryOptions, hasStateList, usStateOptions } from '#lib/regions.ts';

export interface AddressFieldsProps {
  draft: AddressDraft;
  errors: Partial<Record<DraftField, string>>;
  onChange: (field: DraftField, value: string) => void;
  /** False for an order of e-books alone: no carrier, no phone number (docs/decisions/0059). */
  withPhone?: boolean;
}

type TextSpec = { field: DraftField; label: string; autoComplete: string; type?: string };

const nameFields: TextSpec[] = [
  { field: 'first_name', label: L.first_name, autoComplete: 'given-name' },
  { field: 'last_name', label: L.last_name, autoComplete: 'family-name' },
  { field: 'company', label: L.company, autoComplete: 'organization' },
  { field: 'address', label: L.address, autoComplete: 'address-line1' },
  { field: 'apt_floor', label: L.apt_floor, autoComplete: 'address-line2' },
];
const placeFields: TextSpec[] = [
  { field: 'city', label: L.city, autoComplete: 'address-level2' },
  { field: 'postal_code', label: L.postal_code, autoComplete: 'postal-code' },
  { field: 'phone_number', label: L.phone_number, autoComplete: 'tel', type: 'tel' },
];

export function AddressFields({ draft, errors, onChange, withPhone = true }: AddressFieldsProps) {
  const text = ({ field, label, autoComplete, type = 'text' }: TextSpec) => (
    <TextField
      key={field}
      label={label}
      name={field}
      type={type}
      autoComplete={autoComplete}
      value={draft[field]}
      error={errors[field]}
      onChange={(e) => onChange(field, e.target.value)}
    />
  );
  return (
    <div className="b-calc__fields">
      {nameFields.map(text)}
      <SelectField
        label={L.country}
        name="country"
        autoComplete="country"
        options={countryOptions()}
        value={draft.country}
        error={errors.country}
        onChange={(e) => onChange('country', e.target.value)}
      />
      {hasStateList(draft.country) ? (
        <SelectField
          label={L.state}
          name="state"
          autoComplete="address-level1"
          placeholder="Select a state"
          options={usStateOptions}
          value={draft.state}
          error={errors.state}
          onChange={(e) => onChange('state', e.target.value)}
        />
      ) : (
        <TextField
          label="State, province or region"
          name="state"
          autoComplete="address-level1"
          value={draft.state}
          error={errors.state}
          onChange={(e) => onChange('state', e.target.value)}
        />
      )}
      {placeFields.filter((f) => withPhone || f.field !== 'phone_number').map(text)}
    </div>
  );
}
