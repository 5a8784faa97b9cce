/** /admin/order-info?id=: one order, with the actions its status allows (GET api/admin/orders/{id}/). */
import { OrderInfo } from '#features/orders/components/order-info.tsx';

export default function OrderInfoRoute() {
  return <OrderInfo />;
}
