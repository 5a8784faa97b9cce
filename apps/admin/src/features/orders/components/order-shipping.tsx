/**
 * The shipment of an order: where it goes, who buys (individual or business, with a resale certificate or not), the
 * service, the parcel's weight, what the customer paid for shipping and what the carrier charges, and tracking.
 */
import type { AdminOrderDetail } from '@bindery/contracts/admin/orders';
import { OrderAddress } from '@bindery/ui/order-address';
import { formatUsd } from '../lib/order-format';
import { Facts, orDash, Section, type Fact } from './order-facts';

const grams = (g: number) =>
  g >= 1000 ? `${(g / 1000).toLocaleString('en-US', { maximumFractionDigits: 2 })} kg` : `${g} g`;

export function ShippingSection({ order }: { order: AdminOrderDetail }) {
  const a = order.address;
  const svc = order.shipping_service;
  return (
    <Section id="order-shipping" title="Shipping">
      <Facts
        rows={[
          ['Ship to', <OrderAddress key="a" address={a} showPhone />],
          [
            'Buyer',
            `${a.account_type === 'enterprise' ? 'Enterprise / Business' : 'Individual'}${a.has_resale_cert ? ', resale certificate' : ''}`,
          ],
          ['Service', `${svc.courier_name} · ${svc.service_name} (${svc.delivery_time})`],
          ['Weight', grams(order.weight_grams)],
          ['Customer paid for shipping', formatUsd(order.shipping)],
          ...(order.carrier_charge ? [['Carrier charges', formatUsd(order.carrier_charge)] as Fact] : []),
          ['Carrier', orDash(order.carrier)],
          ['Tracking number', orDash(order.tracking_number)],
          [
            'Tracking link',
            order.tracking_url ? (
              <a key="t" href={order.tracking_url} target="_blank" rel="noreferrer noopener">
                {order.tracking_url}
              </a>
            ) : (
              '—'
            ),
          ],
        ]}
      />
    </Section>
  );
}
