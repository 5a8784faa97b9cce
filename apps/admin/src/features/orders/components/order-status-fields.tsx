/**
 * The fields of a staff move's dialog (order-status-dialog.tsx): the shipment (carrier, tracking number and an
 * optional link) to mark an order shipped, and for every move a note that stays internal unless shared.
 */
import { TextField } from '@bindery/ui/field';
import { messages } from '@bindery/contracts/messages';
import type { FieldErrors } from '../lib/order-dialog';
import type { StatusChange } from '../hooks/use-status-change';

const s = messages.orderScreens;

export function NoteFields({
  note,
  setNote,
  shared,
  setShared,
  error,
}: StatusChange['note'] & { error?: string }) {
  return (
    <>
      <TextField
        label={s.noteLabel}
        name="note"
        value={note}
        onChange={(e) => setNote(e.target.value)}
        maxLength={1000}
        error={error}
      />
      <label className="b-row" style={{ gap: 'var(--b-space-2)' }}>
        <input type="checkbox" checked={shared} onChange={(e) => setShared(e.target.checked)} />
        {s.noteShared}
      </label>
    </>
  );
}

export function ShipmentFields({
  carrier,
  setCarrier,
  trackingNumber,
  setTrackingNumber,
  trackingUrl,
  setTrackingUrl,
  errors,
}: StatusChange['shipment'] & { errors: FieldErrors }) {
  return (
    <>
      <TextField
        label={s.carrierLabel}
        name="carrier"
        value={carrier}
        onChange={(e) => setCarrier(e.target.value)}
        required
        maxLength={100}
        error={errors.carrier}
      />
      <TextField
        label={s.trackingNumberLabel}
        name="tracking_number"
        value={trackingNumber}
        onChange={(e) => setTrackingNumber(e.target.value)}
        required
        maxLength={100}
        error={errors.tracking_number}
      />
      <TextField
        label={s.trackingUrlLabel}
        name="tracking_url"
        type="url"
        inputMode="url"
        value={trackingUrl}
        onChange={(e) => setTrackingUrl(e.target.value)}
        maxLength={500}
        hint={s.trackingUrlHint}
        error={errors.tracking_url}
      />
    </>
  );
}
