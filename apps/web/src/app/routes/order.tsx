/** /orders/:id: one of the customer's orders (guests go to /login and come back). */
import { useParams } from 'react-router-dom';
import { IdParam } from '@bindery/contracts/common';
import { RequireSession } from '#features/auth/components/require-session.tsx';
import { useSession } from '#features/auth/hooks/use-session.ts';
import { PaymentForm } from '#features/checkout/components/payment-form.tsx';
import { OrderPage } from '#features/orders/components/order-page.tsx';

export default function OrderRoute() {
  const { id } = useParams();
  const parsed = IdParam.safeParse(id);
  const session = useSession();
  return (
    <RequireSession>
      {session ? (
        <OrderPage
          orderId={parsed.success ? parsed.data : null}
          userId={session.user.id}
          // A hold's higher difference is paid with the payment page's own form (docs/decisions/0077).
          payDifference={(props) => <PaymentForm {...props} />}
        />
      ) : null}
    </RequireSession>
  );
}
