/** /userdashboard: the signed-in customer's projects (guests go to /login). */
import { RequireSession } from '../../features/auth/components/require-session';
import { useSession } from '../../features/auth/hooks/use-session';
import { UserDashboard } from '../../features/projects/components/user-dashboard';
import { useDocumentTitle } from '../../lib/use-document-title';

export default function UserDashboardRoute() {
  useDocumentTitle('Your Projects');
  const session = useSession();
  return <RequireSession>{session ? <UserDashboard user={session.user} /> : null}</RequireSession>;
}
