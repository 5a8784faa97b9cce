/**
 * One staff move's confirmation (order-actions.tsx): the question says what the move does (for a cancel, what
 * happens to the money), marking shipped asks for the shipment, every move takes an optional note. The server's
 * refusal (a 409 naming both statuses, a 400 naming the field) shows in the dialog, which stays open.
 */
import { Dialog } from '@bindery/ui/dialog';
import type { AdminOrderDetail } from '@bindery/contracts/admin/orders';
import { messages } from '@bindery/contracts/messages';
import { orderStatusLabel, unhandledStatus, type TransitionRule } from '@bindery/contracts/order-lifecycle';
import { useStatusChange } from '../hooks/use-status-change';
import { formatUsd } from '../lib/order-format';
import { dialogError, type OrderDialogProps } from '../lib/order-dialog';
import { holdTexts } from '@bindery/contracts/store/order-hold';
import { HoldFields } from './order-hold-fields';
import { NoteFields, ShipmentFields } from './order-status-fields';

const s = messages.orderScreens;

/**
 * The question for a move to `rule.to`, one case per status: a new status fails the typecheck here (and throws
 * rather than asks a question nobody wrote; docs/decisions/0057). A cancel says what happens to the money, from
 * what the table requires of it.
 */
export function confirmText(order: AdminOrderDetail, rule: TransitionRule): string {
  const n = order.order_number;
  const to = rule.to;
  // Back from a hold (ADR 0072): whichever status it returns to.
  if (order.status === 'on_hold' && to !== 'canceled')
    return holdTexts.confirmRelease(n, orderStatusLabel(to).toLowerCase());
  switch (to) {
    case 'in_production':
      return s.confirm.in_production(n);
    case 'on_hold':
      return holdTexts.confirmHold(n);
    case 'shipped':
      return s.confirm.shipped(n);
    case 'delivered':
      return s.confirm.delivered(n);
    case 'canceled':
      if (rule.requires.includes('refund')) return s.confirm.canceledInProduction(n);
      if (rule.requires.includes('full_refund'))
        return s.confirm.canceledPaid(n, formatUsd(order.refundable));
      return s.confirm.canceledUnpaid(n);
    // No staff move leads here (only the payment, only the insert); the table would have to change first.
    case 'awaiting_payment':
    case 'paid':
      return `${n}: ${orderStatusLabel(to)}?`;
    default:
      return unhandledStatus(to);
  }
}

export function StatusDialog({ order, rule, onClose, onDone }: OrderDialogProps & { rule: TransitionRule }) {
  const { shipping, shipment, hold, note, errors, problem, busy, submit } = useStatusChange(
    order,
    rule,
    onDone,
  );
  const title = rule.action ?? orderStatusLabel(rule.to);
  return (
    <Dialog
      title={title}
      message={<p>{confirmText(order, rule)}</p>}
      confirmLabel={title}
      confirmVariant={rule.to === 'canceled' ? 'danger' : 'primary'}
      cancelLabel="Back"
      role="dialog"
      busy={busy}
      error={dialogError(problem)}
      onCancel={onClose}
      onConfirm={submit}
    >
      {shipping ? <ShipmentFields {...shipment} errors={errors} /> : null}
      {hold ? (
        <HoldFields {...hold} note={note.note} setNote={note.setNote} errors={errors} />
      ) : (
        <NoteFields {...note} error={errors.note} />
      )}
    </Dialog>
  );
}
