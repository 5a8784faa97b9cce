/**
 * /orders: the cart screen (docs/spec/calculators-account-admin.md §2) and, below it, the customer's orders (ADR 0030);
 * guests see 'Please Login'.
 */
import { useSession } from '#features/auth/hooks/use-session.ts';
import { CartScreen } from '#features/cart/components/cart-screen.tsx';
import { useMyOrders } from '#features/orders/api/get-my-orders.ts';
import { MyOrders } from '#features/orders/components/my-orders.tsx';
import { useDocumentTitle } from '#lib/use-document-title.ts';

export default function OrdersRoute() {
  useDocumentTitle('Your Cart');
  const session = useSession();
  const user = session?.user ?? null;
  const orders = useMyOrders(user?.id);
  const placed = orders.data?.pages[0]?.total ?? 0;
  return (
    <>
      <CartScreen user={user} ordersPlaced={placed} />
      {user ? <MyOrders userId={user.id} /> : null}
    </>
  );
}
