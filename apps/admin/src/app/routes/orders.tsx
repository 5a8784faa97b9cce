/** /admin/orders: Order Management. */
import { OrderList } from '../../features/orders/components/order-list';

export default function OrdersRoute() {
  return <OrderList />;
}
