/** /userdashboard: the signed-in customer's projects and their sales and payments overview (guests go to /login). */
import { RequireSession } from '#features/auth/components/require-session.tsx';
import { useSession } from '#features/auth/hooks/use-session.ts';
import { SalesOverview } from '#features/orders/components/sales-overview.tsx';
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
          <SalesOverview userId={session.user.id} />
        </>
      ) : null}
    </RequireSession>
  );
}
