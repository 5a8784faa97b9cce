/**
 * Reconcile with the provider (ADR 0022): for an unpaid order with a payment attempt still open (a lost webhook),
 * ask Stripe or PayPal what became of each attempt; the answer is one sentence per attempt.
 */
import { Dialog } from '@bindery/ui/dialog';
import type { AttemptOutcome } from '@bindery/contracts/admin/payments';
import { messages } from '@bindery/contracts/messages';
import { useReconcileOrder } from '../api/reconcile-order';
import { type OrderDialogProps, problemOf } from '../lib/order-dialog';

const s = messages.orderScreens;

const OUTCOMES: Record<AttemptOutcome, string> = {
  paid: 'paid: the order is now paid',
  duplicate: 'paid, but the order no longer awaited it: refunded automatically',
  already_completed: 'already recorded',
  open: 'not paid yet',
  processing: 'the money is on its way',
  closed: 'closed at the provider',
  mismatch: 'the amount differs from the order (left for review)',
  refused: 'the provider refused to capture',
  unreachable: 'the provider did not answer; asked again next time',
};

export function ReconcileDialog({ order, onClose, onDone }: OrderDialogProps) {
  const reconcile = useReconcileOrder(order.id);
  const problem = reconcile.isError ? problemOf(reconcile.error) : null;
  return (
    <Dialog
      title={s.reconcile}
      message={<p>{s.reconcileConfirm(order.order_number)}</p>}
      confirmLabel={s.reconcile}
      cancelLabel="Back"
      busy={reconcile.isPending}
      error={problem?.text ?? null}
      onCancel={onClose}
      onConfirm={() =>
        reconcile.mutate(undefined, {
          onSuccess: (data) =>
            onDone(
              data.attempts.length === 0
                ? s.reconcileNothing
                : data.attempts
                    .map(
                      (a) =>
                        `${a.provider === 'stripe' ? 'Stripe' : 'PayPal'} ${a.provider_reference}: ${OUTCOMES[a.outcome]}.`,
                    )
                    .join(' '),
            ),
        })
      }
    />
  );
}
