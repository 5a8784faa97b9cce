/** The admin header's Logout (docs/spec/calculators-account-admin.md §2): ends the session and goes to /login. */
import { useNavigate } from 'react-router-dom';
import { Button } from '@bindery/ui/button';
import { useLogout } from '../api/logout';
import { useSession } from '../hooks/use-session';

export function LogoutButton() {
  const session = useSession();
  const logout = useLogout();
  const navigate = useNavigate();
  if (!session) return null;
  return (
    <>
      <span className="b-muted b-header__who">{session.user.email}</span>
      <Button
        size="sm"
        variant="secondary"
        busy={logout.isPending}
        onClick={() => logout.mutate(undefined, { onSettled: () => void navigate('/login') })}
      >
        Logout
      </Button>
    </>
  );
}
