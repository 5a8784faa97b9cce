/**
 * The staff actions of one order (issue 10 item 3; ADR 0030): a button per move the lifecycle table allows staff
 * from the current status (`availableTransitions(status, 'staff')` of @bindery/contracts/order-lifecycle, the same
 * table the API enforces), each asking for confirmation in a dialog: Start production, Mark shipped (carrier,
 * tracking number and link), Mark delivered, Cancel order (what happens to the money said first). The dialog shows
 * the server's refusal (a 409 naming both statuses, a 400 naming the field) and stays open; a success closes it and
 * says what the order became. After a refusal the order is read again: another staff member may have moved it.
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
import { useChangeOrderStatus } from '../api/change-order-status';
import { getAdminOrderQueryOptions } from '../api/get-admin-order';
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

export function OrderActions({ order }: { order: AdminOrderDetail }) {
  const rules = availableTransitions(order.status, 'staff');
  const [open, setOpen] = useState<TransitionRule | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const result = useRef<HTMLDivElement>(null);

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
      {rules.length === 0 ? (
        <p className="b-muted">{s.noActions}</p>
      ) : (
        <div className="b-row">
          {rules.map((rule) => (
            <Button
              key={rule.to}
              variant={rule.to === 'canceled' ? 'danger' : 'primary'}
              onClick={() => {
                setDone(null);
                setOpen(rule);
              }}
            >
              {rule.action ?? orderStatusLabel(rule.to)}
            </Button>
          ))}
        </div>
      )}
      {open ? (
        <StatusDialog
          key={open.to}
          order={order}
          rule={open}
          onClose={() => setOpen(null)}
          onDone={(text) => {
            setOpen(null);
            setDone(text);
          }}
        />
      ) : null}
    </section>
  );
}
