/**
 * Refund (ADR 0022): an amount of dollars and cents up to what is left, with a reason. The amount is always typed
 * or filled by "Refund everything" (all that is left), never implied by an empty field, so a refund of everything
 * is a choice staff see before they confirm. It is checked here first (a sentence naming the limit); the server
 * decides and its refusal shows in the dialog.
 */
import { useState } from 'react';
import { Button } from '@bindery/ui/button';
import { Dialog } from '@bindery/ui/dialog';
import { TextField } from '@bindery/ui/field';
import { messages } from '@bindery/contracts/messages';
import { parseCents } from '@bindery/pricing/money';
import { useRefundOrder } from '../api/refund-order';
import { formatUsd } from '../lib/order-format';
import { dialogError, type FieldErrors, type OrderDialogProps, problemOf } from '../lib/order-dialog';

const s = messages.orderScreens;

/** "12.5" → 1250 cents, or null when it is not an amount of dollars and cents. */
function centsOf(text: string): number | null {
  const t = text.trim().replace(/^\$/, '');
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(t)) return null;
  return parseCents(t);
}

export function RefundDialog({ order, onClose, onDone }: OrderDialogProps) {
  const refund = useRefundOrder(order.id);
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [local, setLocal] = useState<FieldErrors>({});
  const left = formatUsd(order.refundable);
  const problem = refund.isError ? problemOf(refund.error) : null;
  const errors: FieldErrors = { ...problem?.fields, ...local };

  const submit = () => {
    const missing: FieldErrors = {};
    const cents = centsOf(amount);
    if (cents === null || cents <= 0 || cents > parseCents(order.refundable)) {
      missing.amount_cents = s.refundAmountInvalid(left);
    }
    if (!reason.trim()) missing.reason = s.refundReasonRequired;
    setLocal(missing);
    if (cents === null || Object.keys(missing).length > 0) return;
    refund.mutate(
      { reason: reason.trim(), amount_cents: cents },
      { onSuccess: (data) => onDone(s.refundDone(formatUsd(data.refund.amount), data.order.order_number)) },
    );
  };

  return (
    <Dialog
      title={s.refund}
      message={<p>{s.refundConfirm(order.order_number, left)}</p>}
      confirmLabel={s.refund}
      confirmVariant="danger"
      cancelLabel="Back"
      role="dialog"
      busy={refund.isPending}
      error={dialogError(problem)}
      onCancel={onClose}
      onConfirm={submit}
    >
      <TextField
        label="Amount in USD"
        name="amount"
        inputMode="decimal"
        required
        value={amount}
        onChange={(e) => setAmount(e.target.value)}
        hint={s.refundAmountHint(left)}
        error={errors.amount_cents}
      />
      <div>
        <Button size="sm" variant="secondary" onClick={() => setAmount(order.refundable)}>
          {`${s.refundEverything} (${left})`}
        </Button>
      </div>
      <TextField
        label="Reason"
        name="reason"
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        required
        maxLength={500}
        error={errors.reason}
      />
    </Dialog>
  );
}
