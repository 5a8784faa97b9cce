/**
 * The staff actions of one order (ADR 0030): a button per move the lifecycle table allows staff
 * from the current status (`availableTransitions(status, 'staff')` of @bindery/contracts/order-lifecycle, the same
 * table the API enforces), each asking for confirmation in a dialog: Start production, Mark shipped (carrier,
 * tracking number and link), Mark delivered, Cancel order (what happens to the money said first). The dialog shows
 * the server's refusal (a 409 naming both statuses, a 400 naming the field) and stays open; a success closes it and
 * says what the order became. After a refusal the order is read again: another staff member may have moved it.
 * Refund (while money is left to refund: all of it, or an amount, with a reason) and Reconcile with the provider
 * (an unpaid order with a payment attempt still open: a lost webhook) call the money routes (ADR 0022).
 * Each dialog is its own file: order-status-dialog (with hooks/use-status-change), order-refund-dialog,
 * order-reconcile-dialog.
 */
import { useEffect, useRef, useState } from 'react';
import { Alert } from '@bindery/ui/alert';
import { Button } from '@bindery/ui/button';
import type { AdminOrderDetail } from '@bindery/contracts/admin/orders';
import { messages } from '@bindery/contracts/messages';
import {
  availableTransitions,
  orderStatusLabel,
  type TransitionRule,
} from '@bindery/contracts/order-lifecycle';
import { isPositiveAmount } from '@bindery/ui/format';
import { OrderHoldSummary } from './order-hold-summary';
import { ReconcileDialog } from './order-reconcile-dialog';
import { RefundDialog } from './order-refund-dialog';
import { StatusDialog } from './order-status-dialog';

const s = messages.orderScreens;

type Open = { kind: 'status'; rule: TransitionRule } | { kind: 'refund' } | { kind: 'reconcile' };

export function OrderActions({ order }: { order: AdminOrderDetail }) {
  // The server's next_statuses: a hold is released only back to where it was (ADR 0072).
  const rules = availableTransitions(order.status, 'staff').filter((r) => order.next_statuses.includes(r.to));
  const canRefund = isPositiveAmount(order.refundable);
  // A payment attempt still open on our side may have been paid at the provider (a lost webhook).
  const canReconcile =
    order.status === 'awaiting_payment' && order.payments.some((p) => p.status === 'created');
  const [open, setOpen] = useState<Open | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const result = useRef<HTMLDivElement>(null);

  const ask = (next: Open) => {
    setDone(null);
    setOpen(next);
  };
  const close = () => setOpen(null);
  const finish = (text: string) => {
    setOpen(null);
    setDone(text);
  };

  // The button that opened the dialog may be gone with the old status: the result takes the focus instead.
  useEffect(() => {
    if (done) result.current?.focus();
  }, [done]);

  return (
    <section className="b-card b-stack" aria-labelledby="order-actions">
      <h2 id="order-actions">Actions</h2>
      <OrderHoldSummary order={order} />
      {done ? (
        <div ref={result} tabIndex={-1}>
          <Alert tone="success">{done}</Alert>
        </div>
      ) : null}
      {rules.length === 0 && !canRefund && !canReconcile ? (
        <p className="b-muted">{s.noActions}</p>
      ) : (
        <div className="b-row">
          {rules.map((rule) => (
            <Button
              key={rule.to}
              variant={rule.to === 'canceled' ? 'danger' : 'primary'}
              onClick={() => ask({ kind: 'status', rule })}
            >
              {rule.action ?? orderStatusLabel(rule.to)}
            </Button>
          ))}
          {canRefund ? (
            <Button variant="secondary" onClick={() => ask({ kind: 'refund' })}>
              {s.refund}
            </Button>
          ) : null}
          {canReconcile ? (
            <Button variant="secondary" onClick={() => ask({ kind: 'reconcile' })}>
              {s.reconcile}
            </Button>
          ) : null}
        </div>
      )}
      {open?.kind === 'status' ? (
        <StatusDialog key={open.rule.to} order={order} rule={open.rule} onClose={close} onDone={finish} />
      ) : null}
      {open?.kind === 'refund' ? <RefundDialog order={order} onClose={close} onDone={finish} /> : null}
      {open?.kind === 'reconcile' ? <ReconcileDialog order={order} onClose={close} onDone={finish} /> : null}
    </section>
  );
}
