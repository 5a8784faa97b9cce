/**
 * The staff actions of one order (issue 10 item 3; ADR 0030): a button per move the lifecycle table allows staff
 * from the current status (`availableTransitions(status, 'staff')` of @bindery/contracts/order-lifecycle, the same
 * table the API enforces), each asking for confirmation in a dialog: Start production, Mark shipped (carrier,
 * tracking number and link), Mark delivered, Cancel order (what happens to the money said first). The dialog shows
 * the server's refusal (a 409 naming both statuses, a 400 naming the field) and stays open; a success closes it and
 * says what the order became. After a refusal the order is read again: another staff member may have moved it.
 * Refund (while money is left to refund: all of it, or an amount, with a reason) and Reconcile with the provider
 * (an unpaid order with a payment attempt still open: a lost webhook) call the money routes (ADR 0022).
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ApiError } from '@bindery/api-client';
import { Alert } from '@bindery/ui/alert';
import { Button } from '@bindery/ui/button';
import { Dialog } from '@bindery/ui/dialog';
import { TextField } from '@bindery/ui/field';
import type { AdminOrderDetail, ChangeStatusBody } from '@bindery/contracts/admin/orders';
import { messages } from '@bindery/contracts/messages';
import {
  availableTransitions,
  type OrderStatus,
  type TransitionRule,
} from '@bindery/contracts/order-lifecycle';
import type { AttemptOutcome } from '@bindery/contracts/admin/payments';
import { parseCents } from '@bindery/pricing/money';
import { useChangeOrderStatus } from '../api/change-order-status';
import { getAdminOrderQueryOptions } from '../api/get-admin-order';
import { useReconcileOrder } from '../api/reconcile-order';
import { useRefundOrder } from '../api/refund-order';
import { formatUsd, orderStatusLabel } from '../lib/order-format';

const s = messages.orderScreens;
const m = messages.orders;

export type FieldErrors = Partial<Record<string, string>>;

/** The server's words for a failed request, and its per-field messages ("body.carrier" → carrier). */
export function problemOf(error: unknown): { text: string; fields: FieldErrors } {
  if (!(error instanceof ApiError)) return { text: messages.generic.serverError, fields: {} };
  const fields = Object.fromEntries(
    (error.body?.fields ?? []).map((f) => [f.path.replace(/^body\./, ''), f.message]),
  );
  return { text: error.message, fields };
}

function confirmText(order: AdminOrderDetail, to: OrderStatus): string {
  const n = order.order_number;
  switch (to) {
    case 'in_production':
      return s.confirm.in_production(n);
    case 'shipped':
      return s.confirm.shipped(n);
    case 'delivered':
      return s.confirm.delivered(n);
    case 'canceled':
      if (order.status === 'awaiting_payment') return s.confirm.canceledUnpaid(n);
      if (order.status === 'in_production') return s.confirm.canceledInProduction(n);
      return s.confirm.canceledPaid(n, formatUsd(order.refundable));
    default:
      return `${n}: ${orderStatusLabel(to)}?`;
  }
}

function NoteFields({
  note,
  setNote,
  shared,
  setShared,
  error,
}: {
  note: string;
  setNote: (v: string) => void;
  shared: boolean;
  setShared: (v: boolean) => void;
  error?: string;
}) {
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

function StatusDialog({
  order,
  rule,
  onClose,
  onDone,
}: {
  order: AdminOrderDetail;
  rule: TransitionRule;
  onClose: () => void;
  onDone: (text: string) => void;
}) {
  const client = useQueryClient();
  const change = useChangeOrderStatus(order.id);
  const shipping = rule.to === 'shipped';
  const [carrier, setCarrier] = useState(order.carrier ?? order.shipping_service.courier_name);
  const [trackingNumber, setTrackingNumber] = useState('');
  const [trackingUrl, setTrackingUrl] = useState('');
  const [note, setNote] = useState('');
  const [shared, setShared] = useState(false);
  const [local, setLocal] = useState<FieldErrors>({});

  const problem = change.isError ? problemOf(change.error) : null;
  const errors: FieldErrors = { ...problem?.fields, ...local };

  const submit = () => {
    if (shipping) {
      const missing: FieldErrors = {};
      if (!carrier.trim()) missing.carrier = m.carrierRequired;
      if (!trackingNumber.trim()) missing.tracking_number = m.trackingNumberRequired;
      setLocal(missing);
      if (Object.keys(missing).length > 0) return;
    }
    const body: ChangeStatusBody = {
      status: rule.to,
      ...(note.trim() ? { note: note.trim(), internal: !shared } : {}),
      ...(shipping
        ? {
            carrier: carrier.trim(),
            tracking_number: trackingNumber.trim(),
            ...(trackingUrl.trim() ? { tracking_url: trackingUrl.trim() } : {}),
          }
        : {}),
    };
    change.mutate(body, {
      onSuccess: (data) => onDone(s.moved(data.order.order_number, orderStatusLabel(data.order.status))),
      // Another staff member may have moved the order: show it as it is now behind the dialog.
      onError: () =>
        void client.invalidateQueries({ queryKey: getAdminOrderQueryOptions(order.id).queryKey }),
    });
  };

  let fields: ReactNode = (
    <NoteFields note={note} setNote={setNote} shared={shared} setShared={setShared} error={errors.note} />
  );
  if (shipping) {
    fields = (
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
        {fields}
      </>
    );
  }

  return (
    <Dialog
      title={rule.action ?? orderStatusLabel(rule.to)}
      message={<p>{confirmText(order, rule.to)}</p>}
      confirmLabel={rule.action ?? orderStatusLabel(rule.to)}
      confirmVariant={rule.to === 'canceled' ? 'danger' : 'primary'}
      cancelLabel="Back"
      role="dialog"
      busy={change.isPending}
      error={problem && Object.keys(problem.fields).length === 0 ? problem.text : null}
      onCancel={onClose}
      onConfirm={submit}
    >
      {fields}
    </Dialog>
  );
}

const isPositive = (amount: string) => /[1-9]/.test(amount);

/** "12.5" → 1250 cents, or null when it is not an amount of dollars and cents. */
function centsOf(text: string): number | null {
  const t = text.trim().replace(/^\$/, '');
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(t)) return null;
  return parseCents(t);
}

function RefundDialog({
  order,
  onClose,
  onDone,
}: {
  order: AdminOrderDetail;
  onClose: () => void;
  onDone: (text: string) => void;
}) {
  const refund = useRefundOrder(order.id);
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [local, setLocal] = useState<FieldErrors>({});
  const left = formatUsd(order.refundable);
  const problem = refund.isError ? problemOf(refund.error) : null;
  const errors: FieldErrors = { ...problem?.fields, ...local };

  const submit = () => {
    const missing: FieldErrors = {};
    const cents = amount.trim() ? centsOf(amount) : undefined;
    if (cents === null || (cents !== undefined && (cents <= 0 || cents > parseCents(order.refundable)))) {
      missing.amount_cents = s.refundAmountInvalid(left);
    }
    if (!reason.trim()) missing.reason = s.refundReasonRequired;
    setLocal(missing);
    if (Object.keys(missing).length > 0) return;
    refund.mutate(
      { reason: reason.trim(), ...(cents ? { amount_cents: cents } : {}) },
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
      error={problem && Object.keys(problem.fields).length === 0 ? problem.text : null}
      onCancel={onClose}
      onConfirm={submit}
    >
      <TextField
        label="Amount in USD (optional)"
        name="amount"
        inputMode="decimal"
        placeholder={order.refundable}
        value={amount}
        onChange={(e) => setAmount(e.target.value)}
        hint={`Leave empty to refund all that is left (${left}).`}
        error={errors.amount_cents}
      />
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

function ReconcileDialog({
  order,
  onClose,
  onDone,
}: {
  order: AdminOrderDetail;
  onClose: () => void;
  onDone: (text: string) => void;
}) {
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

type Open = { kind: 'status'; rule: TransitionRule } | { kind: 'refund' } | { kind: 'reconcile' };

export function OrderActions({ order }: { order: AdminOrderDetail }) {
  const rules = availableTransitions(order.status, 'staff');
  const canRefund = isPositive(order.refundable);
  // A payment attempt still open on our side may have been paid at the provider (a lost webhook).
  const canReconcile =
    order.status === 'awaiting_payment' && order.payments.some((p) => p.status === 'created');
  const [open, setOpen] = useState<Open | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const result = useRef<HTMLDivElement>(null);

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
              onClick={() => {
                setDone(null);
                setOpen({ kind: 'status', rule });
              }}
            >
              {rule.action ?? orderStatusLabel(rule.to)}
            </Button>
          ))}
          {canRefund ? (
            <Button
              variant="secondary"
              onClick={() => {
                setDone(null);
                setOpen({ kind: 'refund' });
              }}
            >
              {s.refund}
            </Button>
          ) : null}
          {canReconcile ? (
            <Button
              variant="secondary"
              onClick={() => {
                setDone(null);
                setOpen({ kind: 'reconcile' });
              }}
            >
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
