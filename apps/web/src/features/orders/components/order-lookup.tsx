/**
 * /resources/order-lookup (also the header's /resources/orderlookup; ADR 0030): one of the
 * customer's own orders found by its number (GET api/orders/lookup/?number=), with its status, total and
 * tracking, and a link to its page. Login required (orders are private); the server's 'not found' for any number
 * that is not one of the customer's orders, and its own words for a number it cannot read.
 */
import { useState, type SubmitEvent } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { Alert } from '@bindery/ui/alert';
import { Button } from '@bindery/ui/button';
import { TextField } from '@bindery/ui/field';
import { messages } from '@bindery/contracts/messages';
import { errorText } from '#lib/error-text.ts';
import { OrderNumberInput } from '@bindery/contracts/store/orders';
import { formatUsd } from '@bindery/ui/format';
import { useLookupOrder } from '../api/lookup-order';
import { formatDate } from '../lib/order-display';
import { OrderStatusBadge } from '@bindery/ui/order-status-badge';
import { TrackingLink } from './tracking-link';

const s = messages.orderScreens;

function Finder({ userId }: { userId: number }) {
  const [text, setText] = useState('');
  const [number, setNumber] = useState('');
  const [invalid, setInvalid] = useState<string | undefined>();
  const found = useLookupOrder(userId, number);

  const submit = (e: SubmitEvent) => {
    e.preventDefault();
    const parsed = OrderNumberInput.safeParse(text);
    if (!parsed.success) {
      setInvalid(messages.orders.lookupNumberInvalid);
      return;
    }
    setInvalid(undefined);
    if (parsed.data === number) void found.refetch();
    else setNumber(parsed.data);
  };

  const order = found.data?.order;
  const error = found.isError ? errorText(found.error, s.loadOrderFailed) : null;

  return (
    <>
      <form
        className="b-stack"
        onSubmit={submit}
        noValidate
        role="search"
        aria-label="Order lookup"
        style={{ maxWidth: 480 }}
      >
        <TextField
          label={s.lookupLabel}
          name="number"
          placeholder="BND-000042"
          autoComplete="off"
          value={text}
          onChange={(e) => setText(e.target.value)}
          error={invalid}
        />
        <div className="b-row">
          <Button type="submit" busy={found.isFetching}>
            {s.lookupButton}
          </Button>
        </div>
      </form>
      {error && !invalid ? <Alert tone="error">{error}</Alert> : null}
      {order && !invalid && !found.isError ? (
        <section className="b-card b-stack" aria-labelledby="lookup-result" aria-live="polite">
          <h2 id="lookup-result">Order {order.order_number}</h2>
          <dl className="b-facts">
            <dt>Status</dt>
            <dd>
              <OrderStatusBadge status={order.status} />
            </dd>
            <dt>Placed</dt>
            <dd>{formatDate(order.created_at)}</dd>
            <dt>Total</dt>
            <dd>{formatUsd(order.total)}</dd>
            <dt>Books</dt>
            <dd>
              {order.items.map((i) => `${i.title || messages.projects.untitled} × ${i.quantity}`).join(', ')}
            </dd>
            <dt>Tracking</dt>
            <dd>
              <TrackingLink order={order} />
            </dd>
          </dl>
          <p style={{ margin: 0 }}>
            <Link className="b-btn b-btn--primary" to={`/orders/${order.id}`}>
              See order {order.order_number}
            </Link>
          </p>
        </section>
      ) : null}
    </>
  );
}

export function OrderLookup({ userId }: { userId: number | null }) {
  const location = useLocation();
  return (
    <div className="b-container b-stack">
      <p className="b-eyebrow">Resources</p>
      <h1>{s.lookupTitle}</h1>
      <p className="b-lead">{s.lookupIntro}</p>
      {userId ? (
        <Finder userId={userId} />
      ) : (
        <>
          <p>{s.lookupLogin}</p>
          <div className="b-row">
            <Link className="b-btn b-btn--primary" to="/login" state={{ from: location.pathname }}>
              Go to Login
            </Link>
          </div>
        </>
      )}
    </div>
  );
}
