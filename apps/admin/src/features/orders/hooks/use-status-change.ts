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

  return {
    shipping,
    shipment: { carrier, setCarrier, trackingNumber, setTrackingNumber, trackingUrl, setTrackingUrl },
    note: { note, setNote, shared, setShared },
    errors,
    problem,
    busy: change.isPending,
    submit,
  };
}

export type StatusChange = ReturnType<typeof useStatusChange>;
