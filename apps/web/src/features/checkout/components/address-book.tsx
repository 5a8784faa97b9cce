/**
 * Account Settings → Addresses (docs/decisions/0074): the saved shipping addresses, the default first, each edited,
 * deleted or made the default; a new one added (at most 20: the server says so past that). The same fields as the
 * shop's form, checked by the same contract before sending. The shop offers these addresses (saved-address-picker).
 */
import { useState, type SubmitEvent } from 'react';
import { Alert } from '@bindery/ui/alert';
import { Button } from '@bindery/ui/button';
import { messages } from '@bindery/contracts/messages';
import { DeliveryAddress } from '@bindery/contracts/store/checkout';
import type { SavedAddress } from '@bindery/contracts/store/addresses';
import { errorText, fieldErrors, issuesByField } from '#lib/error-text.ts';
import { useAddresses, useCreateAddress, useDeleteAddress, useUpdateAddress } from '../api/addresses';
import { bookAddress, draftOf, emptyDraft, type AddressDraft, type DraftField } from '../hooks/use-shop-form';
import { AddressFields } from './address-fields';
import { addressLine } from './saved-address-picker';

function AddressForm({ editing, onDone }: { editing: SavedAddress | null; onDone: () => void }) {
  const create = useCreateAddress();
  const update = useUpdateAddress();
  const [draft, setDraft] = useState<AddressDraft>(editing ? draftOf(editing.address) : emptyDraft);
  const [errors, setErrors] = useState<Partial<Record<DraftField, string>>>({});
  const pending = create.isPending || update.isPending;
  const failed = create.error ?? update.error;
  const submit = (e: SubmitEvent) => {
    e.preventDefault();
    const parsed = DeliveryAddress.safeParse(bookAddress(draft));
    if (!parsed.success) {
      setErrors(issuesByField(parsed.error.issues));
      return;
    }
    const body = { address: bookAddress(draft) };
    const done = { onSuccess: onDone, onError: (error: unknown) => setErrors(fieldErrors(error)) };
    if (editing) update.mutate({ id: editing.id, body }, done);
    else create.mutate(body, done);
  };
  return (
    <form className="b-stack" onSubmit={submit} noValidate aria-label={editing ? 'Edit address' : 'New address'}>
      <AddressFields
        draft={draft}
        errors={errors}
        onChange={(field, value) => {
          setDraft((d) => ({ ...d, [field]: value, ...(field === 'country' && value !== d.country ? { state: '' } : {}) }));
          setErrors(({ [field]: _edited, ...rest }) => rest);
        }}
      />
      {failed && Object.keys(fieldErrors(failed)).length === 0 ? (
        <Alert tone="error">{errorText(failed, messages.generic.networkError)}</Alert>
      ) : null}
      <div className="b-row">
        <Button type="submit" size="sm" busy={pending}>
          Save address
        </Button>
        <Button variant="ghost" size="sm" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

export function AddressBook() {
  const book = useAddresses();
  const update = useUpdateAddress();
  const remove = useDeleteAddress();
  // null: no form open; 'new': adding; an address: editing it.
  const [form, setForm] = useState<SavedAddress | 'new' | null>(null);
  if (book.isPending) return <p role="status">Loading your addresses…</p>;
  if (book.isError) return <Alert tone="error">{errorText(book.error, messages.generic.networkError)}</Alert>;
  const saved = book.data.addresses;
  return (
    <>
      {saved.length === 0 ? <p>No saved addresses yet. Add one here, or tick “Save this address” in the shop.</p> : null}
      <ul className="b-stack" aria-label="Saved addresses" style={{ paddingLeft: 0, listStyle: 'none' }}>
        {saved.map((a) => (
          <li key={a.id} className="b-row" style={{ justifyContent: 'space-between', flexWrap: 'wrap' }}>
            <span>
              {addressLine(a)}
              {a.is_default ? <strong> (default)</strong> : null}
            </span>
            <span className="b-row">
              {a.is_default ? null : (
                <Button size="sm" variant="ghost" busy={update.isPending && update.variables.id === a.id} onClick={() => update.mutate({ id: a.id, body: { address: a.address, is_default: true } })}>
                  Make default
                </Button>
              )}
              <Button size="sm" variant="ghost" onClick={() => setForm(a)}>
                Edit
              </Button>
              <Button size="sm" variant="ghost" busy={remove.isPending && remove.variables === a.id} onClick={() => remove.mutate(a.id)}>
                Delete
              </Button>
            </span>
          </li>
        ))}
      </ul>
      {remove.isError ? <Alert tone="error">{errorText(remove.error, messages.generic.networkError)}</Alert> : null}
      {form === null ? (
        <div>
          <Button variant="secondary" size="sm" onClick={() => setForm('new')}>
            Add an address
          </Button>
        </div>
      ) : (
        <AddressForm key={form === 'new' ? 'new' : form.id} editing={form === 'new' ? null : form} onDone={() => setForm(null)} />
      )}
    </>
  );
}
