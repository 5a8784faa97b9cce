/**
 * Paying an order awaiting payment (docs/spec/customer-journey.md §2 Payment, §4 Payment method, §8): credit card (the
 * default; the card itself is typed on the provider's page, so no card field is shown here: ADR 0059) or PayPal.
 * The browser names only the order: the server charges what it stored (docs/decisions/0014). Methods this server
 * has no keys for (GET /api/config → payments) are shown disabled; in test payment mode (Bindery's own test
 * servers, docs/decisions/0028) the page says that no real money is taken.
 */
import { useState } from 'react';
import { Alert } from '@bindery/ui/alert';
import { Button } from '@bindery/ui/button';
import { ChoiceCard } from '@bindery/ui/choice-card';
import { messages } from '@bindery/contracts/messages';
import type { Order } from '@bindery/contracts/store/checkout';
import { formatUsd } from '@bindery/ui/format';
import { useCreateCheckoutSession } from '../api/create-checkout-session';
import { NoApprovalUrlError, useCreatePaypalPayment } from '../api/create-paypal-payment';
import { usePaymentMethods } from '../api/get-payment-methods';
import { errorText, isSessionExpired } from '#lib/error-text.ts';
import { useLeaveSite } from '#lib/leave-site.tsx';
import { isPositiveAmount } from '../lib/amount';

const m = messages.payments;
type Method = 'card' | 'paypal';

/** The server's explanation when it gave one (a refused session, an order no longer payable), else `fallback`. */
function payErrorText(error: unknown, fallback: string): string {
  if (error instanceof NoApprovalUrlError) return error.message;
  if (isSessionExpired(error)) return messages.generic.sessionExpired;
  return errorText(error, fallback);
}

/**
 * `difference` (docs/decisions/0077): pays the unpaid higher price difference of an order on hold instead of its
 * total — the amount shown is the server's `hold.difference_due`, and the server charges its own figure.
 */
export function PaymentForm({ order, difference }: { order: Order; difference?: { amount: string; title: string } }) {
  const config = usePaymentMethods();
  // Until the config answers (or if it cannot), offer both: the pay call itself refuses a method without keys.
  const offered = config.data ?? { card: true, paypal: true };
  const [picked, setPicked] = useState<Method | null>(null);
  const method: Method | null =
    picked && offered[picked] ? picked : offered.card ? 'card' : offered.paypal ? 'paypal' : null;
  const card = useCreateCheckoutSession();
  const paypal = useCreatePaypalPayment();
  const leave = useLeaveSite();
  const [leaving, setLeaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const amount = difference?.amount ?? order.total;
  const payable = isPositiveAmount(amount);
  const body = difference ? { order_id: order.id, purpose: 'difference' as const } : { order_id: order.id };

  async function pay() {
    setFailure(null);
    try {
      const url =
        method === 'card'
          ? (await card.mutateAsync(body)).url
          : (await paypal.mutateAsync(body)).approval_url;
      // The page stays busy until the browser has left for the provider.
      setLeaving(true);
      leave(url);
    } catch (error) {
      setFailure(payErrorText(error, method === 'card' ? m.checkoutFailed : m.paypalFailed));
    }
  }

  const busy = card.isPending || paypal.isPending || leaving;
  return (
    <section className="b-card b-stack" aria-labelledby="payment-method-title">
      <h2 id="payment-method-title">{difference?.title ?? 'Payment method'}</h2>
      {config.data?.test_mode ? <Alert tone="warning">{m.testModeBanner}</Alert> : null}
      <fieldset className="b-fieldset" disabled={busy}>
        <legend>How would you like to pay?</legend>
        <ChoiceCard
          name="payment_method"
          value="card"
          checked={method === 'card'}
          disabled={!offered.card}
          onChange={() => setPicked('card')}
        >
          <strong>Credit card</strong>
          {offered.card ? null : <span className="b-muted">{m.cardNotConfigured}</span>}
        </ChoiceCard>
        <ChoiceCard
          name="payment_method"
          value="paypal"
          checked={method === 'paypal'}
          disabled={!offered.paypal}
          onChange={() => setPicked('paypal')}
        >
          <strong>PayPal</strong>
          {offered.paypal ? null : <span className="b-muted">{m.paypalNotConfigured}</span>}
        </ChoiceCard>
      </fieldset>
      {method === 'card' ? (
        // No card boxes here: the provider's page takes the card (docs/decisions/0059), so the Pay button stays in
        // view on a phone.
        <p className="b-muted">
          You enter your card on our payment provider&apos;s secure page, which opens next. Bindery never sees
          or stores your card number.
        </p>
      ) : null}
      {method === 'paypal' ? (
        <p className="b-muted">You approve the payment on PayPal&apos;s page, then come back here.</p>
      ) : null}
      {method === null ? (
        <Alert tone="warning">Online payment is not available right now. Please try again later.</Alert>
      ) : null}
      {!payable ? <Alert tone="error">{m.invalidAmount}</Alert> : null}
      {failure ? <Alert tone="error">{failure}</Alert> : null}
      <div>
        <Button onClick={() => void pay()} busy={busy} disabled={method === null || !payable}>
          {paypal.isPending || (leaving && method === 'paypal')
            ? 'Processing...'
            : method === 'paypal'
              ? `Pay ${formatUsd(amount)} with PayPal`
              : `Pay ${formatUsd(amount)} by card`}
        </Button>
      </div>
    </section>
  );
}
