/**
 * The state of one staff move's dialog (order-status-dialog.tsx): the shipment's carrier, tracking number and link
 * (to mark it shipped), the note and whether the customer sees it, the checks made before asking the server
 * (carrier and tracking number are required to ship) and the request. After a refusal the order is read again:
 * another staff member may have moved it.
 */
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { AdminOrderDetail, ChangeStatusBody } from '@bindery/contracts/admin/orders';
import { messages } from '@bindery/contracts/messages';
import { orderStatusLabel, type TransitionRule } from '@bindery/contracts/order-lifecycle';
import { holdTexts, type HoldReason } from '@bindery/contracts/store/order-hold';
import { useChangeOrderStatus } from '../api/change-order-status';
import { getAdminOrderQueryOptions } from '../api/get-admin-order';
import { problemOf, type FieldErrors } from '../lib/order-dialog';

const s = messages.orderScreens;
const m = messages.orders;

export function useStatusChange(
  order: AdminOrderDetail,
  rule: TransitionRule,
  onDone: (text: string) => void,
) {
  const client = useQueryClient();
  const change = useChangeOrderStatus(order.id);
  const shipping = rule.to === 'shipped';
  const holding = rule.to === 'on_hold';
  const [holdReason, setHoldReason] = useState<HoldReason | ''>('');
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
    if (holding) {
      const missing: FieldErrors = {};
      if (!holdReason) missing.hold_reason = holdTexts.reasonRequired;
      if (!note.trim()) missing.note = holdTexts.messageRequired;
      setLocal(missing);
      if (Object.keys(missing).length > 0) return;
    }
    const body: ChangeStatusBody = {
      status: rule.to,
      ...(note.trim() ? { note: note.trim(), internal: !shared } : {}),
      // The hold's message is the customer's to read (ADR 0072).
      ...(holding && holdReason ? { hold_reason: holdReason, internal: false } : {}),
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

  return {
    shipping,
    shipment: { carrier, setCarrier, trackingNumber, setTrackingNumber, trackingUrl, setTrackingUrl },
    hold: holding ? { holdReason, setHoldReason } : null,
    note: { note, setNote, shared, setShared },
    errors,
    problem,
    busy: change.isPending,
    submit,
  };
}

export type StatusChange = ReturnType<typeof useStatusChange>;
