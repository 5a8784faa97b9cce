/** /orders/:id: one of the customer's orders (guests go to /login and come back). */
import { useParams } from 'react-router-dom';
import { IdParam } from '@bindery/contracts/common';
import { RequireSession } from '#features/auth/components/require-session.tsx';
import { useSession } from '#features/auth/hooks/use-session.ts';
import { OrderPage } from '#features/orders/components/order-page.tsx';

export default function OrderRoute() {
  const { id } = useParams();
  const parsed = IdParam.safeParse(id);
  const session = useSession();
  return (
    <RequireSession>
      {session ? <OrderPage orderId={parsed.success ? parsed.data : null} userId={session.user.id} /> : null}
    </RequireSession>
  );
}
