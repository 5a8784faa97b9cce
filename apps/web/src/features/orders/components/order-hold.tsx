/**
 * The order page's hold and cancel window (docs/decisions/0072). On hold: what is wrong (the reason, staff's
 * message, what to do), a replacement's price difference, and per printed book a new interior or cover to upload
 * (kept only when it passes the print checks; the server's refusal says why). Within the cancel window of a paid
 * order: until when it may be canceled, and the cancel (refunded in full), confirmed first; or another address.
 */
import { useState } from 'react';
import { ApiError } from '@bindery/api-client';
import { Alert } from '@bindery/ui/alert';
import { Button } from '@bindery/ui/button';
import type { Order } from '@bindery/contracts/store/checkout';
import { orderHoldTexts as h } from '@bindery/contracts/store/order-hold';
import { useCancelOrder, useReplaceFile } from '../api/order-changes';
import { formatDateTime } from '../lib/order-display';
import { AddressChange } from './order-address-change';

const problemText = (error: unknown) =>
  error instanceof ApiError && error.body ? error.body.error : h.somethingFailed;

function ReplaceBook({ order, item }: { order: Order; item: Order['items'][number] }) {
  const replace = useReplaceFile(order.id);
  const [done, setDone] = useState<string | null>(null);
  const pick = (kind: 'interior' | 'cover') => (e: React.ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    setDone(null);
    replace.mutate(
      { projectId: item.project_id, kind, file },
      { onSuccess: () => setDone(h.replacedFor(item.title, kind)) },
    );
  };
  return (
    <li className="b-stack" style={{ gap: 'var(--b-space-1)' }}>
      <strong>{item.title}</strong>
      <label>
        {h.newInterior}{' '}
        <input
          type="file"
          accept="application/pdf"
          disabled={replace.isPending}
          onChange={pick('interior')}
        />
      </label>
      <label>
        {h.newCover}{' '}
        <input
          type="file"
          accept="application/pdf,image/jpeg,image/png"
          disabled={replace.isPending}
          onChange={pick('cover')}
        />
      </label>
      {replace.isPending ? <p role="status">{h.checking}</p> : null}
      {replace.isError ? <Alert tone="error">{problemText(replace.error)}</Alert> : null}
      {done ? <Alert tone="success">{done}</Alert> : null}
    </li>
  );
}

/** Renders the payment form for a hold's unpaid difference (the app passes the checkout feature's). */
export type PayDifference = (props: {
  order: Order;
  difference: { amount: string; title: string };
}) => React.ReactNode;

export function OrderHold({ order, payDifference }: { order: Order; payDifference?: PayDifference }) {
  const { hold } = order;
  if (!hold) return null;
  const difference = hold.price_difference;
  return (
    <section className="b-card b-stack" aria-labelledby="order-hold">
      <h2 id="order-hold">{h.heading}</h2>
      <Alert tone="warning">
        <p>{h.whatIsWrong(hold.reason_label)}</p>
        <p>{hold.message}</p>
        <p>{hold.todo}</p>
      </Alert>
      {difference !== null && hold.difference_paid === null ? (
        <p>
          {difference.startsWith('-') ? h.customerRefunded(difference.slice(1)) : h.customerToPay(difference)}
        </p>
      ) : null}
      {hold.difference_paid !== null && hold.difference_due === null ? (
        <Alert tone="success">{h.differencePaid(hold.difference_paid)}</Alert>
      ) : null}
      {hold.difference_due !== null && payDifference
        ? // The payment page's own form, for the difference alone (ADR 0077): card or PayPal, the server's amount.
          payDifference({
            order,
            difference: { amount: hold.difference_due, title: h.payDifference(hold.difference_due) },
          })
        : null}
      <ul className="b-stack" aria-label={h.uploadHere}>
        {order.items
          .filter((item) => item.downloads === null)
          .map((item) => (
            <ReplaceBook key={item.project_id} order={order} item={item} />
          ))}
      </ul>
    </section>
  );
}

export function CancelWindow({ order }: { order: Order }) {
  const cancel = useCancelOrder(order.id);
  const [asking, setAsking] = useState(false);
  const until = order.cancelable_until;
  if (!until || order.status !== 'paid') return null;
  return (
    <section className="b-card b-stack b-no-print" aria-labelledby="order-cancel">
      <h2 id="order-cancel">{h.cancelHeading}</h2>
      <p>{h.cancelUntil(formatDateTime(until))}</p>
      <AddressChange order={order} />
      {cancel.isError ? <Alert tone="error">{problemText(cancel.error)}</Alert> : null}
      {asking ? (
        <div className="b-row">
          <p style={{ margin: 0 }}>{h.cancelConfirm(order.order_number, order.total)}</p>
          <Button variant="danger" disabled={cancel.isPending} onClick={() => cancel.mutate(undefined)}>
            {h.cancelYes}
          </Button>
          <Button variant="secondary" onClick={() => setAsking(false)}>
            {h.cancelNo}
          </Button>
        </div>
      ) : (
        <div className="b-row">
          <Button variant="secondary" onClick={() => setAsking(true)}>
            {h.cancelOrder}
          </Button>
        </div>
      )}
    </section>
  );
}
