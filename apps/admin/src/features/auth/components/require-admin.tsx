/**
 * The admin pages need an admin session; without one (or after a logout in any tab) the app shows /login.
 * Display only: every admin API route checks the role on the server.
 */
import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { useSession } from '../hooks/use-session';

export function RequireAdmin({ children }: { children: ReactNode }) {
  const session = useSession();
  if (!session?.user.is_admin) return <Navigate to="/login" replace />;
  return <>{children}</>;
}
