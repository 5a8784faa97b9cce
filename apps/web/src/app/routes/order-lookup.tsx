/** /resources/order-lookup (the header's /resources/orderlookup redirects here): find an order by its number. */
import { useSession } from '#features/auth/hooks/use-session.ts';
import { OrderLookup } from '#features/orders/components/order-lookup.tsx';
import { useDocumentTitle } from '#lib/use-document-title.ts';

export default function OrderLookupRoute() {
  useDocumentTitle('Order Lookup');
  const session = useSession();
  return <OrderLookup userId={session?.user.id ?? null} />;
}
