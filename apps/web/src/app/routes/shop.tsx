/** /shop (/Shop redirects here: app/router.tsx): shipping for the cart, logged-in customers only. */
import { RequireSession } from '#features/auth/components/require-session.tsx';
import { useSession } from '#features/auth/hooks/use-session.ts';
import { ShopPage } from '#features/checkout/components/shop-page.tsx';
import { useDocumentTitle } from '#lib/use-document-title.ts';

export default function ShopRoute() {
  useDocumentTitle('Shipping');
  const session = useSession();
  return <RequireSession>{session ? <ShopPage user={session.user} /> : null}</RequireSession>;
}
