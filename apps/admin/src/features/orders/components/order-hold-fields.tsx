/**
 * The fields of "Put on hold" (docs/decisions/0072): the reason from the list and the message the customer reads
 * in the mail and on the order page (both required).
 */
import { TextField } from '@bindery/ui/field';
import {
  HOLD_REASONS,
  holdReasonTexts,
  holdTexts,
  type HoldReason,
} from '@bindery/contracts/store/order-hold';
import type { FieldErrors } from '../lib/order-dialog';

export function HoldFields({
  holdReason,
  setHoldReason,
  note,
  setNote,
  errors,
}: {
  holdReason: HoldReason | '';
  setHoldReason: (reason: HoldReason | '') => void;
  note: string;
  setNote: (note: string) => void;
  errors: FieldErrors;
}) {
  return (
    <>
      <div className="b-stack" style={{ gap: 'var(--b-space-1)' }}>
        <label htmlFor="hold-reason">{holdTexts.reasonLabel}</label>
        <select
          id="hold-reason"
          name="hold_reason"
          value={holdReason}
          required
          aria-invalid={errors.hold_reason ? true : undefined}
          aria-describedby={errors.hold_reason ? 'hold-reason-error' : undefined}
          onChange={(e) => setHoldReason(HOLD_REASONS.find((r) => r === e.target.value) ?? '')}
        >
          <option value="">—</option>
          {HOLD_REASONS.map((reason) => (
            <option key={reason} value={reason}>
              {holdReasonTexts[reason].label}
            </option>
          ))}
        </select>
        {errors.hold_reason ? (
          <span id="hold-reason-error" role="alert" className="b-error">
            {errors.hold_reason}
          </span>
        ) : null}
      </div>
      <TextField
        label={holdTexts.messageLabel}
        name="note"
        value={note}
        onChange={(e) => setNote(e.target.value)}
        required
        maxLength={1000}
        error={errors.note}
      />
    </>
  );
}
