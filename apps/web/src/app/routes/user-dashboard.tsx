/** /userdashboard: the signed-in customer's projects and their sales and payments overview (guests go to /login). */
import { RequireSession } from '../../features/auth/components/require-session';
import { useSession } from '../../features/auth/hooks/use-session';
import { SalesOverview } from '../../features/orders/components/sales-overview';
import { UserDashboard } from '../../features/projects/components/user-dashboard';
import { useDocumentTitle } from '../../lib/use-document-title';

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
