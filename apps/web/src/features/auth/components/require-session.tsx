/**
 * Pages for logged-in customers only: without a session (or after a logout in any tab, or a session that expired)
 * go to /login, which brings the customer back here, query string included (/payment?order=…), after logging in.
 */
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useSession } from '../hooks/use-session';

export function RequireSession({ children }: { children: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  if (!session) return <Navigate to="/login" replace state={{ from: `${location.pathname}${location.search}` }} />;
  return <>{children}</>;
}
