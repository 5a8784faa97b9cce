/** Where an order goes (or, for e-books alone, whom it bills), by which service, and how it was paid. */
import type { Order } from '@bindery/contracts/store/checkout';
import { OrderAddress } from '@bindery/ui/order-address';
import { shippingServiceName } from '#lib/shipping-service-name.ts';
import { isDigitalOrder } from '#lib/digital-order.ts';
import { formatDateTime } from '../lib/order-display';

export function OrderDelivery({ order }: { order: Order }) {
  const a = order.address;
  const digital = isDigitalOrder(order);
  return (
    <section className="b-card b-stack" aria-labelledby="order-delivery">
      <h2 id="order-delivery">Delivery and payment</h2>
      <dl className="b-facts">
        <dt>{digital ? 'Billing address' : 'Ships to'}</dt>
        <dd>
          <OrderAddress address={a} />
        </dd>
        <dt>Service</dt>
        <dd>
          {shippingServiceName(order.shipping_service)} ({order.shipping_service.delivery_time})
        </dd>
        <dt>Payment</dt>
        <dd>
          {order.payment_method === 'card'
            ? 'Card'
            : order.payment_method === 'paypal'
              ? 'PayPal'
              : 'Not paid'}
          {order.paid_at ? `, ${formatDateTime(order.paid_at)}` : ''}
        </dd>
      </dl>
    </section>
  );
}
