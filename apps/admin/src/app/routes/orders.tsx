/** /admin/orders: Order Management. */
import { OrderList } from '#features/orders/components/order-list.tsx';

export default function OrdersRoute() {
  return <OrderList />;
}
