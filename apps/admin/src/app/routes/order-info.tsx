/** /admin/order-info: one order's details (from navigation state, or ?id= after a reload). */
import { OrderInfo } from '../../features/orders/components/order-info';

export default function OrderInfoRoute() {
  return <OrderInfo />;
}
