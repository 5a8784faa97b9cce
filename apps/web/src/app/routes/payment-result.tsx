/**
 * The payment result pages (docs/spec/customer-journey.md §2): /success (also /payment/success) and /cancel (also
 * /payment/cancel). With an order in the URL the page asks the server whether it is paid (PayPal's `token`: the
 * server captures first); the page itself never marks an order paid. Without one it claims no payment.
 */
import { useLocation } from 'react-router-dom';
import { IdParam } from '@bindery/contracts/common';
import { RequireSession } from '#features/auth/components/require-session.tsx';
import { useSession } from '#features/auth/hooks/use-session.ts';
import { NoPaymentToConfirm, PaymentCancelled } from '#features/checkout/components/payment-messages.tsx';
import { CardReturn, PaypalReturn } from '#features/checkout/components/payment-result.tsx';

export default function PaymentResultRoute() {
  const { pathname, search } = useLocation();
  const session = useSession();
  const params = new URLSearchParams(search);
  const orderId = IdParam.safeParse(params.get('order') ?? undefined).data ?? null;
  const token = params.get('token');

  if (pathname.toLowerCase().endsWith('/cancel')) return <PaymentCancelled orderId={orderId} />;
  if (!token && orderId === null) return <NoPaymentToConfirm />;
  return (
    <RequireSession>
      {session && token ? (
        <PaypalReturn
          userId={session.user.id}
          token={token}
          orderId={orderId}
          difference={params.get('purpose') === 'difference'}
        />
      ) : null}
      {session && !token && orderId !== null ? (
        <CardReturn userId={session.user.id} orderId={orderId} />
      ) : null}
    </RequireSession>
  );
}
