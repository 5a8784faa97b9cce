/**
 * What staff read above the actions (docs/decisions/0072): while paid, when "Start production" becomes possible
 * (the customer's cancel window); while on hold, the reason, since when, and a replacement's price difference:
 * refunded, unpaid (the release waits for it) or paid by the customer (docs/decisions/0077).
 */
import { Alert } from '@bindery/ui/alert';
import type { AdminOrderDetail } from '@bindery/contracts/admin/orders';
import { holdTexts } from '@bindery/contracts/store/order-hold';
import { formatDateTime } from '../lib/order-format';

export function OrderHoldSummary({ order, now = new Date() }: { order: AdminOrderDetail; now?: Date }) {
  const { hold } = order;
  if (hold) {
    const difference = hold.price_difference;
    return (
      <Alert tone="warning">
        <p>{holdTexts.heldBecause(`${hold.reason_label} — ${hold.message}`, formatDateTime(hold.since))}</p>
        {difference !== null ? (
          <p>
            {difference.startsWith('-')
              ? holdTexts.differenceRefunded(difference.slice(1))
              : hold.difference_due !== null
                ? holdTexts.differenceToPay(hold.difference_due)
                : holdTexts.differencePaidByCustomer(hold.difference_paid ?? difference)}
          </p>
        ) : null}
      </Alert>
    );
  }
  const allowed = order.production_allowed_at;
  if (allowed !== null && new Date(allowed) > now) {
    return <p className="b-muted">{holdTexts.productionFrom(formatDateTime(allowed))}</p>;
  }
  return null;
}
