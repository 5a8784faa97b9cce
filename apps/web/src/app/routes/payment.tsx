/** /payment?order={id}: pay an order by card or PayPal, logged-in customers only. */
import { useSearchParams } from 'react-router-dom';
import { IdParam } from '@bindery/contracts/common';
import { RequireSession } from '#features/auth/components/require-session.tsx';
import { useSession } from '#features/auth/hooks/use-session.ts';
import { PaymentPage } from '#features/checkout/components/payment-page.tsx';
import { useDocumentTitle } from '#lib/use-document-title.ts';

export default function PaymentRoute() {
  useDocumentTitle('Payment');
  const session = useSession();
  const orderId = IdParam.safeParse(useSearchParams()[0].get('order') ?? undefined).data ?? null;
  return (
    <RequireSession>{session ? <PaymentPage user={session.user} orderId={orderId} /> : null}</RequireSession>
  );
}
