/**
 * The shop's saved addresses (docs/decisions/0074): picking one fills the address form (the rate is asked again).
 * Nothing shows while the address book is empty, loading or unreadable: the form works without it.
 */
import { useState } from 'react';
import { SelectField } from '@bindery/ui/field';
import type { SavedAddress } from '@bindery/contracts/store/addresses';
import { useAddresses } from '../api/addresses';
import { draftOf, type AddressDraft } from '../hooks/use-shop-form';

/** "Ada Lovelace, 1 Congress Ave, Austin TX 78701" */
export const addressLine = ({ address: a }: SavedAddress) =>
  `${a.first_name} ${a.last_name}, ${a.address}${a.apt_floor ? ` ${a.apt_floor}` : ''}, ${a.city} ${a.state} ${a.postal_code}`;

export function SavedAddressPicker({ onPick }: { onPick: (draft: AddressDraft) => void }) {
  const book = useAddresses();
  const [picked, setPicked] = useState('');
  const saved = book.data?.addresses ?? [];
  if (saved.length === 0) return null;
  return (
    <SelectField
      label="Saved addresses"
      name="saved_address"
      placeholder="Choose a saved address"
      options={saved.map((a) => ({ value: String(a.id), label: `${addressLine(a)}${a.is_default ? ' (default)' : ''}` }))}
      value={picked}
      onChange={(e) => {
        setPicked(e.target.value);
        const found = saved.find((a) => String(a.id) === e.target.value);
        if (found) onPick(draftOf(found.address));
      }}
    />
  );
}
