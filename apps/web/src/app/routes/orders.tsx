/** /orders: the cart screen; guests see 'Please Login' (calculators-account-admin.md §2). */
import { useSession } from '../../features/auth/hooks/use-session';
import { CartScreen } from '../../features/cart/components/cart-screen';
import { useDocumentTitle } from '../../lib/use-document-title';

export default function OrdersRoute() {
  useDocumentTitle('Your Cart');
  const session = useSession();
  return <CartScreen user={session?.user ?? null} />;
}
