/** /userdashboard: the signed-in customer's projects and the overview of their orders (guests go to /login). */
import { RequireSession } from '#features/auth/components/require-session.tsx';
import { useSession } from '#features/auth/hooks/use-session.ts';
import { CustomerOverview } from '#features/orders/components/customer-overview.tsx';
import { UserDashboard } from '#features/projects/components/user-dashboard.tsx';
import { useDocumentTitle } from '#lib/use-document-title.ts';

export default function UserDashboardRoute() {
  useDocumentTitle('Your Projects');
  const session = useSession();
  return (
    <RequireSession>
      {session ? (
        <>
          <UserDashboard user={session.user} />
          <CustomerOverview userId={session.user.id} />
        </>
      ) : null}
    </RequireSession>
  );
}
