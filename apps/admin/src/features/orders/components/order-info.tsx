/**
 * Order Details, /admin/order-info?id= (docs/spec/calculators-account-admin.md §2; reworked, ADR 0030):
 * everything of GET api/admin/orders/{id}/ that staff need to produce, ship, refund and answer questions: the
 * actions the status allows, the customer, each book (every option by name, photo-book extras too, pages,
 * copies, unit and line price, the files with View and Download, the cover-expert request), the shipment (address,
 * service, weight, carrier and tracking), the amounts with the tax reason, the payments with their provider
 * references, the refunds and the event timeline. The id in the address is the only input, so a reload or a
 * shared link shows the same order. Missing or unknown: 'Order Not Found' with 'Back to Orders'.
 */
import { useSearchParams } from 'react-router-dom';
import { ApiError } from '@bindery/api-client';
import { Alert } from '@bindery/ui/alert';
import { IdParam } from '@bindery/contracts/common';
import { messages } from '@bindery/contracts/messages';
import { useAdminOrder } from '../api/get-admin-order';
import { OrderDetails } from './order-details';
import { BACK } from './order-facts';

function NotFound({ failed }: { failed?: boolean }) {
  return (
    <div className="b-stack">
      <h1>{messages.admin.orderNotFound}</h1>
      {failed ? <Alert tone="error">{messages.orderScreens.loadOrderFailed}</Alert> : null}
      <p>{BACK}</p>
    </div>
  );
}

/** Reads ?id= and shows that order. */
export function OrderInfo() {
  const [params] = useSearchParams();
  const parsed = IdParam.safeParse(params.get('id') ?? undefined);
  const id = parsed.success ? parsed.data : 0;
  const order = useAdminOrder(id, { enabled: parsed.success });

  if (!parsed.success) return <NotFound />;
  if (order.isPending) return <p role="status">{messages.admin.loadingOrders}</p>;
  if (order.isError) {
    const missing =
      order.error instanceof ApiError && (order.error.status === 404 || order.error.status === 400);
    return <NotFound failed={!missing} />;
  }
  return <OrderDetails order={order.data.order} />;
}
